import Foundation

/// Acting on pull requests, as strict as the site: merging (`PUT .../pulls/{number}/merge`, `merge_method` one of
/// merge / squash / rebase, only while open and mergeable, only by a member), closing and reopening
/// (`PATCH .../pulls/{number}` with `state` open / closed). Shapes from the published description (`gitee/spec/`),
/// who may act from GITEE-API.md and the website (members merge; others are answered 403). docs/FAKE-GITEE.md
/// lists where each rule comes from.
extension FakeGiteeServer {
    func registerPullRequestWriteRoutes() {
        router.add("PUT", "/api/v5/repos/:owner/:repo/pulls/:number/merge") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let (project, pull) = pullRequest(parameters) else { return .notFound("Pull Request Not Found") }
            guard viewer.id == project.ownerID else { return Self.notAMember }
            let method = request.field("merge_method") ?? "merge"
            guard ["merge", "squash", "rebase"].contains(method) else {
                return .error(400, "merge_method is not valid: merge, squash or rebase")
            }
            guard pull.state == "open" else {
                return .error(400, pull.state == "merged" ? "Pull Request 已经合并 (already merged)" : "Pull Request 已关闭 (closed)")
            }
            guard !pull.hasConflicts else { return .error(400, "Pull Request 存在冲突，不可自动合并 (not mergeable)") }
            guard state.setPullRequestState("merged", number: pull.number, project: project, mergeMethod: method) != nil else {
                return .notFound("Pull Request Not Found")
            }
            return .json(.object([("sha", .string(pull.commits.first?.sha ?? "")), ("merged", .bool(true)),
                                  ("message", .string("Pull Request 已成功合并"))]))
        }
        // "Check whether a pull request has been merged": 204 when merged, 404 otherwise.
        router.add("GET", "/api/v5/repos/:owner/:repo/pulls/:number/merge") { [unowned self] _, parameters in
            guard let (_, pull) = pullRequest(parameters) else { return .notFound("Pull Request Not Found") }
            return pull.state == "merged" ? .noContent : .notFound("Pull Request Not Merged")
        }
        router.add("PATCH", "/api/v5/repos/:owner/:repo/pulls/:number") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let (project, pull) = pullRequest(parameters) else { return .notFound("Pull Request Not Found") }
            guard viewer.id == project.ownerID else { return Self.notAMember }
            guard let wanted = request.field("state") else { return .error(400, "nothing to update") }
            guard ["open", "closed"].contains(wanted) else { return .error(400, "state is not valid: open or closed") }
            guard pull.state != "merged" else { return .error(400, "Pull Request 已经合并 (a merged pull request stays merged)") }
            guard let changed = state.setPullRequestState(wanted, number: pull.number, project: project) else {
                return .notFound("Pull Request Not Found")
            }
            return .json(renderer.pullRequest(changed, project: project))
        }
    }

    /// Only members act on a pull request (here: the owner, whom `permission` calls push/admin).
    static let notAMember = FakeResponse.error(403, "403 Forbidden: 没有权限 (only members of the project may do this)")
}
