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

/// Comments on pull requests (`body` required; a comment on a line of the diff adds `path`, `position` and
/// `commit_id`).
extension Endpoints {
    /// Where a line comment sits: the file, the line's position in that file's diff, and the commit it was made on.
    public struct DiffPosition: Sendable, Hashable {
        public var path: String
        public var position: Int
        public var commitID: String
        public init(path: String, position: Int, commitID: String) {
            self.path = path
            self.position = position
            self.commitID = commitID
        }
    }

    /// `POST /repos/{owner}/{repo}/pulls/{number}/comments`. Answers 201 with the comment.
    public static func commentOnPullRequest(owner: String, repo: String, number: Int, body: String,
                                            at line: DiffPosition? = nil) -> Endpoint<PullRequestComment> {
        var form = [QueryItem("body", body)]
        if let line {
            form += [QueryItem("path", line.path), QueryItem("position", String(line.position))]
            // The spec marks `commit_id` optional; an unknown head is left out rather than sent empty.
            if !line.commitID.isEmpty { form.append(QueryItem("commit_id", line.commitID)) }
        }
        return Endpoint(.post, .v5, path: path("repos", owner, repo, "pulls", String(number), "comments"),
                        form: form, requiresAuth: true)
    }
}
