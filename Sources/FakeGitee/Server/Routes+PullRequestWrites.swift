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
            // The project's review rules (`assignees_number` / `testers_number`): refused until enough reviewers
            // approved and testers passed it. The status and words are assumed (not recorded; GitHub answers 405).
            if let missing = pull.reviewsMissing { return .error(405, missing) }
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
            let wanted = request.field("state")
            // Members close and reopen; the pull request's author closes it, as on the website (issue 39). Reopening
            // by an author who is not a member is refused (assumed: not recorded either way).
            guard viewer.id == project.ownerID || (viewer.id == pull.authorID && wanted == "closed") else {
                return Self.notAMember
            }
            guard let wanted else { return .error(400, "nothing to update") }
            guard ["open", "closed"].contains(wanted) else { return .error(400, "state is not valid: open or closed") }
            guard pull.state != "merged" else { return .error(400, "Pull Request 已经合并 (a merged pull request stays merged)") }
            guard let changed = state.setPullRequestState(wanted, number: pull.number, project: project) else {
                return .notFound("Pull Request Not Found")
            }
            return .json(renderer.pullRequest(changed, project: project))
        }
        registerPullRequestCommentRoutes()
        registerPullRequestReviewRoutes()
    }

    /// Comments: `body` required (blank is 400); a line comment names a file of the diff and a position that exists
    /// in that file's diff (GitHub's rule, which Gitee's description repeats: "the line in the diff"), and
    /// `commit_id` when given is one of the pull request's commits; only the author edits or deletes (403).
    private func registerPullRequestCommentRoutes() {
        router.add("POST", "/api/v5/repos/:owner/:repo/pulls/:number/comments") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let (project, pull) = pullRequest(parameters) else { return .notFound("Pull Request Not Found") }
            guard let body = request.field("body"), !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return .error(400, "body is missing")
            }
            let line: FakeDiffLine?
            switch Self.diffLine(request, pull: pull) {
            case .failure(let refusal): return refusal.response
            case .success(let found): line = found
            }
            let comment = state.addComment(to: pull, authorID: viewer.id, body: body, line: line)
            return .json(renderer.pullRequestComment(comment, pull: pull, project: project, line: line), status: 201)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/pulls/comments/:id") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let id = parameters["id"].flatMap(Int.init), let found = state.pullComment(id: id, project: project) else {
                return .notFound("Comment Not Found")
            }
            return .json(renderer.pullRequestComment(found.comment, pull: found.pull, project: project,
                                                     line: state.line(of: found.comment)))
        }
        router.add("PATCH", "/api/v5/repos/:owner/:repo/pulls/comments/:id") { [unowned self] request, parameters in
            withOwnComment(request, parameters, to: .edit, lookUp: state.pullComment(id:project:)) { own in
                guard let body = Self.commentBody(request) else { return .error(400, "body is missing") }
                guard let edited = state.editComment(id: own.id, pull: own.thread, body: body) else {
                    return .notFound("Comment Not Found")
                }
                return .json(renderer.pullRequestComment(edited, pull: own.thread, project: own.project,
                                                         line: state.line(of: edited)))
            }
        }
        router.add("DELETE", "/api/v5/repos/:owner/:repo/pulls/comments/:id") { [unowned self] request, parameters in
            withOwnComment(request, parameters, to: .delete, lookUp: state.pullComment(id:project:)) { own in
                state.deleteComment(id: own.id, pull: own.thread)
                return .noContent
            }
        }
    }

    private struct Refusal: Error {
        let response: FakeResponse
    }

    /// The line a comment is made on (nil for a general comment), or why the place does not exist.
    private static func diffLine(_ request: FakeRequest, pull: FakePullRequest) -> Result<FakeDiffLine?, Refusal> {
        let path = request.field("path"), position = request.field("position"), commit = request.field("commit_id")
        guard path != nil || position != nil else { return .success(nil) }
        guard let path, let file = pull.files.first(where: { $0.path == path }) else {
            return .failure(Refusal(response: .error(400, "path is not a file of this pull request's diff")))
        }
        // Position 1 is the line under the file's first hunk header; removed lines and later hunk headers count.
        guard let number = position.flatMap(Int.init), FakeDiffPositions.contains(number, in: file.patch) else {
            return .failure(Refusal(response: .error(400, "position is not a line of \(path)'s diff")))
        }
        let head = pull.commits.first?.sha ?? ""
        if let commit, !pull.commits.contains(where: { $0.sha == commit }) {
            return .failure(Refusal(response: .error(400, "commit_id is not a commit of this pull request")))
        }
        return .success(FakeDiffLine(path: path, position: number, commitID: commit ?? head,
                                     newLine: FakeDiffPositions.newLine(at: number, in: file.patch)))
    }

    /// Only members act on a pull request (here: the owner, whom `permission` calls push/admin).
    static let notAMember = FakeResponse.error(403, "403 Forbidden: 没有权限 (only members of the project may do this)")
}
