import Foundation

/// What people changed on the generated pull requests while the server runs: their state (a merge, a close, a
/// reopen) and how each was merged. Kept in memory only, like issue comments.
struct PullRequestChanges: Sendable {
    var states: [Int: (state: String, at: Int)] = [:]
    var mergeMethods: [Int: String] = [:]
}

extension WorldState {
    /// A project's pull requests as they are now: generated, with the changes made through the API laid over them.
    func pullRequests(of project: FakeProject) -> [FakePullRequest] {
        PullRequests.pullRequests(project: project, world: world).map { generated in
            var pull = generated
            if let change = pullRequestChanges.states[pull.id] {
                pull.state = change.state
                pull.updatedAt = max(pull.updatedAt, change.at)
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
        pullRequestChanges.states[pull.id] = (state, max(World.now, Int(Date().timeIntervalSince1970)))
        if let mergeMethod { pullRequestChanges.mergeMethods[pull.id] = mergeMethod }
        return pullRequest(number: number, project: project)
    }

    /// How a merged pull request was merged through the API (nil for generated ones).
    func mergeMethod(of pull: FakePullRequest) -> String? { pullRequestChanges.mergeMethods[pull.id] }
}
