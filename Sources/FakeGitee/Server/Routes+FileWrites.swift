import Foundation

/// Writing files through the contents API, as strict as the site. Shapes from the published description
/// (`gitee/spec/`: `POST` (content, message required), `PUT` (content, sha, message required) and `DELETE` (sha,
/// message required, in the query) on `/repos/{owner}/{repo}/contents/{path}`, answering `CommitContent`), the answer
/// from `samples/content_update.json`, and GITEE-API.md. Rules the description does not state are taken from the git
/// contents API Gitee copies (GitHub's): a stale `sha` is refused with 409 and "does not match", a missing file
/// for PUT/DELETE is 404, creating over an existing file is refused. See docs/FAKE-GITEE.md.
extension FakeGiteeServer {
    /// The largest file the contents API takes here (decoded bytes). Gitee's own limit is not published; this one is
    /// low enough to be at least as strict.
    public static let maxWrittenFileSize = 10 * 1024 * 1024
    /// The largest request body any API route takes (a 10 MB file as form-encoded base64 is about 14.2 MB); more is
    /// `413` before routing, as the nginx in front of the site answers.
    nonisolated public static let maxRequestBodySize = 16 * 1024 * 1024

    func registerFileWriteRoutes() {
        router.add("PUT", "/api/v5/repos/:owner/:repo/contents/*path") { [unowned self] request, parameters in
            writeFile(request, parameters, mode: .update)
        }
        router.add("POST", "/api/v5/repos/:owner/:repo/contents/*path") { [unowned self] request, parameters in
            writeFile(request, parameters, mode: .create)
        }
        router.add("DELETE", "/api/v5/repos/:owner/:repo/contents/*path") { [unowned self] request, parameters in
            writeFile(request, parameters, mode: .delete)
        }
    }

    private enum FileWrite { case create, update, delete }

    private func writeFile(_ request: FakeRequest, _ parameters: [String: String], mode: FileWrite) -> FakeResponse {
        guard let viewer = request.viewer else { return Self.loginRequired }
        guard let project = project(parameters) else { return Self.projectNotFound }
        // Push rights: here the owner, whom `permission` calls push/admin.
        guard viewer.id == project.ownerID else { return .error(403, "403 Forbidden: 没有权限 (no push access to this repository)") }
        let path = (parameters["path"] ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard !path.isEmpty, !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
            return .error(400, "path is not valid")
        }
        // A write names a branch (not a commit); none means the default branch.
        let branch: String
        if let named = request.field("branch"), !named.isEmpty {
            guard project.branches.contains(named) else { return .error(404, "404 Branch Not Found: \(named)") }
            branch = named
        } else {
            guard let defaultBranch = project.defaultBranch else { return .error(404, "404 Branch Not Found") }
            branch = defaultBranch
        }
        guard let message = request.field("message"), !message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return .error(400, "message is missing")
        }
        let existing = state.content(of: project, branch: branch).file(at: path)
        var data: Data?
        if mode != .delete {
            guard let encoded = request.field("content") else { return .error(400, "content is missing") }
            guard let decoded = Data(base64Encoded: encoded) else { return .error(400, "content is not valid base64") }
            guard decoded.count <= Self.maxWrittenFileSize else {
                return .error(400, "file is too large (over \(Self.maxWrittenFileSize / 1024 / 1024) MB)")
            }
            data = decoded
        }
        switch mode {
        case .create:
            guard existing == nil else { return .error(400, "\(path) already exists") }
            guard !state.content(of: project, branch: branch).folders.contains(path) else { return .error(400, "\(path) is a folder") }
        case .update, .delete:
            guard let sha = request.field("sha"), !sha.isEmpty else { return .error(400, "sha is missing") }
            guard let existing else { return .notFound("File Not Found") }
            guard existing.sha == sha else { return .error(409, "\(path) does not match \(sha)") }
        }
        state.writeFile(data, path: path, project: project, branch: branch)
        let written = state.content(of: project, branch: branch).file(at: path)
        let commitSHA = fakeSHA(UInt64(project.id), stableHash(branch), stableHash(path), UInt64(state.fileWrites.count),
                                stableHash(message), stableHash(written?.sha ?? "deleted"))
        // Kept as a commit of the branch, so a compare and a pull request from it show the change.
        state.recordCommit(sha: commitSHA, message: message, authorID: viewer.id, project: project, branch: branch,
                           path: path, old: existing?.body(), new: data)
        let content: JSON = written.map { renderer.contentEntry($0, project: project, branch: branch, withContent: false) } ?? .null
        let commit: JSON = .object([
            ("sha", .string(commitSHA)),
            ("author", .object([("name", .string(viewer.login)), ("email", .string("\(viewer.login)@gitee.com"))])),
            ("committer", .object([("name", .string("Gitee")), ("email", .string("noreply@gitee.com"))])),
            ("message", .string(message)),
        ])
        return .json(.object([("content", content), ("commit", commit)]), status: mode == .create ? 201 : 200)
    }
}
