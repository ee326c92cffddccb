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
            // `labels`: an issue is listed when it carries every one named (a name the project lacks matches none).
            let labels = FakeLabels.names(in: request.query["labels"] ?? "")
            // sort: created (the default) or updated, newest first unless direction=asc (the published values).
            let sort = request.query["sort"] ?? "created"
            guard ["created", "updated"].contains(sort) else { return .error(400, "sort is not valid: created or updated") }
            let assignee = request.query["assignee"].map { login -> Int? in
                login == "none" ? nil : login == "*" ? -1 : (world.user(login: login)?.id ?? 0)
            }
            let milestones = FakeTriage.milestones(of: project)
            let milestone = request.query["milestone"].map { title -> Int? in
                title == "none" ? nil : title == "*" ? -1 : (milestones.first { $0.title == title }?.number ?? 0)
            }
            func matches(_ wanted: Int??, _ value: Int?) -> Bool {
                guard let wanted else { return true }  // not asked
                guard let id = wanted else { return value == nil }  // "none"
                return id == -1 ? value != nil : value == id  // "*", or one in particular
            }
            var issues = state.issues(of: project).filter { issue in
                (wanted == "all" || issue.state == wanted) && labels.allSatisfy(issue.labels.contains)
                    && matches(assignee, issue.assigneeID) && matches(milestone, issue.milestoneNumber)
            }
            if sort == "updated" { issues.sort { $0.updatedAt > $1.updatedAt } }
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
            let triage: NewIssueTriage
            switch newIssueTriage(request, project: project, viewerID: viewer.id) {
            case .accepted(let checked): triage = checked
            case .refused(let refusal): return refusal
            }
            var issue = state.createIssue(project: project, authorID: viewer.id, title: title, body: request.field("body"))
            if triage.labels != nil || triage.assigneeID != nil || triage.milestoneNumber != nil,
               let triaged = state.updateIssue(number: issue.number, project: project, { created in
                   if let labels = triage.labels { created.labels = labels }
                   if let assigneeID = triage.assigneeID { created.assigneeID = assigneeID }
                   if let milestone = triage.milestoneNumber { created.milestoneNumber = milestone }
               }) {
                issue = triaged
            }
            return .json(renderer.issue(issue, project: project), status: 201)
        }
        registerIssueWriteRoutes()
        registerFileWriteRoutes()
    }

    static let issueStates: Set<String> = ["open", "progressing", "closed", "rejected"]
}
