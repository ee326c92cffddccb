import Foundation

/// `POST /__fake/hostile-commit?files=N` (or `files=0` to go back): every commit's detail
/// (`GET /repos/{o}/{r}/commits/{sha}`, for a sha that exists, as always) lists N vendored files, each with a small
/// patch, like a commit that checks in a dependency tree (issue 22 item 6: 20,000 files froze the commit page).
/// GITEE-API.md lists `/commits/{sha}` "with files and patches" and the spec has no paging parameter for it, so
/// the whole list comes in one answer.
extension FakeGiteeServer {
    /// Most files a hostile commit may list (the answer is about 250 bytes a file).
    static let hostileCommitMaxFiles = 50_000

    func registerHostileCommitRoutes() {
        router.add("POST", "/__fake/hostile-commit") { [unowned self] request, _ in
            guard let files = Int(request.field("files") ?? ""), (0...Self.hostileCommitMaxFiles).contains(files) else {
                return .error(422, "files must be 0...\(Self.hostileCommitMaxFiles)")
            }
            hostileCommitFiles = files == 0 ? nil : files
            return .json(.object([("hostile_commit_files", .int(files))]))
        }
    }

    /// A commit's detail with its files replaced by `count` vendored ones (and its stats to match).
    static func vendoring(_ detail: JSON, files count: Int) -> JSON {
        guard case .object(let members) = detail else { return detail }
        let files = JSON.array((0..<count).map { index in
            let path = "vendor/dep\(index / 100)/src/file\(index).c"
            return .object([("sha", .string(String(format: "%040x", index))), ("filename", .string(path)),
                            ("status", .string("added")), ("additions", .int(2)), ("deletions", .int(0)),
                            ("changes", .int(2)),
                            ("patch", .string("@@ -0,0 +1,2 @@\n+/* vendored file \(index) */\n+int dep\(index)(void);\n"))])
        })
        let stats = JSON.object([("additions", .int(2 * count)), ("deletions", .int(0)), ("total", .int(2 * count))])
        return .object(members.map { key, value in
            switch key {
            case "files": (key, files)
            case "stats": (key, stats)
            default: (key, value)
            }
        })
    }
}
