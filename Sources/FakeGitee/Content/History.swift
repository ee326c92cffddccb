/// Commits of a branch: deterministic shas, messages, authors and times; patches touch real files of the tree.
struct FakeCommit: Sendable {
    let sha: String
    let parentSHA: String?
    let message: String
    let authorID: Int
    let time: Int
    /// (path, status, additions, deletions, patch)
    let changes: [(path: String, status: String, additions: Int, deletions: Int, patch: String)]
}

enum History {
    static func commits(project: FakeProject, branch: String, world: World) -> [FakeCommit] {
        guard !project.isEmpty else { return [] }
        var random = SeededRandom(seed: UInt64(project.id), stableHash(branch), 3)
        let count = random.int(25...60)
        let shas = (0...count).map { fakeSHA(UInt64(project.id), stableHash(branch), UInt64($0), 7) }
        let paths = ["README.md", "src/main/\(CodeSamples.mainFile(for: project.language).file)", "CHANGELOG.md",
                     "docs/guide.md", "examples/python/app.py", "examples/go/main.go"]
        var time = project.pushedAt
        return (0..<count).map { index in
            let authorID = random.chance(0.6) ? project.ownerID : random.int(1...world.users.count)
            let files = (0..<random.int(1...3)).map { _ -> (String, String, Int, Int, String) in
                let path = random.pick(paths)
                let added = random.int(1...12), removed = random.int(0...6)
                return (path, "modified", added, removed, patch(path: path, added: added, removed: removed, random: &random))
            }
            let commit = FakeCommit(sha: shas[index], parentSHA: index + 1 < count ? shas[index + 1] : nil,
                                    message: random.pick(Vocabulary.commitMessages) + (random.chance(0.3) ? "\n\nCloses #\(random.int(1...40))" : ""),
                                    authorID: authorID, time: time,
                                    changes: files.map { (path: $0.0, status: $0.1, additions: $0.2, deletions: $0.3, patch: $0.4) })
            time -= random.int(600...86_400 * 4)
            return commit
        }
    }

    private static func patch(path: String, added: Int, removed: Int, random: inout SeededRandom) -> String {
        var lines = ["@@ -\(random.int(1...40)),\(removed + 3) +\(random.int(1...40)),\(added + 3) @@"]
        lines.append(" // context: \(path)")
        for index in 0..<removed { lines.append("-old line \(index) \(random.pick(Vocabulary.nameWords))") }
        for index in 0..<added { lines.append("+new line \(index) \(random.pick(Vocabulary.nameWords)) 更新") }
        lines.append(" }")
        return lines.joined(separator: "\n")
    }
}

/// An issue as stored (generated or created through the API).
struct FakeIssue: Sendable, Codable {
    let id: Int
    let number: String
    let projectID: Int
    let authorID: Int
    var title: String
    var body: String?
    var state: String
    let createdAt: Int
    var updatedAt: Int
    var labels: [String]
    var commentCount: Int
    /// Set through the update call (generated issues start with neither).
    var assigneeID: Int?
    var milestoneNumber: Int?
}

struct FakeComment: Sendable {
    let id: Int
    let authorID: Int
    var body: String
    let time: Int
    /// When its author last edited it (`updated_at`).
    var editedAt: Int?
}

/// Generated issues, comments and events.
enum Activity {
    static func issueNumber(projectID: Int, index: Int) -> String {
        "I" + String(projectID * 97 + index * 7919, radix: 36).uppercased().leftPadded(to: 5)
    }

    static func issues(project: FakeProject, world: World) -> [FakeIssue] {
        var random = SeededRandom(seed: UInt64(project.id), 11)
        let count = project.isEmpty ? 0 : random.int(0...36)
        var time = project.pushedAt
        let labels = ["bug", "enhancement", "question", "documentation", "good first issue"]
        return (0..<count).map { index in
            time -= random.int(3600...86_400 * 6)
            let closed = random.chance(0.35)
            return FakeIssue(
                id: project.id * 1000 + index, number: issueNumber(projectID: project.id, index: index), projectID: project.id,
                authorID: random.int(1...world.users.count), title: random.pick(Vocabulary.issueTitles),
                body: random.chance(0.1) ? nil : "### 问题描述 / Description\n\n\(random.pick(Vocabulary.commentBodies))\n\n- 版本: 1.\(random.int(0...9)).\(random.int(0...9))\n- OS: Linux",
                // Rejected is decided from the numbers, not the random stream, so every other generated value stays.
                state: closed ? ((project.id + index) % 5 == 0 ? "rejected" : "closed") : (random.chance(0.2) ? "progressing" : "open"),
                createdAt: time, updatedAt: time + random.int(0...86_400), labels: random.chance(0.5) ? [random.pick(labels)] : [],
                commentCount: random.int(0...8))
        }
    }

    static func comments(issue: FakeIssue, world: World) -> [FakeComment] {
        var random = SeededRandom(seed: UInt64(issue.id), 13)
        var time = issue.createdAt
        return (0..<issue.commentCount).map { index in
            time += random.int(600...86_400)
            return FakeComment(id: issue.id * 100 + index, authorID: random.int(1...world.users.count),
                               body: random.pick(Vocabulary.commentBodies), time: time)
        }
    }

    /// Event kinds generated, including one type no client knows (to prove unknown types never crash anything).
    static let eventTypes = ["PushEvent", "IssueEvent", "IssueCommentEvent", "PullRequestEvent", "ForkEvent", "StarEvent",
                             "WatchEvent", "CreateEvent", "MemberEvent", "ProjectDeployEvent"]

    /// A user's own events, newest first, with ids that decrease (so `prev_id` paging works).
    static func userEvents(user: FakeUser, world: World) -> [JSONEventSeed] {
        var random = SeededRandom(seed: UInt64(user.id), 17)
        let owned = world.projectsByOwner[user.id] ?? []
        let count = random.int(0...70)
        var time = World.now - random.int(0...86_400)
        return (0..<count).map { index in
            time -= random.int(600...86_400 * 2)
            let projectIndex = !owned.isEmpty && random.chance(0.6) ? random.pick(owned) : random.int(0...(world.projects.count - 1))
            return JSONEventSeed(id: 10_000_000 + user.id * 1000 + (999 - index), type: random.pick(eventTypes),
                                 actorID: user.id, projectID: world.projects[projectIndex].id, time: time, salt: random.next())
        }
    }

    static func repositoryEvents(project: FakeProject, world: World) -> [JSONEventSeed] {
        var random = SeededRandom(seed: UInt64(project.id), 19)
        let count = random.int(0...40)
        var time = project.pushedAt
        return (0..<count).map { index in
            time -= random.int(600...86_400 * 3)
            return JSONEventSeed(id: 200_000_000 + (project.id - 100_000) * 100 + (99 - index), type: random.pick(eventTypes),
                                 actorID: random.chance(0.5) ? project.ownerID : random.int(1...world.users.count),
                                 projectID: project.id, time: time, salt: random.next())
        }
    }
}

/// Enough to render an event: the payload is derived from `salt` when rendered.
struct JSONEventSeed: Sendable, Codable {
    let id: Int
    let type: String
    let actorID: Int
    let projectID: Int
    let time: Int
    let salt: UInt64
    var issueNumber: String? = nil
    var issueTitle: String? = nil
}
