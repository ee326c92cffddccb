import GiteeKit

extension Coordinator {
    /// A pull request's page, with what acting on it needs: the project (for its `permission`), the session, the drafts.
    func makePullRequestPage(_ repo: RepositoryID, number: Int, opensFiles: Bool = false) -> PullRequestViewModel {
        let page = PullRequestViewModel(repo: repo, number: number, opensFiles: opensFiles, client: services.client,
                                        markdown: markdown,
                                        navigator: self, project: services.cached.projectForPermission(repo),
                                        session: services.session,
                                        drafts: services.drafts, collaborators: services.collaborators,
                                        offline: services.cached)
        let saved = services.cached.pullRequest(repo, number: number)
        keepingSaved(page, as: saved) { $0.pullRequestChanged($1, in: repo) }
        page.useOutbox(services.outbox)
        return page
    }

    /// The server confirmed a merge, close or reopen: the pull request lists below show it.
    func pullRequestChanged(_ pull: PullRequest, in repo: RepositoryID) {
        for screen in stack {
            if case .pullRequests(let list) = screen.content, list.repo == repo { list.pullRequestChanged(pull) }
        }
    }
}
