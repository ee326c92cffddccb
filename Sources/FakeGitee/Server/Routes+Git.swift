import Foundation

/// Git's smart HTTP (`/{owner}/{repo}.git/info/refs?service=git-upload-pack`, `POST .../git-upload-pack`), answered
/// by Debian's `git http-backend` (a CGI) over a real bare repository made, on first use, from the project's default
/// branch as FakeGitee serves it (one commit with fixed author and dates, so every run has the same hash). Clone
/// only: pushing (`git-receive-pack`) is refused as for a stranger. Private projects answer 404 to all (git sends no
/// token here).
extension FakeGiteeServer {
    func registerGitRoutes() {
        router.add("GET", "/:owner/:repo/info/refs") { [unowned self] request, parameters in
            guard request.query["service"] == "git-upload-pack" else { return .error(403, "Forbidden") }
            return gitBackend(request, parameters, path: "info/refs")
        }
        router.add("POST", "/:owner/:repo/git-upload-pack") { [unowned self] request, parameters in
            gitBackend(request, parameters, path: "git-upload-pack")
        }
    }

    private func gitBackend(_ request: FakeRequest, _ parameters: [String: String], path: String) -> FakeResponse {
        let name = parameters["repo"] ?? ""
        guard name.hasSuffix(".git"),
              let project = world.project(owner: parameters["owner"] ?? "", repo: String(name.dropLast(4))),
              !project.isPrivate, !project.isEmpty,
              let root = GitRepositories.bare(for: project, owner: world.owner(of: project).login, state: state)
        else { return .notFound("Repository Not Found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["http-backend"]
        process.environment = [
            "GIT_PROJECT_ROOT": root.deletingLastPathComponent().path, "GIT_HTTP_EXPORT_ALL": "1",
            "PATH_INFO": "/\(root.lastPathComponent)/\(path)", "REQUEST_METHOD": request.method,
            "QUERY_STRING": request.query.map { "\($0.key)=\($0.value)" }.joined(separator: "&"),
            "CONTENT_TYPE": request.headers["content-type"] ?? "", "CONTENT_LENGTH": String(request.body.count),
            "HTTP_CONTENT_ENCODING": request.headers["content-encoding"] ?? "",
            "GIT_PROTOCOL": request.headers["git-protocol"] ?? "", "REMOTE_ADDR": "127.0.0.1",
        ]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .error(500, "git http-backend did not start") }
        input.fileHandleForWriting.write(request.body)
        try? input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Self.cgiResponse(answer)
    }

    /// A CGI answer: header lines (`Status:` among them), a blank line, the body.
    static func cgiResponse(_ data: Data) -> FakeResponse {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) ?? data.range(of: Data("\n\n".utf8)) else {
            return .error(500, "git http-backend answered nothing")
        }
        var status = 200, type = "application/octet-stream", headers: [(String, String)] = []
        for line in String(decoding: data[..<split.lowerBound], as: UTF8.self).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0].lowercased() {
            case "status": status = Int(parts[1].prefix(3)) ?? 500
            case "content-type": type = parts[1]
            default: headers.append((parts[0], parts[1]))
            }
        }
        return FakeResponse(status: status, contentType: type, headers: headers, body: Data(data[split.upperBound...]))
    }
}

/// The bare repositories behind the smart HTTP routes, made once per project under the temporary folder.
@MainActor
enum GitRepositories {
    private static var made: [Int: URL] = [:]
    private static let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("fake-gitee-git-\(ProcessInfo.processInfo.processIdentifier)")

    static func bare(for project: FakeProject, owner: String, state: WorldState) -> URL? {
        if let url = made[project.id] { return url }
        guard let branch = project.defaultBranch else { return nil }
        let work = root.appendingPathComponent("work-\(project.id)")
        let bare = root.appendingPathComponent("\(project.id).git")
        try? FileManager.default.removeItem(at: work)
        try? FileManager.default.removeItem(at: bare)
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            // The big generated files stay out: a clone test wants a checkout, not 22 MB.
            for file in state.content(of: project, branch: branch).files where file.size < 1_000_000 {
                let url = work.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.body().write(to: url)
            }
        } catch { return nil }
        let date = "2026-11-01T12:00:00+08:00"
        let environment = ["GIT_AUTHOR_NAME": owner, "GIT_AUTHOR_EMAIL": "\(owner)@fake-gitee.test",
                           "GIT_COMMITTER_NAME": owner, "GIT_COMMITTER_EMAIL": "\(owner)@fake-gitee.test",
                           "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "HOME": root.path]
        for arguments in [["init", "-q", "-b", branch], ["add", "-A"], ["commit", "-q", "-m", "Import \(project.name)"],
                          ["clone", "-q", "--bare", work.path, bare.path]] {
            guard run(arguments, in: work, environment: environment) else { return nil }
        }
        made[project.id] = bare
        return bare
    }

    private static func run(_ arguments: [String], in folder: URL, environment: [String: String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
