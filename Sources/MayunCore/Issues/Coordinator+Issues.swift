import GiteeKit

extension Coordinator {
    /// After the server confirmed a new issue: a toast, the issue at the top of open lists, and its page instead of
    /// the form.
    public func issueCreated(_ issue: Issue, in repo: RepositoryID) {
        for screen in stack {
            if case .issues(let list) = screen.content, list.repo == repo { list.insertCreated(issue) }
        }
        showToast(String(format: tr("Issue #%@ created"), issue.number))
        let page = IssueViewModel(repo: repo, number: issue.number, client: services.client, markdown: markdown,
                                  navigator: self,
                                  preloaded: issue)
        replace(with: .issue(repo, number: issue.number), content: .issue(page))
    }
}
