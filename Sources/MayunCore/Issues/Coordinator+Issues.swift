import GiteeKit

extension Coordinator {
    /// After the server confirmed a new issue: a toast, the issue at the top of open lists, and its page instead of
    /// the form.
    /// A new issue exists: the lists show it, a toast says so, and the form's page becomes the issue's, only when the
    /// form is still there (after Back, the page now on top is another and stays).
    public func issueCreated(_ issue: Issue, in repo: RepositoryID, replacingTheForm formIsOpen: Bool = true) {
        for screen in stack {
            if case .issues(let list) = screen.content, list.repo == repo { list.insertCreated(issue) }
        }
        showToast(String(format: tr("Issue #%@ created"), issue.number))
        // Only the form itself is replaced: after Back, or under a page opened over it, the page on top stays.
        guard formIsOpen, stack.last?.route == .createIssue(repo) else { return }
        replace(with: .issue(repo, number: issue.number), content: .issue(makeIssuePage(repo, number: issue.number,
                                                                                       preloaded: issue)))
    }

    /// The New Issue form: what it creates goes to `issueCreated`; what cannot reach the server waits in the outbox.
    func makeNewIssueForm(_ repo: RepositoryID) -> CreateIssueViewModel {
        let form = CreateIssueViewModel(repo: repo, drafts: services.drafts, client: services.client, markdown: markdown,
                                        navigator: self, project: services.cached.project(repo),
                                        session: services.session,
                                        created: { [weak self] issue, repo, pageIsOpen in
                                            self?.issueCreated(issue, in: repo, replacingTheForm: pageIsOpen)
                                        })
        form.outbox = services.outbox
        form.queued = { [weak self] repo, pageIsOpen in self?.issueQueued(in: repo, closingTheForm: pageIsOpen) }
        return form
    }

    /// A new issue waits in the outbox (the server could not be reached): a toast says so, and the form, still on top,
    /// goes (its text is in the outbox now; the Mine page lists it, and its Cancel puts it back in the draft).
    func issueQueued(in repo: RepositoryID, closingTheForm formIsOpen: Bool) {
        showToast(tr("Gitee cannot be reached: the new issue waits, and is sent when it answers."))
        guard formIsOpen, stack.last?.route == .createIssue(repo) else { return }
        pop()
    }

    /// An issue's page, with what taking part needs: the project (for its `permission`), the session, the drafts.
    func makeIssuePage(_ repo: RepositoryID, number: String, preloaded: Issue? = nil) -> IssueViewModel {
        let page = IssueViewModel(repo: repo, number: number, client: services.client, markdown: markdown,
                                  navigator: self, preloaded: preloaded,
                                  project: services.cached.projectForPermission(repo),
                                  session: services.session, drafts: services.drafts,
                                  collaborators: services.collaborators, offline: services.cached)
        keepingSaved(page, as: services.cached.issue(repo, number: number)) { $0.issueChanged($1, in: repo) }
        page.useOutbox(services.outbox)
        return page
    }

    /// A project page with the account's outbox: its Star and Watch wait there when the server cannot be reached.
    func withOutbox(_ page: ProjectViewModel) -> ProjectViewModel {
        page.useOutbox(services.outbox)
        return page
    }

    /// An outbox attached after pages were made (a first login in services that had no account): the issue, pull
    /// request and project pages already open take it, so what they send while the server cannot be reached waits
    /// instead of failing.
    func openPagesTake(_ outbox: Outbox) {
        for screen in stack {
            switch screen.content {
            case .issue(let page) where page.outbox == nil: page.useOutbox(outbox)
            case .pullRequest(let page) where !page.usesOutbox: page.useOutbox(outbox)
            case .project(let page) where page.outbox == nil: page.useOutbox(outbox)
            default: break
            }
        }
    }

    /// The server confirmed a change to an issue (its state): the issue lists below show it, or let it go when it no
    /// longer matches their filter (a closed issue leaves Unfinished).
    func issueChanged(_ issue: Issue, in repo: RepositoryID) {
        for screen in stack {
            if case .issues(let list) = screen.content, list.repo == repo { list.issueChanged(issue) }
        }
    }
}
