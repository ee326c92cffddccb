import Foundation

/// `POST /__fake/bench-pages` (bench/pages.py, issue 29): seeds the large pages the page benchmark opens, in one
/// project of the generated world: an issue with 1,000 comments, a pull request whose Files changed holds 10,000
/// lines (300 files, Gitee's cap on a pull request's files), and 500 notifications for every fixture account.
/// Answers `{"repo": "owner/name", "issue": "<number>", "pull": <number>, "readmes": ["owner/name", ...]}` (50
/// public projects with a README, for the memory run); calling it again changes nothing more.
/// Only the benchmark calls it, so the end-to-end tests never see these sizes.
extension FakeGiteeServer {
    typealias PullFile = (path: String, status: String, additions: Int, deletions: Int, patch: String)

    static let benchComments = 1_000
    static let benchDiffFiles = 300
    static let benchDiffLines = 10_000
    static let benchNotifications = 500

    func registerBenchPageRoutes() {
        router.add("POST", "/__fake/bench-pages") { [unowned self] _, _ in
            guard let seeded = seedBenchPages() else { return .error(422, "no project has an issue, a pull request and a release") }
            let readmes = world.projects.lazy.filter { !$0.isPrivate && !$0.isEmpty }.prefix(50)
                .map { JSON.string(self.world.fullName(of: $0)) }
            return .json(.object([("repo", .string(seeded.repo)), ("issue", .string(seeded.issue)), ("pull", .int(seeded.pull)),
                                  ("readmes", .array(Array(readmes)))]))
        }
    }

    /// The first public project with an open issue, a pull request and a release.
    private func benchProject() -> (project: FakeProject, issue: FakeIssue, pull: FakePullRequest)? {
        for project in world.projects.prefix(2_000) where !project.isPrivate && !project.isEmpty {
            guard let issue = state.issues(of: project).first(where: { $0.state == "open" }),
                  let pull = state.pullRequests(of: project).first,
                  !Releases.of(project, world: world).isEmpty else { continue }
            return (project, issue, pull)
        }
        return nil
    }

    private func seedBenchPages() -> (repo: String, issue: String, pull: Int)? {
        guard let (project, issue, pull) = benchProject() else { return nil }
        var random = SeededRandom(seed: world.seed, UInt64(project.id), 97)
        let missing = Self.benchComments - state.comments(of: issue).count
        for _ in 0..<max(0, missing) {
            _ = state.addComment(to: issue, project: project, authorID: random.int(1...world.users.count),
                                 body: random.pick(Vocabulary.commentBodies))
        }
        benchPullFiles[pull.id] = Self.benchFiles(count: Self.benchDiffFiles, lines: Self.benchDiffLines)
        for account in authority.fixture.accounts {
            guard let user = world.user(login: account.login) else { continue }
            let missingThreads = Self.benchNotifications - inbox.notifications(of: user.id).count
            for index in 0..<max(0, missingThreads) {
                let actorID = random.int(1...world.users.count)
                let actor = world.user(id: actorID)?.name ?? ""
                let onPull = index % 2 == 0
                _ = inbox.addNotification(
                    userID: user.id, project: project, subjectType: onPull ? "PullRequest" : "Issue",
                    number: onPull ? "\(pull.number)" : issue.number, title: onPull ? pull.title : issue.title,
                    content: FakeInbox.content(actor: actor, subjectType: onPull ? "PullRequest" : "Issue", mention: index % 7 == 0),
                    type: index % 7 == 0 ? "referer" : "event", actorID: actorID)
            }
        }
        return (world.fullName(of: project), issue.number, pull.number)
    }

    /// `count` modified files holding `lines` lines between them: a third context, a third removed, a third added.
    static func benchFiles(count: Int, lines: Int) -> [PullFile] {
        let perFile = max(3, lines / max(1, count))
        return (0..<count).map { index in
            let triples = perFile / 3
            var patch = "@@ -\(index * 10 + 1),\(triples * 2) +\(index * 10 + 1),\(triples * 2) @@ func f\(index)()\n"
            for line in 0..<triples {
                patch += "     let keep\(line) = value(\(line)) // unchanged context line\n"
                patch += "-    let old\(line) = compute(\(line), mode: .legacy)\n"
                patch += "+    let new\(line) = compute(\(line), mode: .current, retries: 3)\n"
            }
            return ("Sources/Module\(index / 20)/File\(index).swift", "modified", triples, triples, patch)
        }
    }
}
