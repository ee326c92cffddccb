import Foundation

extension FakeGiteeServer {
    func registerRepositoryRoutes() {
        router.add("GET", "/api/v5/repos/:owner/:repo") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            return .json(renderer.project(project, viewerID: request.viewer?.id))
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/branches") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            let renderer = self.renderer
            // Strict: paged like the spec says (20 by default), so a client that asks once misses branches.
            let (slice, headers) = strict ? Paging.numbered(project.branches, request) : (project.branches, [])
            return .json(.array(slice.map { branch in
                renderer.branch(branch, project: project, head: state.commits(of: project, branch: branch).first)
            }), headers: headers)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/branches/*branch") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let branch = parameters["branch"], project.branches.contains(branch) else { return .notFound("Branch Not Found") }
            return .json(renderer.branch(branch, project: project, head: state.commits(of: project, branch: branch).first, detailed: true))
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/commits") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            if project.isEmpty { return .error(409, "Git Repository is empty.") }
            guard let branch = branch(for: request.query["sha"], in: project) else { return .notFound("Commit Not Found") }
            var commits = state.commits(of: project, branch: branch)
            if let sha = request.query["sha"], sha.count >= 7, let start = commits.firstIndex(where: { $0.sha.hasPrefix(sha) }) {
                commits = Array(commits[start...])
            }
            let (slice, headers) = Paging.numbered(commits, request)
            let renderer = self.renderer
            return .json(.array(slice.map { renderer.commit($0, project: project, detailed: false) }), headers: headers)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/commits/:sha") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            let sha = parameters["sha"] ?? ""
            for branch in project.branches {
                let commits = state.commits(of: project, branch: branch)
                if let commit = commits.first(where: { $0.sha == sha }) ?? (branch == sha ? commits.first : nil) {
                    let detail = renderer.commit(commit, project: project, detailed: true)
                    return .json(hostileCommitFiles.map { Self.vendoring(detail, files: $0) } ?? detail)
                }
            }
            return .notFound("Commit Not Found")
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/events") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            let events = Activity.repositoryEvents(project: project, world: world)
            // Strict: `prev_id`/`limit` only, as the spec says (`page` is ignored).
            let (slice, headers) = strict ? Paging.afterID(events, id: \.id, request, strict: true) : Paging.numbered(events, request)
            let renderer = self.renderer
            return .json(.array(slice.map { renderer.event($0) }), headers: headers)
        }
        registerStarAndWatchRoutes()
    }

    private func registerStarAndWatchRoutes() {
        for (segment, isStar) in [("starred", true), ("subscriptions", false)] {
            let path = "/api/v5/user/\(segment)/:owner/:repo"
            router.add("GET", path) { [unowned self] request, parameters in
                guard let viewer = request.viewer else { return .error(401, "401 Unauthorized: Access token does not exist") }
                guard let project = project(parameters) else { return Self.projectNotFound }
                let on = isStar ? state.isStarred(project, by: viewer.id) : state.isWatched(project, by: viewer.id)
                return on ? .noContent : .notFound()
            }
            router.add("PUT", path) { [unowned self] request, parameters in
                guard let viewer = request.viewer else { return .error(401, "401 Unauthorized: Access token does not exist") }
                guard let project = project(parameters) else { return Self.projectNotFound }
                if isStar {
                    state.setStarred(true, project: project, userID: viewer.id)
                } else {
                    guard let kind = request.field("watch_type"), ["watching", "releases_only", "ignoring"].contains(kind) else {
                        return .error(400, "watch_type is missing")
                    }
                    state.setWatched(kind != "ignoring", project: project, userID: viewer.id)
                }
                return .noContent
            }
            router.add("DELETE", path) { [unowned self] request, parameters in
                guard let viewer = request.viewer else { return .error(401, "401 Unauthorized: Access token does not exist") }
                guard let project = project(parameters) else { return Self.projectNotFound }
                if isStar { state.setStarred(false, project: project, userID: viewer.id) }
                else { state.setWatched(false, project: project, userID: viewer.id) }
                return .noContent
            }
        }
    }

    func registerContentRoutes() {
        router.add("GET", "/api/v5/repos/:owner/:repo/readme") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let branch = branch(for: request.query["ref"], in: project),
                  let file = hostileReadmeFile ?? state.content(of: project, branch: branch).file(at: "README.md")
            else { return .notFound("Readme Not Found") }
            return .json(renderer.contentEntry(file, project: project, branch: branch, withContent: true))
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/contents/*path") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            // Gitee answers a missing path (and an unknown ref) with an empty list, not 404.
            guard let branch = branch(for: request.query["ref"], in: project) else { return .json(.array([])) }
            let content = state.content(of: project, branch: branch)
            let path = (parameters["path"] ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let renderer = self.renderer
            if let file = content.file(at: path) {
                return .json(renderer.contentEntry(file, project: project, branch: branch, withContent: true))
            }
            guard content.folders.contains(path) else { return .json(.array([])) }
            let (folders, files) = content.children(of: path)
            return .json(.array(folders.map { renderer.folderEntry($0, project: project, branch: branch) }
                + files.map { renderer.contentEntry($0, project: project, branch: branch, withContent: false) }))
        }
        // Branch names may contain "/" and SoupServer hands paths over decoded, so routes that take a branch
        // capture the rest of the path (`*sha`, `*branch`).
        router.add("GET", "/api/v5/repos/:owner/:repo/git/trees/*sha") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            let sha = parameters["sha"] ?? ""
            let recursive = ["1", "true"].contains(request.query["recursive"] ?? "")
            for branch in project.branches {
                let content = state.content(of: project, branch: branch)
                if branch == sha || state.commits(of: project, branch: branch).contains(where: { $0.sha == sha }) {
                    return .json(renderer.tree(content, project: project, branch: branch, folder: "", recursive: recursive))
                }
                if let folder = content.folders.first(where: { renderer.treeSHA(project: project, branch: branch, folder: $0) == sha }) {
                    return .json(renderer.tree(content, project: project, branch: branch, folder: folder, recursive: recursive))
                }
            }
            return .notFound("Tree Not Found")
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/git/blobs/:sha") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            let sha = parameters["sha"] ?? ""
            for branch in project.branches {
                if let file = state.content(of: project, branch: branch).files.first(where: { $0.sha == sha }) {
                    return .json(.object([("sha", .string(sha)), ("size", .int(file.size)),
                                          ("url", .string("\(renderer.api)/repos/\(world.fullName(of: project))/git/blobs/\(sha)")),
                                          ("content", .string(file.body().base64EncodedString())), ("encoding", .string("base64"))]))
                }
            }
            return .notFound("Blob Not Found")
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/raw/*path") { [unowned self] request, parameters in
            raw(parameters, ref: request.query["ref"], path: parameters["path"] ?? "")
        }
        // The website's raw links (`download_url`), e.g. `/owner/repo/raw/master/docs/images/logo.png`.
        router.add("GET", "/:owner/:repo/raw/:ref/*path") { [unowned self] _, parameters in
            raw(parameters, ref: parameters["ref"], path: parameters["path"] ?? "")
        }
    }

    private func raw(_ parameters: [String: String], ref: String?, path: String) -> FakeResponse {
        guard let project = project(parameters) else { return Self.projectNotFound }
        guard let branch = branch(for: ref, in: project),
              let file = state.content(of: project, branch: branch).file(at: path) else { return .notFound("File Not Found") }
        return .bytes(file.body(), type: Self.mimeType(path))
    }

    static func mimeType(_ path: String) -> String {
        switch path.split(separator: ".").last.map({ $0.lowercased() }) ?? "" {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        case "bin": return "application/octet-stream"
        case "json": return "application/json"
        default: return "text/plain; charset=utf-8"
        }
    }
}
