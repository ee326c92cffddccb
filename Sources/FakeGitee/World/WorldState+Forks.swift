import Foundation

/// What forking, branching, committing through the contents API and opening pull requests changed while the server
/// runs. Kept in memory only.
struct ForkChanges: Sendable {
    /// "projectID@branch" -> the generated content it starts from (a fork's branch, a branch made through the API).
    var origins: [String: (projectID: Int, branch: String)] = [:]
    /// "projectID@branch" -> the commits written on it through the contents API, newest first (copied to a branch or
    /// fork made from it, so a compare sees only what came after).
    var writtenCommits: [String: [FakeCommit]] = [:]
    /// Pull requests opened through the API, by target project id, newest first.
    var createdPullRequests: [Int: [FakePullRequest]] = [:]
    var nextProjectID = 950_000
    var nextPullRequestID = 960_000_000
}

extension WorldState {
    var contentOrigins: [String: (projectID: Int, branch: String)] { forkChanges.origins }

    /// The viewer's fork of `project`, if they made one here.
    func fork(of project: FakeProject, ownerID: Int) -> FakeProject? {
        world.forkedProjects.first { $0.parentID == project.id && $0.ownerID == ownerID }
    }

    /// Forks `project` into the space of `ownerID` under `path`: every branch starts as the parent's branch is now.
    func createFork(of project: FakeProject, ownerID: Int, path: String, name: String) -> FakeProject {
        forkChanges.nextProjectID += 1
        let now = World.writeTime
        let fork = FakeProject(
            id: forkChanges.nextProjectID, ownerID: ownerID, path: path, name: name, description: project.description,
            language: project.language, license: project.license, homepage: project.homepage, baseStars: 0, forks: 0,
            baseWatches: 1, recommend: false, gvp: false, isFork: true, isEmpty: project.isEmpty, createdAt: now,
            updatedAt: now, pushedAt: project.pushedAt, branches: project.branches, isPrivate: project.isPrivate,
            parentID: project.id)
        world.forkedProjects.insert(fork, at: 0)
        for branch in project.branches { copyBranch(from: (project, branch), to: (fork, branch)) }
        return fork
    }

    /// Creates `name` on `project` from `source` (a branch of it).
    func createBranch(_ name: String, from source: String, in project: FakeProject) -> FakeProject? {
        copyBranch(from: (project, source), to: (project, name))
        world.update(projectID: project.id) { $0.branches.append(name) }
        return world.project(id: project.id)
    }

    private func copyBranch(from source: (FakeProject, String), to target: (FakeProject, String)) {
        let sourceKey = "\(source.0.id)@\(source.1)", targetKey = "\(target.0.id)@\(target.1)"
        forkChanges.origins[targetKey] = forkChanges.origins[sourceKey] ?? (source.0.id, source.1)
        fileWrites[targetKey] = fileWrites[sourceKey]
        forkChanges.writtenCommits[targetKey] = forkChanges.writtenCommits[sourceKey]
        contentCache[targetKey] = nil
    }

    /// A commit made through the contents API, with the change it made to one file as a unified diff.
    func recordCommit(sha: String, message: String, authorID: Int, project: FakeProject, branch: String,
                      path: String, old: Data?, new: Data?) {
        let key = "\(project.id)@\(branch)"
        let commits = forkChanges.writtenCommits[key] ?? []
        let change = FakePatch.change(path: path, old: old, new: new)
        let commit = FakeCommit(sha: sha, parentSHA: commits.first?.sha, message: message, authorID: authorID,
                                time: World.writeTime, changes: [change])
        forkChanges.writtenCommits[key] = [commit] + commits
    }

    /// The commits on `head` (of `headProject`) that `base` (of `baseProject`) does not have, newest first.
    func commits(between base: String, of baseProject: FakeProject, and head: String, of headProject: FakeProject) -> [FakeCommit] {
        let known = Set((forkChanges.writtenCommits["\(baseProject.id)@\(base)"] ?? []).map(\.sha))
        return (forkChanges.writtenCommits["\(headProject.id)@\(head)"] ?? []).filter { !known.contains($0.sha) }
    }

    func createdPullRequests(of project: FakeProject) -> [FakePullRequest] {
        forkChanges.createdPullRequests[project.id] ?? []
    }

    /// Opens a pull request on `project`, numbered after every other one of it.
    func createPullRequest(on project: FakeProject, authorID: Int, title: String, body: String?, head: String,
                           headProject: FakeProject, base: String, commits: [FakeCommit]) -> FakePullRequest {
        forkChanges.nextPullRequestID += 1
        let number = (pullRequests(of: project).map(\.number).max() ?? 0) + 1
        let now = World.writeTime
        var pull = FakePullRequest(id: forkChanges.nextPullRequestID, number: number, projectID: project.id,
                                   authorID: authorID, title: title, body: body, state: "open", headBranch: head,
                                   baseBranch: base, createdAt: now, updatedAt: now, commentCount: 0,
                                   hasConflicts: false, commits: commits)
        pull.headProjectID = headProject.id
        forkChanges.createdPullRequests[project.id] = [pull] + createdPullRequests(of: project)
        return pull
    }
}

/// One file's change as a unified diff: the lines common to the start and the end are left out, the rest is one
/// hunk with up to three lines of context on each side.
enum FakePatch {
    static func change(path: String, old: Data?, new: Data?) -> (path: String, status: String, additions: Int, deletions: Int, patch: String) {
        let before = old.map(lines) ?? [], after = new.map(lines) ?? []
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
              before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        let context = 3
        let start = max(0, prefix - context)
        let removed = Array(before[prefix..<(before.count - suffix)])
        let added = Array(after[prefix..<(after.count - suffix)])
        let trailing = Array(after[(after.count - suffix)..<min(after.count, after.count - suffix + context)])
        let leading = Array(before[start..<prefix])
        let oldCount = leading.count + removed.count + trailing.count
        let newCount = leading.count + added.count + trailing.count
        var hunk = ["@@ -\(oldCount == 0 ? start : start + 1),\(oldCount) +\(newCount == 0 ? start : start + 1),\(newCount) @@"]
        hunk += leading.map { " " + $0 } + removed.map { "-" + $0 } + added.map { "+" + $0 } + trailing.map { " " + $0 }
        let status = old == nil ? "added" : new == nil ? "removed" : "modified"
        return (path, status, added.count, removed.count, hunk.joined(separator: "\n"))
    }

    private static func lines(_ data: Data) -> [String] {
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text.isEmpty ? [] : text.components(separatedBy: "\n")
    }
}
