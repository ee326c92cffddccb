import Foundation

/// Reviews and tests of pull requests, as strict as the site or stricter: `POST .../pulls/{number}/review` and
/// `.../test` (the spec: 201 with no body, `force` "only for admins"), `POST`/`DELETE .../assignees` and
/// `.../testers` (the spec: `assignees` / `testers` required, comma-separated logins; 201 / 200 with the pull
/// request). Asking and un-asking people is for members (GITEE-API.md; others 403); approving and passing is for
/// the people asked (Gitee's help). docs/FAKE-GITEE.md lists each rule's source.
extension FakeGiteeServer {
    func registerPullRequestReviewRoutes() {
        for (action, role) in [("review", "assignees"), ("test", "testers")] {
            router.add("POST", "/api/v5/repos/:owner/:repo/pulls/:number/\(action)") { [unowned self] request, parameters in
                guard let viewer = request.viewer else { return Self.loginRequired }
                guard let (project, pull) = pullRequest(parameters) else { return .notFound("Pull Request Not Found") }
                guard pull.state == "open" else { return .error(400, "Pull Request 不是开启状态 (not open)") }
                // `force` "only takes effect for admins" (the spec): the owner is this fake's only admin; from
                // anyone else it is ignored, as the spec's wording says, not refused.
                let force = request.field("force") == "true" && viewer.id == project.ownerID
                var list = role == "assignees" ? pull.reviewers : pull.testers
                if force {
                    for index in list.indices { list[index].accepted = true }
                } else {
                    // The people asked on the pull request decide (help article 4304: "指定人员...决定是否同意"),
                    // members or not. Anyone else: refused with 400 (assumed: the site's status is not recorded).
                    guard let index = list.firstIndex(where: { $0.userID == viewer.id }) else {
                        return .error(400, role == "assignees" ? "你不是此 Pull Request 的审查人员 (not a reviewer)"
                                                               : "你不是此 Pull Request 的测试人员 (not a tester)")
                    }
                    list[index].accepted = true
                }
                state.setReviews(list, role: role, pull: pull)
                return .json(.object([]), status: 201)
            }
        }
        for role in ["assignees", "testers"] {
            router.add("POST", "/api/v5/repos/:owner/:repo/pulls/:number/\(role)") { [unowned self] request, parameters in
                changeReviews(request, parameters, role: role, adding: true)
            }
            router.add("DELETE", "/api/v5/repos/:owner/:repo/pulls/:number/\(role)") { [unowned self] request, parameters in
                changeReviews(request, parameters, role: role, adding: false)
            }
        }
    }

    /// Adds or removes reviewers or testers: every login must be a collaborator of the project (400 otherwise).
    private func changeReviews(_ request: FakeRequest, _ parameters: [String: String], role: String,
                               adding: Bool) -> FakeResponse {
        guard let viewer = request.viewer else { return Self.loginRequired }
        guard let (project, pull) = pullRequest(parameters) else { return .notFound("Pull Request Not Found") }
        guard viewer.id == project.ownerID else { return Self.notAMember }
        let value = (adding ? request.field(role) : request.query[role]) ?? ""
        let logins = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !logins.isEmpty else { return .error(400, "\(role) is missing") }
        let members = Set(FakeTriage.collaboratorIDs(of: project, userCount: world.users.count))
        var ids: [Int] = []
        for login in logins {
            guard let user = world.user(login: login), members.contains(user.id) else {
                return .error(400, "\(login) 不是仓库成员 (not a collaborator of the project)")
            }
            ids.append(user.id)
        }
        var list = role == "assignees" ? pull.reviewers : pull.testers
        if adding {
            for id in ids where !list.contains(where: { $0.userID == id }) { list.append(FakeReview(userID: id, accepted: false)) }
        } else {
            list.removeAll { ids.contains($0.userID) }
        }
        state.setReviews(list, role: role, pull: pull)
        guard let changed = state.pullRequest(number: pull.number, project: project) else {
            return .notFound("Pull Request Not Found")
        }
        return .json(renderer.pullRequest(changed, project: project), status: adding ? 201 : 200)
    }
}

extension WorldState {
    func setReviews(_ list: [FakeReview], role: String, pull: FakePullRequest) {
        if role == "assignees" { pullRequestChanges.reviewers[pull.id] = list } else { pullRequestChanges.testers[pull.id] = list }
    }
}
