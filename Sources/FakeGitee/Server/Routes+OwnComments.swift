/// What the site checks before a comment is edited or deleted, on issues and pull requests alike: a login (401), the
/// project and the comment (404), and that the comment is the viewer's own (403).
extension FakeGiteeServer {
    /// The two changes a comment's author may make; the raw value is the verb of the site's 403.
    enum CommentChange: String { case edit = "编辑", delete = "删除" }

    /// The viewer's own comment `id` of `project`, on `thread` (an issue or a pull request).
    struct OwnComment<Thread> {
        let id: Int
        let thread: Thread
        let project: FakeProject
    }

    /// `change`'s answer: `act` on the route's comment (`:id` of `:owner/:repo`) when the viewer may make the change,
    /// else the site's refusal.
    func withOwnComment<Thread>(_ request: FakeRequest, _ parameters: [String: String], to change: CommentChange,
                                lookUp: (Int, FakeProject) -> (comment: FakeComment, Thread)?,
                                _ act: (OwnComment<Thread>) -> FakeResponse) -> FakeResponse {
        guard let viewer = request.viewer else { return Self.loginRequired }
        guard let project = project(parameters) else { return Self.projectNotFound }
        guard let id = parameters["id"].flatMap(Int.init), let found = lookUp(id, project) else {
            return .notFound("Comment Not Found")
        }
        guard found.comment.authorID == viewer.id else {
            return .error(403, "403 Forbidden: 只能\(change.rawValue)自己的评论 (not your comment)")
        }
        return act(OwnComment(id: id, thread: found.1, project: project))
    }
}
