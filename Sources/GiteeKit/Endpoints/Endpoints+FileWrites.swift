import Foundation

/// Writing files (from the published description, `gitee/spec/`, and GITEE-API.md): create, update and delete one
/// file through `/repos/{owner}/{repo}/contents/{path}`, each a commit on `branch` (the default branch when nil).
extension Endpoints {
    /// `PUT .../contents/{path}` with the base64 `content`, the file's current blob `sha`, `message` and `branch`.
    /// Answers 200 with the new content and the commit.
    public static func updateFile(owner: String, repo: String, path file: String, content: Data, sha: String,
                                  message: String, branch: String?) -> Endpoint<CommitContent> {
        Endpoint(.put, .v5, path: path("repos", owner, repo, "contents") + "/" + filePath(file),
                 form: [QueryItem("content", content.base64EncodedString()), QueryItem("sha", sha),
                        QueryItem("message", message)] + branchField(branch),
                 requiresAuth: true)
    }

    /// `POST .../contents/{path}` with the base64 `content`, `message` and `branch`. Answers 201.
    public static func createFile(owner: String, repo: String, path file: String, content: Data,
                                  message: String, branch: String?) -> Endpoint<CommitContent> {
        Endpoint(.post, .v5, path: path("repos", owner, repo, "contents") + "/" + filePath(file),
                 form: [QueryItem("content", content.base64EncodedString()), QueryItem("message", message)]
                    + branchField(branch),
                 requiresAuth: true)
    }

    /// `DELETE .../contents/{path}` with `sha`, `message` and `branch` in the query (the description puts them
    /// there). Answers 200.
    public static func deleteFile(owner: String, repo: String, path file: String, sha: String,
                                  message: String, branch: String?) -> Endpoint<CommitContent> {
        Endpoint(.delete, .v5, path: path("repos", owner, repo, "contents") + "/" + filePath(file),
                 query: [QueryItem("sha", sha), QueryItem("message", message)] + branchField(branch),
                 requiresAuth: true)
    }

    private static func branchField(_ branch: String?) -> [QueryItem] {
        guard let branch, !branch.isEmpty else { return [] }
        return [QueryItem("branch", branch)]
    }
}

/// The answer to a file write (`CommitContent`): the file as it now is (absent after a delete) and the commit.
public struct CommitContent: Sendable, Hashable, Decodable {
    public var content: Content?
    public var commitSHA: String?
    public var message: String?

    enum CodingKeys: String, CodingKey { case content, commit }
    enum CommitKeys: String, CodingKey { case sha, message }

    /// What a check read in place of a lost answer (MayunCore's `FileWriteCheck`): the file as it is now.
    public init(content: Content?, commitSHA: String? = nil, message: String? = nil) {
        self.content = content
        self.commitSHA = commitSHA
        self.message = message
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        content = c.optional(.content)
        let commit = try? c.nestedContainer(keyedBy: CommitKeys.self, forKey: .commit)
        commitSHA = commit?.text(.sha)
        message = commit?.text(.message)
    }
}
