import Foundation
import GiteeKit

/// Forking, creating a branch, comparing two branches and opening a pull request, as strict as the site. Shapes and
/// required fields from the published description (`gitee/spec/`: `POST /repos/{o}/{r}/forks` with optional
/// `organization`, `name`, `path`, answering 201 with the Project; `POST .../branches` with `refs` and `branch_name`
/// required, answering 201 with a CompleteBranch; `GET .../compare/{base}...{head}` answering Compare;
/// `POST .../pulls` with `title`, `head`, `base` required, answering 201 with the PullRequest), the Compare answer's
/// shape from `samples/compare.json`. Rules the description does not state (see docs/FAKE-GITEE.md): a space that
/// already holds a repository of that path refuses the fork with 422; a pull request needs commits between its
/// branches and no open twin (400 each, as the website refuses both).
extension FakeGiteeServer {
    func registerForkRoutes() {
        router.add("POST", "/api/v5/repos/:owner/:repo/forks") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let project = project(parameters), world.isVisible(project, to: viewer) else { return Self.projectNotFound }
            return fork(project, request: request, viewer: viewer)
        }
        router.add("POST", "/api/v5/repos/:owner/:repo/branches") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let project = project(parameters), world.isVisible(project, to: viewer) else { return Self.projectNotFound }
            guard viewer.id == project.ownerID else { return .error(403, "403 Forbidden: 没有权限 (no push access to this repository)") }
            guard let refs = request.field("refs"), !refs.isEmpty else { return .error(400, "refs is missing") }
            guard let name = request.field("branch_name"), !name.isEmpty else { return .error(400, "branch_name is missing") }
            guard project.branches.contains(refs) else { return .error(404, "404 Branch Not Found: \(refs)") }
            guard Self.isValidBranchName(name) else { return .error(400, "branch_name is not a valid branch name") }
            guard !project.branches.contains(name) else { return .error(400, "分支名已存在 (branch \(name) already exists)") }
            guard let changed = state.createBranch(name, from: refs, in: project) else { return Self.projectNotFound }
            let head = state.forkChanges.writtenCommits["\(changed.id)@\(name)"]?.first
                ?? state.commits(of: changed, branch: refs).first
            return .json(renderer.branch(name, project: changed, head: head, detailed: true), status: 201)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/compare/*range") { [unowned self] request, parameters in
            guard let project = project(parameters), world.isVisible(project, to: request.viewer) else { return Self.projectNotFound }
            let range = parameters["range"] ?? ""
            guard let dots = range.range(of: "...") else { return .notFound("Not Found") }
            let base = String(range[..<dots.lowerBound]), head = String(range[dots.upperBound...])
            guard project.branches.contains(base), project.branches.contains(head) else { return .notFound("Not Found Commit") }
            let commits = state.commits(between: base, of: project, and: head, of: project)
            return .json(compareAnswer(project: project, base: base, commits: commits))
        }
        router.add("POST", "/api/v5/repos/:owner/:repo/pulls") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let project = project(parameters), world.isVisible(project, to: viewer) else { return Self.projectNotFound }
            return openPullRequest(on: project, request: request, viewer: viewer)
        }
    }

    private func fork(_ project: FakeProject, request: FakeRequest, viewer: FakeUser) -> FakeResponse {
        var ownerID = viewer.id
        if let organization = request.field("organization"), !organization.isEmpty {
            guard let org = world.user(login: organization), org.isOrganization else { return .notFound("Not Found Namespace") }
            guard world.organisationMembers[org.id]?.contains(viewer.id) == true else {
                return .error(403, "403 Forbidden: 没有权限 (you are not a member of \(organization))")
            }
            ownerID = org.id
        }
        let path = request.field("path").flatMap { $0.isEmpty ? nil : $0 } ?? project.path
        let name = request.field("name").flatMap { $0.isEmpty ? nil : $0 } ?? project.name
        guard Self.isValidBranchName(path), !path.contains("/") else { return .error(400, "path is not valid") }
        let ownerLogin = world.user(id: ownerID)?.login ?? ""
        guard world.project(owner: ownerLogin, repo: path) == nil else {
            return .error(422, "已经存在同名的仓库 (\(ownerLogin)/\(path) already exists)")
        }
        let fork = state.createFork(of: project, ownerID: ownerID, path: path, name: name)
        return .json(renderer.project(fork, viewerID: viewer.id), status: 201)
    }

    private func compareAnswer(project: FakeProject, base: String, commits: [FakeCommit]) -> JSON {
        let renderer = self.renderer
        let baseCommit = state.forkChanges.writtenCommits["\(project.id)@\(base)"]?.first
            ?? state.commits(of: project, branch: base).first
        let baseJSON = baseCommit.map { renderer.commit($0, project: project, detailed: false) } ?? .null
        let fullName = world.fullName(of: project)
        let files = FakePullRequest.mergedFiles(of: commits).map { file -> JSON in
            let sha = commits.first?.sha ?? ""
            return .object([
                ("sha", .string(sha)), ("filename", .string(file.path)), ("status", .string(file.status)),
                ("additions", .int(file.additions)), ("deletions", .int(file.deletions)),
                ("changes", .int(file.additions + file.deletions)),
                ("blob_url", .string("\(renderer.base)/\(fullName)/blob/\(sha)/\(file.path)")),
                ("raw_url", .string("\(renderer.base)/\(fullName)/raw/\(sha)/\(file.path)")),
                ("content_url", .string("\(renderer.api)/repos/\(fullName)/contents/\(file.path)?ref=\(sha)")),
                ("patch", .string(file.patch)),
            ])
        }
        return .object([("base_commit", baseJSON), ("merge_base_commit", baseJSON),
                        ("commits", .array(commits.reversed().map { renderer.commit($0, project: project, detailed: false) })),
                        ("files", .array(files))])
    }

    private func openPullRequest(on project: FakeProject, request: FakeRequest, viewer: FakeUser) -> FakeResponse {
        guard let title = request.field("title"), !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return .error(400, "title is missing")
        }
        guard let head = request.field("head"), !head.isEmpty else { return .error(400, "head is missing") }
        guard let base = request.field("base"), !base.isEmpty else { return .error(400, "base is missing") }
        guard project.branches.contains(base) else { return .error(400, "目标分支不存在 (base branch \(base) not found)") }
        // `branch`, or `path_with_namespace:branch` (the description's form) for another project: the target itself
        // or a fork of it.
        var headProject = project, headBranch = head
        if let colon = head.lastIndex(of: ":") {
            let space = String(head[..<colon]), parts = space.split(separator: "/").map(String.init)
            headBranch = String(head[head.index(after: colon)...])
            guard parts.count == 2, let named = world.project(owner: parts[0], repo: parts[1]),
                  world.isVisible(named, to: viewer) else { return .error(400, "源仓库不存在 (head repository \(space) not found)") }
            guard named.id == project.id || named.parentID == project.id else {
                return .error(400, "源仓库不是目标仓库的 Fork (\(space) is not a fork of \(world.fullName(of: project)))")
            }
            headProject = named
        }
        guard headProject.branches.contains(headBranch) else { return .error(400, "源分支不存在 (head branch \(headBranch) not found)") }
        guard headProject.id != project.id || headBranch != base else {
            return .error(400, "源分支与目标分支相同 (head and base are the same branch)")
        }
        let commits = state.commits(between: base, of: project, and: headBranch, of: headProject)
        guard !commits.isEmpty else { return .error(400, "源分支与目标分支之间没有差异 (no commits between \(base) and \(head))") }
        if let twin = state.pullRequests(of: project).first(where: {
            $0.state == "open" && $0.headBranch == headBranch && $0.baseBranch == base && ($0.headProjectID ?? project.id) == headProject.id
        }) {
            return .error(400, "已经存在相同源分支和目标分支的 Pull Request (already exists: !\(twin.number))")
        }
        let pull = state.createPullRequest(on: project, authorID: viewer.id, title: title, body: request.field("body"),
                                           head: headBranch, headProject: headProject, base: base, commits: commits)
        return .json(renderer.pullRequest(pull, project: project), status: 201)
    }

    /// git's rules for a branch name, as the site applies them (GiteeKit's `BranchName`).
    static func isValidBranchName(_ name: String) -> Bool { BranchName.isValid(name) }
}
