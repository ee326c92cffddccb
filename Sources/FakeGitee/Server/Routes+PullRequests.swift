import Foundation

/// `GET /repos/{o}/{r}/pulls[/{number}[/comments|commits|files]]`, read-only, generated per project.
extension FakeGiteeServer {
    func registerPullRequestRoutes() {
        router.add("GET", "/api/v5/repos/:owner/:repo/pulls") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            let wanted = request.query["state"] ?? "open"
            guard ["open", "closed", "merged", "all"].contains(wanted) else {
                return .error(400, "state does not have a valid value")
            }
            var pulls = state.pullRequests(of: project).filter { wanted == "all" || $0.state == wanted }
            pulls = filtered(pulls, request)
            let ordered = request.query["direction"] == "asc" ? pulls.reversed() : pulls
            let (slice, headers) = Paging.numbered(ordered, request)
            let renderer = self.renderer
            return .json(.array(slice.map { renderer.pullRequest($0, project: project) }), headers: headers)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/pulls/:number") { [unowned self] _, parameters in
            guard let (project, pull) = pullRequest(parameters) else { return .notFound("Pull Request Not Found") }
            return .json(renderer.pullRequest(pull, project: project))
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/pulls/:number/comments") { [unowned self] request, parameters in
            guard let (project, pull) = pullRequest(parameters) else { return .notFound("Pull Request Not Found") }
            let (slice, headers) = Paging.numbered(state.comments(of: pull), request)
            let renderer = self.renderer, state = self.state
            return .json(.array(slice.map { renderer.pullRequestComment($0, pull: pull, project: project, line: state.line(of: $0)) }),
                         headers: headers)
        }
        // Commits and files come in one answer, like Gitee's (capped there at 250 and 300).
        router.add("GET", "/api/v5/repos/:owner/:repo/pulls/:number/commits") { [unowned self] _, parameters in
            guard let (project, pull) = pullRequest(parameters) else { return .notFound("Pull Request Not Found") }
            let renderer = self.renderer
            // Real answers (samples/pr_commits.json) carry the parent as one object, not a list.
            return .json(.array(pull.commits.map { Self.singleParent(renderer.commit($0, project: project, detailed: false)) }))
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/pulls/:number/files") { [unowned self] _, parameters in
            guard let (project, pull) = pullRequest(parameters) else { return .notFound("Pull Request Not Found") }
            let renderer = self.renderer
            return .json(.array((benchPullFiles[pull.id] ?? pull.files).map { renderer.pullRequestFile($0, pull: pull, project: project) }))
        }
        registerPullRequestWriteRoutes()
    }

    /// The description's list filters: `head` (`branch` or `username:branch`), `base`, `author`, `assignee` (a
    /// reviewer: "评审者用户名", one of the pull request's `assignees`), `tester` (one of its `testers`) and `sort`
    /// (created, newest first, or updated). A login nobody has matches nothing.
    private func filtered(_ pulls: [FakePullRequest], _ request: FakeRequest) -> [FakePullRequest] {
        var result = pulls
        if let head = request.query["head"], !head.isEmpty {
            let branch = head.split(separator: ":").last.map(String.init) ?? head
            result = result.filter { $0.headBranch == branch }
        }
        if let base = request.query["base"], !base.isEmpty { result = result.filter { $0.baseBranch == base } }
        if let author = request.query["author"], !author.isEmpty {
            let id = world.user(login: author)?.id
            result = result.filter { $0.authorID == id }
        }
        if let assignee = request.query["assignee"], !assignee.isEmpty {
            let id = world.user(login: assignee)?.id
            result = result.filter { pull in pull.reviewers.contains { $0.userID == id } }
        }
        if let tester = request.query["tester"], !tester.isEmpty {
            let id = world.user(login: tester)?.id
            result = result.filter { pull in pull.testers.contains { $0.userID == id } }
        }
        if request.query["sort"] == "updated" { result.sort { $0.updatedAt > $1.updatedAt } }
        return result
    }

    private static func singleParent(_ commit: JSON) -> JSON {
        guard case .object(let members) = commit else { return commit }
        return .object(members.map { key, value in
            guard key == "parents", case .array(let parents) = value else { return (key, value) }
            return (key, parents.first ?? .null)
        })
    }

    func pullRequest(_ parameters: [String: String]) -> (FakeProject, FakePullRequest)? {
        guard let project = project(parameters), let number = Int(parameters["number"] ?? ""),
              let pull = state.pullRequest(number: number, project: project)
        else { return nil }
        return (project, pull)
    }
}
