/// A generated pull request of a project: branches, a markdown body, and its commits (whose changes make the files).
struct FakePullRequest: Sendable {
    let id: Int
    let number: Int
    let projectID: Int
    let authorID: Int
    let title: String
    let body: String?
    /// "open", "closed" or "merged" (changed by a merge, a close or a reopen: `WorldState.pullRequests(of:)`).
    var state: String
    let headBranch: String
    let baseBranch: String
    let createdAt: Int
    var updatedAt: Int
    let commentCount: Int
    /// The head conflicts with the base: the site says `mergeable: false` and refuses to merge.
    let hasConflicts: Bool
    let commits: [FakeCommit]
    /// Who is asked to review (`assignees`) and to test (`testers`), in the order asked, and whether they passed it
    /// (`accept`). Empty when generated; set through the API (`WorldState.pullRequests(of:)` lays them over).
    var reviewers: [FakeReview] = []
    var testers: [FakeReview] = []
    /// The project's review settings as the pull request carries them (`assignees_number`, `testers_number`): how
    /// many reviewers must approve and testers pass before it may be merged. Generated: a seeded share needs one.
    var requiredApprovals = 0
    var requiredTests = 0

    /// Opened from another project (a fork) through the API: its id; nil for the project itself.
    var headProjectID: Int? = nil

    /// Why the project's review rules still hold a merge back (nil: enough reviewers approved and testers passed).
    var reviewsMissing: String? {
        let approvals = reviewers.filter(\.accepted).count, tests = testers.filter(\.accepted).count
        if approvals < requiredApprovals {
            return "此 Pull Request 还需要 \(requiredApprovals - approvals) 人审查通过 (needs \(requiredApprovals) approvals, has \(approvals))"
        }
        if tests < requiredTests {
            return "此 Pull Request 还需要 \(requiredTests - tests) 人测试通过 (needs \(requiredTests) passed tests, has \(tests))"
        }
        return nil
    }

    /// The changed files of the whole pull request: each path once, with the counts and hunks of all its commits.
    var files: [(path: String, status: String, additions: Int, deletions: Int, patch: String)] { Self.mergedFiles(of: commits) }

    /// The changed files of `commits` (newest first): each path once, with the counts and hunks of all its commits.
    static func mergedFiles(of commits: [FakeCommit]) -> [(path: String, status: String, additions: Int, deletions: Int, patch: String)] {
        var order: [String] = []
        var merged: [String: (status: String, additions: Int, deletions: Int, patch: String)] = [:]
        for change in commits.reversed().flatMap(\.changes) {
            if let existing = merged[change.path] {
                merged[change.path] = (existing.status, existing.additions + change.additions,
                                       existing.deletions + change.deletions, existing.patch + "\n" + change.patch)
            } else {
                order.append(change.path)
                merged[change.path] = (change.status, change.additions, change.deletions, change.patch)
            }
        }
        return order.compactMap { path in merged[path].map { (path, $0.status, $0.additions, $0.deletions, $0.patch) } }
    }
}

/// Pull requests, deterministic from the world seed and the project: 0 to 14 per non-empty project, newest first,
/// numbered from 1 like Gitee's per-project numbers.
enum PullRequests {
    static func pullRequests(project: FakeProject, world: World) -> [FakePullRequest] {
        guard !project.isEmpty, let base = project.defaultBranch else { return [] }
        var random = SeededRandom(seed: world.seed, UInt64(project.id), 23)
        let count = random.int(0...14)
        var time = project.pushedAt
        let topics = ["fix", "feature", "docs", "refactor", "perf"]
        return (0..<count).map { index in
            time -= random.int(3600...86_400 * 5)
            let number = count - index
            let roll = random.int(0...99)
            let state = roll < 50 ? "open" : roll < 80 ? "merged" : "closed"
            let authorID = random.chance(0.4) ? project.ownerID : random.int(1...world.users.count)
            let head = "\(random.pick(topics))/\(random.pick(Vocabulary.nameWords).lowercased())-\(number)"
            let commits = commitsOf(projectID: project.id, number: number, authorID: authorID, time: time,
                                    seed: world.seed, random: &random)
            let summary = random.pick(Vocabulary.commentBodies)
            let body: String? = random.chance(0.1) ? nil : """
                ## 变更说明 / What changed

                \(summary)

                - [x] 单元测试 / unit tests
                - [ ] 文档 / docs

                ```
                make test
                ```
                """
            // A stream of its own, so that adding it left every other generated value as it was.
            var conflicts = SeededRandom(seed: world.seed, UInt64(project.id), UInt64(number), 47)
            var settings = SeededRandom(seed: world.seed, UInt64(project.id), UInt64(number), 53)
            var pull = FakePullRequest(id: project.id * 1000 + 500 + number, number: number, projectID: project.id,
                                   authorID: authorID, title: random.pick(Vocabulary.commitMessages), body: body,
                                   state: state, headBranch: head, baseBranch: base, createdAt: time,
                                   updatedAt: time + random.int(0...86_400), commentCount: random.int(0...6),
                                   hasConflicts: conflicts.chance(0.25), commits: commits)
            // Required reviews (a stream of its own too): a third need one approval, a sixth one passed test.
            pull.requiredApprovals = settings.chance(0.33) ? 1 : 0
            pull.requiredTests = settings.chance(0.17) ? 1 : 0
            return pull
        }
    }

    static func comments(of pull: FakePullRequest, world: World) -> [FakeComment] {
        var random = SeededRandom(seed: world.seed, UInt64(pull.id), 29)
        var time = pull.createdAt
        return (0..<pull.commentCount).map { index in
            time += random.int(600...86_400)
            return FakeComment(id: pull.id * 100 + index, authorID: random.int(1...world.users.count),
                               body: random.pick(Vocabulary.commentBodies), time: time)
        }
    }

    /// One to five commits, newest first, each touching one or two files.
    private static func commitsOf(projectID: Int, number: Int, authorID: Int, time: Int, seed: UInt64,
                                  random: inout SeededRandom) -> [FakeCommit] {
        let paths = ["README.md", "src/lib.rs", "src/main.go", "docs/guide.md", "CHANGELOG.md", "tests/basic_test.py"]
        let count = random.int(1...5)
        let shas = (0...count).map { fakeSHA(seed, UInt64(projectID), UInt64(number), UInt64($0), 31) }
        return (0..<count).map { index in
            let changes = (0..<random.int(1...2)).map { _ -> (path: String, status: String, additions: Int, deletions: Int, patch: String) in
                let path = random.pick(paths)
                let added = random.int(1...9), removed = random.int(0...4)
                var lines = ["@@ -\(random.int(1...30)),\(removed + 2) +\(random.int(1...30)),\(added + 2) @@", " // \(path)"]
                for line in 0..<removed { lines.append("-old \(line) \(random.pick(Vocabulary.nameWords))") }
                for line in 0..<added { lines.append("+new \(line) \(random.pick(Vocabulary.nameWords)) 改进") }
                lines.append(" }")
                return (path, "modified", added, removed, lines.joined(separator: "\n"))
            }
            return FakeCommit(sha: shas[index], parentSHA: shas[index + 1], message: random.pick(Vocabulary.commitMessages),
                              authorID: authorID, time: time + (count - index) * 600, changes: changes)
        }
    }
}
