import Foundation

/// Releases (`../shared/gitee/spec`: `GET /v5/repos/:owner/:repo/releases`, `.../releases/tags/:tag`) and their
/// attached files, through the API (`.../releases/:release_id/attach_files[/:attach_file_id[/download]]`, with the
/// token) and at the website's address (`/{owner}/{repo}/releases/download/{tag}/{name}`, what
/// `browser_download_url` names). Private projects are hidden before these run (`hiddenRepository`), and their files'
/// website addresses answer the login page there.
extension FakeGiteeServer {
    func registerReleaseRoutes() {
        router.add("GET", "/api/v5/repos/:owner/:repo/releases") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            var releases = Releases.of(project, world: world)
            // No published default order; a client that wants newest first must say `direction=desc` (clients of
            // Gitee releases do), so without it FakeGitee answers oldest first.
            if request.query["direction"] != "desc" { releases.reverse() }
            let (slice, headers) = Paging.numbered(releases, request)
            let renderer = renderer
            return .json(.array(slice.map { renderer.release($0, project: project) }), headers: headers)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/releases/tags/*tag") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let release = Releases.of(project, world: world).first(where: { $0.tag == parameters["tag"] }) else {
                return .notFound("Release Not Found")
            }
            return .json(renderer.release(release, project: project))
        }
        for (segment, type) in [("zipball", "application/zip"), ("tarball", "application/gzip")] {
            router.add("GET", "/api/v5/repos/:owner/:repo/\(segment)") { [unowned self] request, parameters in
                guard let project = project(parameters) else { return Self.projectNotFound }
                let ref = request.query["ref"] ?? project.defaultBranch ?? ""
                let isTag = Releases.of(project, world: world).contains { $0.tag == ref }
                guard isTag || project.branches.contains(ref) else { return .notFound("Not Found") }
                let size = 50_000 + Int(stableHash(ref) % 50_000)
                let asset = FakeAsset(id: project.id &* 7 &+ Int(stableHash(segment + ref) % 1_000_000), name: ref, size: size)
                return .bytes(Releases.bytes(of: asset), type: type)
            }
        }
        registerAttachFileRoutes()
        router.add("GET", "/:owner/:repo/releases/download/:tag/:name") { [unowned self] _, parameters in
            guard let project = project(parameters),
                  let release = Releases.of(project, world: world).first(where: { $0.tag == parameters["tag"] }),
                  let asset = release.assets.first(where: { $0.name == parameters["name"] }) else {
                return .notFound("Not Found")
            }
            return .bytes(Releases.bytes(of: asset), type: "application/octet-stream")
        }
    }
}

extension FakeGiteeServer {
    /// The spec's `AttachFile` calls: the list (paged, `direction` asc/desc, ascending by default as the spec says),
    /// one file, and its bytes. An unknown release or file of the project answers 404.
    private func registerAttachFileRoutes() {
        let base = "/api/v5/repos/:owner/:repo/releases/:release_id/attach_files"
        router.add("GET", base) { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let release = release(parameters, of: project) else { return .notFound("Release Not Found") }
            var files = release.assets
            if request.query["direction"] == "desc" { files.reverse() }
            let (slice, headers) = Paging.numbered(files, request)
            let renderer = renderer
            return .json(.array(slice.map { renderer.attachFile($0, of: release, project: project) }), headers: headers)
        }
        router.add("GET", base + "/:attach_file_id") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let release = release(parameters, of: project), let file = attachFile(parameters, of: release) else {
                return .notFound("Not Found")
            }
            return .json(renderer.attachFile(file, of: release, project: project))
        }
        // The bytes themselves, answered here (assumed: whether the site redirects to a storage host first is not
        // recorded; a client following redirects sees the same bytes either way).
        router.add("GET", base + "/:attach_file_id/download") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let release = release(parameters, of: project), let file = attachFile(parameters, of: release) else {
                return .notFound("Not Found")
            }
            return .bytes(Releases.bytes(of: file), type: "application/octet-stream")
        }
    }

    private func release(_ parameters: [String: String], of project: FakeProject) -> FakeRelease? {
        guard let id = Int(parameters["release_id"] ?? "") else { return nil }
        return Releases.of(project, world: world).first { $0.id == id }
    }

    private func attachFile(_ parameters: [String: String], of release: FakeRelease) -> FakeAsset? {
        guard let id = Int(parameters["attach_file_id"] ?? "") else { return nil }
        return release.assets.first { $0.id == id }
    }
}

extension Renderer {
    /// The spec's `AttachFile`: `id`, `name`, `size`, `uploader` (the release's author), `browser_download_url`.
    func attachFile(_ file: FakeAsset, of release: FakeRelease, project: FakeProject) -> JSON {
        let owner = world.owner(of: project)
        let uploader = world.user(id: release.authorID) ?? owner
        return .object([
            ("id", .int(file.id)), ("name", .string(file.name)), ("size", .int(file.size)),
            ("uploader", userBasic(uploader)),
            ("browser_download_url", .string("\(base)/\(owner.login)/\(project.path)/releases/download/\(release.tag)/\(file.name)")),
        ])
    }

    func release(_ release: FakeRelease, project: FakeProject) -> JSON {
        let owner = world.owner(of: project)
        let author = world.user(id: release.authorID) ?? owner
        let site = "\(base)/\(owner.login)/\(project.path)"
        // The attached files as objects {browser_download_url, name} (the spec's `assets: [string]` is not what
        // clients of the site read: they index `assets[i]["browser_download_url"]`).
        let assets: [JSON] = release.assets.map { asset in
            .object([("browser_download_url", .string("\(site)/releases/download/\(release.tag)/\(asset.name)")),
                     ("name", .string(asset.name))])
        }
        return .object([
            ("id", .int(release.id)), ("tag_name", .string(release.tag)),
            ("target_commitish", .string(project.defaultBranch ?? "master")), ("prerelease", .bool(release.isPrerelease)),
            ("name", .string(release.name)), ("body", .string(release.body)), ("author", userBasic(author)),
            ("created_at", .string(giteeTime(release.time))), ("assets", .array(assets)),
        ])
    }
}
