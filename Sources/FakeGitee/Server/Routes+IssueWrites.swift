import Foundation

/// Taking part in issues: the update (state, labels) and comments, as strict as the site. The shapes and rules
/// come from the published description (`gitee/spec/`: `PATCH /repos/{owner}/issues/{number}` with `repo` in the
/// body and `state` one of open / progressing / closed; comment `body` required) and GITEE-API.md; who may do what
/// follows the website (members triage, authors edit their own issue's text and edit and delete their own comments).
extension FakeGiteeServer {
    func registerIssueWriteRoutes() {
        router.add("PATCH", "/api/v5/repos/:owner/issues/:number") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let repo = request.field("repo"), !repo.isEmpty else { return .error(400, "repo is missing") }
            guard let project = world.project(owner: parameters["owner"] ?? "", repo: repo) else { return Self.projectNotFound }
            let number = parameters["number"] ?? ""
            guard let current = state.issues(of: project).first(where: { $0.number == number }) else {
                return .notFound("Issue Not Found")
            }
            let wantedState = request.field("state"), labelField = request.field("labels")
            let assigneeField = request.field("assignee"), milestoneField = request.field("milestone")
            // Members change anything (here: the owner, whom `permission` calls push/admin); the issue's author edits
            // its title and body, as on the website (issue 39). Anything else from the author is refused whole
            // (assumed: whether the site ignores or refuses triage fields from a non-member is not recorded).
            let onlyText = wantedState == nil && labelField == nil && assigneeField == nil && milestoneField == nil
            guard viewer.id == project.ownerID || (viewer.id == current.authorID && onlyText) else {
                return .error(403, "403 Forbidden: 没有权限 (no permission to update this issue)")
            }
            let titleField = request.field("title")?.trimmingCharacters(in: .whitespacesAndNewlines)
            let bodyField = request.field("body")
            guard wantedState != nil || labelField != nil || assigneeField != nil || milestoneField != nil
                    || titleField != nil || bodyField != nil else {
                return .error(400, "nothing to update")
            }
            // A title, when sent, is required and at most 255 characters, as on create.
            if let titleField {
                guard !titleField.isEmpty else { return .error(400, "title is missing") }
                guard titleField.count <= 255 else { return .error(422, "标题过长 (title is too long, at most 255 characters)") }
            }
            // assignee: a collaborator's login (empty: nobody); milestone: one of the project's numbers (0: none).
            var assigneeID: Int?? = nil
            if let assigneeField {
                if assigneeField.isEmpty {
                    assigneeID = ignoresBlankTriage ? nil : .some(nil)
                } else {
                    guard let user = world.user(login: assigneeField),
                          FakeTriage.collaboratorIDs(of: project, userCount: world.users.count).contains(user.id) else {
                        return .error(422, "负责人不是仓库成员 (not a collaborator: \(assigneeField))")
                    }
                    assigneeID = .some(user.id)
                }
            }
            var milestoneNumber: Int?? = nil
            if let milestoneField {
                guard let number = Int(milestoneField.isEmpty ? "0" : milestoneField) else {
                    return .error(400, "milestone is not a number")
                }
                if ignoresBlankTriage, number <= 0 { return .error(400, "milestone is invalid") }
                guard number == 0 || FakeTriage.milestones(of: project).contains(where: { $0.number == number }) else {
                    return .error(422, "里程碑不存在 (no such milestone: \(number))")
                }
                milestoneNumber = .some(number == 0 ? nil : number)
            }
            if let wantedState, !["open", "progressing", "closed"].contains(wantedState) {
                return .error(400, "state is not valid: open, progressing or closed")
            }
            let labels = labelField.map(FakeLabels.names(in:))
            if let labels {
                let unknown = FakeLabels.unknown(labels)
                // The spec: names 2-20 characters long; a name the project does not have is refused, never created.
                guard unknown.isEmpty, labels.allSatisfy({ (2...20).contains($0.count) }) else {
                    return .error(422, "标签不存在 (no such label: \((unknown.isEmpty ? labels : unknown).joined(separator: ", ")))")
                }
            }
            guard let issue = state.updateIssue(number: number, project: project, { issue in
                if let wantedState { issue.state = wantedState }
                if let labels { issue.labels = labels.reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
                if let assigneeID { issue.assigneeID = assigneeID }
                if let titleField { issue.title = titleField }
                if let bodyField { issue.body = bodyField }
                if let milestoneNumber { issue.milestoneNumber = milestoneNumber }
            }) else {
                return .notFound("Issue Not Found")
            }
            return .json(renderer.issue(issue, project: project))
        }
        // The description's "删除 Issue 所有标签": members only, like the update; 204.
        router.add("DELETE", "/api/v5/repos/:owner/:repo/issues/:number/labels") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let project = project(parameters) else { return Self.projectNotFound }
            let number = parameters["number"] ?? ""
            guard state.issues(of: project).contains(where: { $0.number == number }) else { return .notFound("Issue Not Found") }
            guard viewer.id == project.ownerID else { return .error(403, "403 Forbidden: 没有权限 (no permission to update this issue)") }
            _ = state.updateIssue(number: number, project: project) { $0.labels = [] }
            return .noContent
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/collaborators") { [unowned self] request, parameters in
            guard request.viewer != nil else { return Self.loginRequired }
            guard let project = project(parameters) else { return Self.projectNotFound }
            let people = FakeTriage.collaboratorIDs(of: project, userCount: world.users.count).compactMap(world.user(id:))
            let (slice, headers) = Paging.numbered(people, request)
            let renderer = self.renderer
            return .json(.array(slice.map(renderer.userBasic)), headers: headers)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/milestones") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            let wanted = request.query["state"] ?? "open"
            guard ["open", "closed", "all"].contains(wanted) else { return .error(400, "state is not valid: open, closed or all") }
            let milestones = wanted == "closed" ? [] : FakeTriage.milestones(of: project)
            let (slice, headers) = Paging.numbered(milestones, request)
            let renderer = self.renderer
            return .json(.array(slice.map { renderer.milestone($0, project: project) }), headers: headers)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/labels") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            let renderer = self.renderer
            return .json(.array(FakeLabels.all.map { renderer.label($0.name, project: project) }))
        }
        router.add("POST", "/api/v5/repos/:owner/:repo/issues/:number/comments") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let issue = state.issues(of: project).first(where: { $0.number == parameters["number"] }) else {
                return .notFound("Issue Not Found")
            }
            guard let body = Self.commentBody(request) else { return .error(400, "body is missing") }
            let comment = state.addComment(to: issue, project: project, authorID: viewer.id, body: body)
            return .json(renderer.comment(comment, issue: issue), status: 201)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/issues/comments/:id") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let id = parameters["id"].flatMap(Int.init), let found = state.comment(id: id, project: project) else {
                return .notFound("Comment Not Found")
            }
            return .json(renderer.comment(found.comment, issue: found.issue))
        }
        router.add("PATCH", "/api/v5/repos/:owner/:repo/issues/comments/:id") { [unowned self] request, parameters in
            withOwnComment(request, parameters, to: .edit, lookUp: state.comment(id:project:)) { own in
                guard let body = Self.commentBody(request) else { return .error(400, "body is missing") }
                guard let edited = state.editComment(id: own.id, issue: own.thread, body: body) else {
                    return .notFound("Comment Not Found")
                }
                return .json(renderer.comment(edited, issue: own.thread))
            }
        }
        router.add("DELETE", "/api/v5/repos/:owner/:repo/issues/comments/:id") { [unowned self] request, parameters in
            withOwnComment(request, parameters, to: .delete, lookUp: state.comment(id:project:)) { own in
                state.deleteComment(id: own.id, issue: own.thread, project: own.project)
                return .noContent
            }
        }
    }

    /// A comment's text: required, and not only blanks.
    static func commentBody(_ request: FakeRequest) -> String? {
        guard let body = request.field("body"), !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return body
    }
}
