/// Writes on pull requests (from the published description, `gitee/spec/`): merging, closing and reopening.
extension Endpoints {
    /// The merge call's `merge_method` (the spec's enum; `merge` is its default).
    public enum MergeMethod: String, Sendable, CaseIterable { case merge, squash, rebase }

    /// The states the update call accepts for a pull request (`merged` comes only from a merge).
    public enum SettablePullRequestState: String, Sendable, CaseIterable { case open, closed }

    /// `PUT /repos/{owner}/{repo}/pulls/{number}/merge` with `merge_method`, and the merge commit's `title` and
    /// `description` when given (the site fills both in otherwise). The spec describes a 200 with no schema: the
    /// answer is not read; the pull request is read again.
    public static func mergePullRequest(owner: String, repo: String, number: Int, method: MergeMethod,
                                        title: String?, description: String?) -> Endpoint<NoContent> {
        var form = [QueryItem("merge_method", method.rawValue)]
        if let title, !title.isEmpty { form.append(QueryItem("title", title)) }
        if let description, !description.isEmpty { form.append(QueryItem("description", description)) }
        return Endpoint(.put, .v5, path: path("repos", owner, repo, "pulls", String(number), "merge"),
                        form: form, requiresAuth: true)
    }

    /// `PATCH /repos/{owner}/{repo}/pulls/{number}` with `state`. Answers 200 with the pull request.
    public static func setPullRequestState(owner: String, repo: String, number: Int,
                                           to state: SettablePullRequestState) -> Endpoint<PullRequest> {
        Endpoint(.patch, .v5, path: path("repos", owner, repo, "pulls", String(number)),
                 form: [QueryItem("state", state.rawValue)], requiresAuth: true)
    }
}
