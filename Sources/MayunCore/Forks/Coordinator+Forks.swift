import GiteeKit

extension Coordinator {
    /// A project page with Fork, "Forked from" and (on a fork) "New Pull Request" into the source.
    func withFork(_ page: ProjectViewModel) -> ProjectViewModel {
        page.fork = ForkViewModel(repo: page.repo, client: services.client, session: services.session, navigator: self)
        return page
    }

    /// The pull request list with "New Pull Request" for members (the project's `permission`) and for people who
    /// have a fork of it; filters remembered per project.
    func withNewPullRequest(_ list: PullRequestsViewModel) -> PullRequestsViewModel {
        let session = services.session, project = services.cached.project(list.repo), client = services.client
        let repo = list.repo
        list.filterStore = PullRequestFilterStore(directory: services.drafts.directory)
        list.prefetcher = prefetcher
        list.session = session
        // State and sort at once (the first page asked is already the remembered one); "mine" once the login is known.
        list.restoreFilters()
        Task { [weak list] in
            await session.start()
            guard session.isLoggedIn, let login = session.user?.login else { return }
            list?.restoreFilters()
            if let permission = try? await project.fetch().permission, permission.push || permission.admin {
                list?.canCreate = true
                return
            }
            if await ForkViewModel.existingFork(of: repo, in: login, client: client) != nil { list?.canCreate = true }
        }
        return list
    }

    func makeNewPullRequest(_ target: RepositoryID, head: RepositoryID?, branch: String?) -> NewPullRequestViewModel {
        let form = NewPullRequestViewModel(target: target, head: head, branch: branch, client: services.client,
                                           session: services.session, drafts: services.drafts, markdown: markdown,
                                           navigator: self)
        form.onCreated = { [weak self] pull in self?.pullRequestOpened(pull, in: target) }
        form.outbox = services.outbox
        form.queued = { [weak self, weak form] _, formIsOpen in
            // Like a new issue (`issueQueued`): a toast says it waits, and the form, still on top, goes.
            self?.showToast(tr("Gitee cannot be reached: the new pull request waits, and is sent when it answers."))
            guard formIsOpen, let self, let form, self.top?.model === form else { return }
            self.pop()
        }
        return form
    }

    /// A new pull request: the open lists of its project below show it at the top.
    func pullRequestOpened(_ pull: PullRequest, in repo: RepositoryID) {
        for screen in stack {
            if case .pullRequests(let list) = screen.content, list.repo == repo { list.pullRequestOpened(pull) }
        }
    }
}
