import Foundation

extension FakeGiteeServer {
    func registerIssueRoutes() {
        router.add("GET", "/api/v5/repos/:owner/:repo/issues") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            // The four states are kept apart, as on the site; anything else is refused rather than guessed.
            let wanted = request.query["state"] ?? "open"
            guard Self.issueStates.contains(wanted) || wanted == "all" else {
                return .error(400, "state is not valid: open, progressing, closed, rejected or all")
            }
            let issues = state.issues(of: project).filter { wanted == "all" || $0.state == wanted }
            let ordered = request.query["direction"] == "asc" ? issues.reversed() : issues
            let (slice, headers) = Paging.numbered(ordered, request)
            let renderer = self.renderer
            return .json(.array(slice.map { renderer.issue($0, project: project) }), headers: headers)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/issues/:number") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let issue = state.issues(of: project).first(where: { $0.number == parameters["number"] }) else {
                return .notFound("Issue Not Found")
            }
            return .json(renderer.issue(issue, project: project))
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/issues/:number/comments") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let issue = state.issues(of: project).first(where: { $0.number == parameters["number"] }) else {
                return .notFound("Issue Not Found")
            }
            let (slice, headers) = Paging.numbered(state.comments(of: issue), request)
            let renderer = self.renderer
            return .json(.array(slice.map { renderer.comment($0, issue: issue) }), headers: headers)
        }
        // Gitee's create call names only the owner in the path; the repository comes in the body.
        router.add("POST", "/api/v5/repos/:owner/issues") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let repo = request.field("repo"), !repo.isEmpty else { return .error(400, "repo is missing") }
            guard let project = world.project(owner: parameters["owner"] ?? "", repo: repo) else { return Self.projectNotFound }
            let title = request.field("title")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard !title.isEmpty else { return .error(400, "title is missing") }
            guard title.count <= 255 else { return .error(422, "标题过长 (title is too long, at most 255 characters)") }
            let issue = state.createIssue(project: project, authorID: viewer.id, title: title, body: request.field("body"))
            return .json(renderer.issue(issue, project: project), status: 201)
        }
        registerIssueWriteRoutes()
        registerFileWriteRoutes()
    }

    static let issueStates: Set<String> = ["open", "progressing", "closed", "rejected"]
}
