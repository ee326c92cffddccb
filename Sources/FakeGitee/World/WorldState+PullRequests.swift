import Foundation

/// What people changed on the generated pull requests while the server runs: their state (a merge, a close, a
/// reopen) and how each was merged. Kept in memory only, like issue comments.
struct PullRequestChanges: Sendable {
    var states: [Int: (state: String, at: Int)] = [:]
    var mergeMethods: [Int: String] = [:]
    /// Comments of pull requests someone commented on (generated ones first), by pull request id.
    var comments: [Int: [FakeComment]] = [:]
    /// Where a line comment sits, by comment id.
    var lines: [Int: FakeDiffLine] = [:]
    var nextCommentID = 850_000_000
    /// Reviewers and testers by pull request id.
    var reviewers: [Int: [FakeReview]] = [:]
    var testers: [Int: [FakeReview]] = [:]
    /// Required approvals and passed tests set by `FakeGiteeServer.setRequiredReviews`, by pull request id.
    var requiredReviews: [Int: (approvals: Int, tests: Int)] = [:]
}

/// Someone asked to review or test a pull request, and whether they approved or passed it.
struct FakeReview: Sendable, Equatable {
    let userID: Int
    var accepted: Bool
}

/// A comment's place in a pull request's diff: the file, the line's position in that file's diff (1 is the line
/// under the first hunk header), the commit it was made on.
struct FakeDiffLine: Sendable, Equatable {
    let path: String
    let position: Int
    let commitID: String
    /// The new file's number of that line (`new_line`; nil on a removed line).
    var newLine: Int? = nil
}

extension WorldState {
    /// A project's pull requests as they are now: generated, with the changes made through the API laid over them.
    func pullRequests(of project: FakeProject) -> [FakePullRequest] {
        (createdPullRequests(of: project) + PullRequests.pullRequests(project: project, world: world)).map { generated in
            var pull = generated
            if let change = pullRequestChanges.states[pull.id] {
                pull.state = change.state
                pull.updatedAt = max(pull.updatedAt, change.at)
            }
            pull.reviewers = pullRequestChanges.reviewers[pull.id] ?? []
            pull.testers = pullRequestChanges.testers[pull.id] ?? []
            if !generatesRequiredReviews { (pull.requiredApprovals, pull.requiredTests) = (0, 0) }
            if let required = pullRequestChanges.requiredReviews[pull.id] {
                (pull.requiredApprovals, pull.requiredTests) = required
            }
            return pull
        }
    }

    func pullRequest(number: Int, project: FakeProject) -> FakePullRequest? {
        pullRequests(of: project).first { $0.number == number }
    }

    /// Sets a pull request's state ("open", "closed", or "merged" with the method used); nil when there is none.
    func setPullRequestState(_ state: String, number: Int, project: FakeProject, mergeMethod: String? = nil) -> FakePullRequest? {
        guard let pull = pullRequest(number: number, project: project) else { return nil }
        pullRequestChanges.states[pull.id] = (state, World.writeTime)
        if let mergeMethod { pullRequestChanges.mergeMethods[pull.id] = mergeMethod }
        return pullRequest(number: number, project: project)
    }

    /// How a merged pull request was merged through the API (nil for generated ones).
    func mergeMethod(of pull: FakePullRequest) -> String? { pullRequestChanges.mergeMethods[pull.id] }

    // MARK: Comments

    func comments(of pull: FakePullRequest) -> [FakeComment] {
        pullRequestChanges.comments[pull.id] ?? PullRequests.comments(of: pull, world: world)
    }

    func line(of comment: FakeComment) -> FakeDiffLine? { pullRequestChanges.lines[comment.id] }

    func addComment(to pull: FakePullRequest, authorID: Int, body: String, line: FakeDiffLine?) -> FakeComment {
        pullRequestChanges.nextCommentID += 1
        let comment = FakeComment(id: pullRequestChanges.nextCommentID, authorID: authorID, body: body,
                                  time: World.writeTime)
        pullRequestChanges.comments[pull.id] = comments(of: pull) + [comment]
        if let line { pullRequestChanges.lines[comment.id] = line }
        return comment
    }

    /// The comment with `id` on any pull request of `project`, with the pull request it is on.
    func pullComment(id: Int, project: FakeProject) -> (comment: FakeComment, pull: FakePullRequest)? {
        FakeComment.find(id, among: pullRequests(of: project), comments: comments(of:)).map { ($0.comment, $0.thread) }
    }

    func editComment(id: Int, pull: FakePullRequest, body: String) -> FakeComment? {
        pullRequestChanges.comments.edit(id, body: body, thread: pull.id, current: comments(of: pull))
    }

    func deleteComment(id: Int, pull: FakePullRequest) {
        pullRequestChanges.comments[pull.id] = comments(of: pull).filter { $0.id != id }
        pullRequestChanges.lines[id] = nil
    }
}
