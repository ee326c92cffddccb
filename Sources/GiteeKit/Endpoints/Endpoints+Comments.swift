/// Whose comment: an issue's or a pull request's. One comment's calls (edit, read, delete) differ between the two only
/// in the path's word and the comment's type, so they are written once, for either kind.
public struct CommentKind<Item: Decodable & Sendable>: Sendable {
    /// The path's word: `issues` or `pulls`.
    let word: String
}

extension CommentKind where Item == Comment {
    public static var issue: Self { Self(word: "issues") }
}

extension CommentKind where Item == PullRequestComment {
    public static var pullRequest: Self { Self(word: "pulls") }
}

extension Endpoints {
    /// `PATCH /repos/{owner}/{repo}/{issues|pulls}/comments/{id}` (`body` required). Answers 200 with the comment.
    public static func editComment<Item>(_ kind: CommentKind<Item>, owner: String, repo: String, id: Int,
                                         body: String) -> Endpoint<Item> {
        Endpoint(.patch, .v5, path: path("repos", owner, repo, kind.word, "comments", "\(id)"),
                 form: [QueryItem("body", body)], requiresAuth: true)
    }

    /// `GET /repos/{owner}/{repo}/{issues|pulls}/comments/{id}`: nil when it is gone (404). The check of an edit or a
    /// deletion whose answer was lost (docs/WRITES.md).
    public static func comment<Item>(_ kind: CommentKind<Item>, owner: String, repo: String, id: Int) -> Endpoint<Item?> {
        Endpoint<Item?>(.get, .v5, path: path("repos", owner, repo, kind.word, "comments", "\(id)"),
                        valueWhenNotFound: .some(nil))
    }

    /// `DELETE /repos/{owner}/{repo}/{issues|pulls}/comments/{id}`. Answers 204.
    public static func deleteComment<Item>(_ kind: CommentKind<Item>, owner: String, repo: String,
                                           id: Int) -> Endpoint<NoContent> {
        Endpoint(.delete, .v5, path: path("repos", owner, repo, kind.word, "comments", "\(id)"), requiresAuth: true)
    }
}
