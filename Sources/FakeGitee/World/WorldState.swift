import Foundation

/// What changes while FakeGitee runs: stars, watches, created issues and the events they cause. Generated content is
/// cached here too (files, commits, issues), made the first time someone asks. Optionally saved to a state file after
/// every change, so a restarted server remembers what an end-to-end test did.
@MainActor
public final class WorldState {
    /// Forks and new branches change it (WorldState+Forks.swift).
    public internal(set) var world: World
    let stateFile: String?
    private var starred: [Int: [Int]] = [:]
    private var watched: [Int: [Int]] = [:]
    private var starDelta: [Int: Int] = [:]
    private var watchDelta: [Int: Int] = [:]
    private var issuesByProject: [Int: [FakeIssue]] = [:]
    private var createdIssues: [FakeIssue] = []
    private var commentsByIssue: [Int: [FakeComment]] = [:]
    private var nextCommentID = 800_000_000
    private var extraUserEvents: [Int: [JSONEventSeed]] = [:]
    private var nextEventID = 900_000_000
    private var nextIssueID = 50_000_000
    var contentCache: [String: RepositoryContent] = [:]
    /// Files written through the contents API, per "projectID@branch" and path (nil: deleted), laid over the
    /// generated content (`RepositoryContent.applying`). Kept in memory only.
    var fileWrites: [String: [String: Data?]] = [:]
    private var commitCache: [String: [FakeCommit]] = [:]
    private var followerCache: [Int: [Int]] = [:]
    private var followingCache: [Int: [Int]] = [:]
    /// What merges, closes, reopens and comments changed on generated pull requests (WorldState+PullRequests.swift).
    var pullRequestChanges = PullRequestChanges()
    /// Whether generated pull requests keep their generated review rules (`Options.requiredReviews`).
    var generatesRequiredReviews = true
    /// Forks, created branches, commits written through the contents API and created pull requests
    /// (WorldState+Forks.swift).
    var forkChanges = ForkChanges()

    init(world: World, stateFile: String?) {
        self.world = world
        self.stateFile = stateFile
        load()
    }

    // MARK: Stars and watches

    public func starredProjects(of userID: Int) -> [Int] {
        if let list = starred[userID] { return list }
        let list = basePicks(userID: userID, salt: 23, count: userID <= 12 ? 25 : 12)
        starred[userID] = list
        return list
    }

    public func watchedProjects(of userID: Int) -> [Int] {
        if let list = watched[userID] { return list }
        let owned = (world.projectsByOwner[userID] ?? []).prefix(5).map { world.projects[$0].id }
        let list = Array(owned) + basePicks(userID: userID, salt: 29, count: 8).filter { !owned.contains($0) }
        watched[userID] = list
        return list
    }

    public func stars(of project: FakeProject) -> Int { max(0, project.baseStars + starDelta[project.id, default: 0]) }
    public func watches(of project: FakeProject) -> Int { max(0, project.baseWatches + watchDelta[project.id, default: 0]) }
    public func isStarred(_ project: FakeProject, by userID: Int?) -> Bool {
        userID.map { starredProjects(of: $0).contains(project.id) } ?? false
    }
    public func isWatched(_ project: FakeProject, by userID: Int?) -> Bool {
        userID.map { watchedProjects(of: $0).contains(project.id) } ?? false
    }

    public func setStarred(_ on: Bool, project: FakeProject, userID: Int) {
        setListed(on, project: project, list: starredProjects(of: userID), userID: userID, lists: \.starred,
                  counts: \.starDelta, event: "StarEvent")
    }

    public func setWatched(_ on: Bool, project: FakeProject, userID: Int) {
        setListed(on, project: project, list: watchedProjects(of: userID), userID: userID, lists: \.watched,
                  counts: \.watchDelta, event: "WatchEvent")
    }

    /// Stars and watches change alike: the project joins the front of the person's list (with its event) or leaves
    /// it, and the project's count follows.
    private func setListed(_ on: Bool, project: FakeProject, list current: [Int], userID: Int,
                           lists: ReferenceWritableKeyPath<WorldState, [Int: [Int]]>,
                           counts: ReferenceWritableKeyPath<WorldState, [Int: Int]>, event: String) {
        var list = current
        guard list.contains(project.id) != on else { return }
        if on {
            list.insert(project.id, at: 0)
            self[keyPath: counts][project.id, default: 0] += 1
            recordEvent(type: event, actorID: userID, projectID: project.id)
        } else {
            list.removeAll { $0 == project.id }
            self[keyPath: counts][project.id, default: 0] -= 1
        }
        self[keyPath: lists][userID] = list
        save()
    }

    private func basePicks(userID: Int, salt: UInt64, count: Int) -> [Int] {
        var random = SeededRandom(seed: world.seed, UInt64(userID), salt)
        var picks: [Int] = []
        for _ in 0..<count {
            // Popular projects get starred more, as in life.
            // (The top 200, or all of a smaller world.)
            let top = min(200, world.popularOrder.count) - 1
            let index = random.chance(0.5) ? world.popularOrder[random.int(0...top)] : random.int(0...(world.projects.count - 1))
            let id = world.projects[index].id
            if !picks.contains(id) { picks.append(id) }
        }
        return picks
    }

    // MARK: Followers

    /// Who follows `user`: as many of the world's people as the profile's count says (capped by the world's size).
    func followers(of user: FakeUser) -> [Int] {
        if let list = followerCache[user.id] { return list }
        let list = picks(userID: user.id, salt: 37, count: min(user.followers, world.users.count - 1))
        followerCache[user.id] = list
        return list
    }

    func following(of user: FakeUser) -> [Int] {
        if let list = followingCache[user.id] { return list }
        let list = picks(userID: user.id, salt: 41, count: min(user.following, world.users.count - 1))
        followingCache[user.id] = list
        return list
    }

    /// `count` distinct user ids other than `userID`, in a seeded order.
    private func picks(userID: Int, salt: UInt64, count: Int) -> [Int] {
        var random = SeededRandom(seed: world.seed, UInt64(userID), salt)
        var chosen: [Int] = []
        var seen: Set<Int> = [userID]
        while chosen.count < count {
            let id = random.int(1...world.users.count)
            if seen.insert(id).inserted { chosen.append(id) }
        }
        return chosen
    }

    // MARK: Issues

    func issues(of project: FakeProject) -> [FakeIssue] {
        if let list = issuesByProject[project.id] { return list }
        let list = createdIssues.filter { $0.projectID == project.id }.reversed() + Activity.issues(project: project, world: world)
        issuesByProject[project.id] = list
        return list
    }

    func openIssueCount(of project: FakeProject) -> Int {
        issues(of: project).filter { $0.state == "open" || $0.state == "progressing" }.count
    }

    /// Changes an issue's state (the update call); nil when there is no such issue.
    func setIssueState(_ state: String, number: String, project: FakeProject) -> FakeIssue? {
        updateIssue(number: number, project: project) { $0.state = state }
    }

    /// Changes an issue (the update call); nil when there is no such issue.
    func updateIssue(number: String, project: FakeProject, _ change: (inout FakeIssue) -> Void) -> FakeIssue? {
        var list = issues(of: project)
        guard let index = list.firstIndex(where: { $0.number == number }) else { return nil }
        change(&list[index])
        list[index].updatedAt = World.writeTime
        issuesByProject[project.id] = list
        return list[index]
    }

    // MARK: Issue comments (generated once, then changed by the API)

    func comments(of issue: FakeIssue) -> [FakeComment] {
        if let list = commentsByIssue[issue.id] { return list }
        let list = Activity.comments(issue: issue, world: world)
        commentsByIssue[issue.id] = list
        return list
    }

    func addComment(to issue: FakeIssue, project: FakeProject, authorID: Int, body: String) -> FakeComment {
        nextCommentID += 1
        let comment = FakeComment(id: nextCommentID, authorID: authorID, body: body,
                                  time: World.writeTime)
        commentsByIssue[issue.id] = comments(of: issue) + [comment]
        adjustCommentCount(of: issue, project: project, by: 1)
        return comment
    }

    /// The comment with `id` on any issue of `project`, with the issue it is on.
    func comment(id: Int, project: FakeProject) -> (comment: FakeComment, issue: FakeIssue)? {
        FakeComment.find(id, among: issues(of: project), comments: comments(of:)).map { ($0.comment, $0.thread) }
    }

    func editComment(id: Int, issue: FakeIssue, body: String) -> FakeComment? {
        commentsByIssue.edit(id, body: body, thread: issue.id, current: comments(of: issue))
    }

    func deleteComment(id: Int, issue: FakeIssue, project: FakeProject) {
        commentsByIssue[issue.id] = comments(of: issue).filter { $0.id != id }
        adjustCommentCount(of: issue, project: project, by: -1)
    }

    private func adjustCommentCount(of issue: FakeIssue, project: FakeProject, by change: Int) {
        var list = issues(of: project)
        guard let index = list.firstIndex(where: { $0.id == issue.id }) else { return }
        list[index].commentCount = max(0, list[index].commentCount + change)
        issuesByProject[project.id] = list
    }

    func createIssue(project: FakeProject, authorID: Int, title: String, body: String?) -> FakeIssue {
        let existing = issues(of: project)
        nextIssueID += 1
        let issue = FakeIssue(id: nextIssueID, number: Activity.issueNumber(projectID: project.id, index: 500 + nextIssueID % 100_000),
                              projectID: project.id, authorID: authorID, title: title, body: body, state: "open",
                              createdAt: World.writeTime, updatedAt: World.writeTime,
                              labels: [], commentCount: 0)
        issuesByProject[project.id] = [issue] + existing
        createdIssues.append(issue)
        var event = recordEvent(type: "IssueEvent", actorID: authorID, projectID: project.id)
        event.issueNumber = issue.number
        event.issueTitle = title
        replaceLastEvent(event, actorID: authorID)
        save()
        return issue
    }

    // MARK: Events

    func userEvents(of user: FakeUser) -> [JSONEventSeed] {
        (extraUserEvents[user.id] ?? []) + Activity.userEvents(user: user, world: world)
    }

    @discardableResult
    private func recordEvent(type: String, actorID: Int, projectID: Int) -> JSONEventSeed {
        nextEventID += 1
        let event = JSONEventSeed(id: nextEventID, type: type, actorID: actorID, projectID: projectID,
                                  time: World.writeTime, salt: UInt64(nextEventID))
        extraUserEvents[actorID, default: []].insert(event, at: 0)
        return event
    }

    private func replaceLastEvent(_ event: JSONEventSeed, actorID: Int) {
        if extraUserEvents[actorID]?.isEmpty == false { extraUserEvents[actorID]?[0] = event }
    }

    // MARK: Generated content caches

    func content(of project: FakeProject, branch: String) -> RepositoryContent {
        let key = "\(project.id)@\(branch)"
        if let cached = contentCache[key] { return cached }
        if contentCache.count > 64 { contentCache.removeAll() }
        // A fork's branches and a branch made through the API start as the content they were made from.
        let origin = contentOrigins[key].flatMap { origin in world.project(id: origin.projectID).map { ($0, origin.branch) } }
            ?? (project, branch)
        let content = RepositoryContent.make(project: origin.0, ownerLogin: world.owner(of: origin.0).login, branch: origin.1)
            .applying(fileWrites[key] ?? [:], seed: UInt64(project.id), branch: branch)
        contentCache[key] = content
        return content
    }

    /// Writes (or with nil deletes) one file on one branch; the next read sees it.
    func writeFile(_ data: Data?, path: String, project: FakeProject, branch: String) {
        let key = "\(project.id)@\(branch)"
        fileWrites[key, default: [:]][path] = .some(data)
        contentCache[key] = nil
    }

    func commits(of project: FakeProject, branch: String) -> [FakeCommit] {
        let key = "\(project.id)@\(branch)"
        if let cached = commitCache[key] { return cached }
        if commitCache.count > 256 { commitCache.removeAll() }
        let commits = History.commits(project: project, branch: branch, world: world)
        commitCache[key] = commits
        return commits
    }

    // MARK: Persistence

    private func save() {
        guard let stateFile else { return }
        func lists(_ source: [Int: [Int]]) -> JSON {
            .object(source.keys.sorted().compactMap { userID in
                guard let user = world.user(id: userID) else { return nil }
                return (user.login, .array((source[userID] ?? []).compactMap { world.project(id: $0).map { .string(world.fullName(of: $0)) } }))
            })
        }
        let issues = JSON.array(createdIssues.compactMap { issue in
            guard let project = world.project(id: issue.projectID), let author = world.user(id: issue.authorID) else { return nil }
            return .object([("project", .string(world.fullName(of: project))), ("author", .string(author.login)),
                            ("title", .string(issue.title)), ("body", .text(issue.body)), ("created_at", .int(issue.createdAt))])
        })
        let document = JSON.object([("starred", lists(starred)), ("watched", lists(watched)), ("issues", issues)])
        try? document.serialized().write(to: URL(fileURLWithPath: stateFile), options: .atomic)
    }

    private func load() {
        guard let stateFile, let data = FileManager.default.contents(atPath: stateFile), let document = JSON.parse(data) else { return }
        for (key, apply) in [("starred", true), ("watched", false)] {
            guard case .object(let members)? = document[key] else { continue }
            for (login, names) in members {
                guard let user = world.user(login: login) else { continue }
                let wanted = names.arrayValue.compactMap(\.stringValue).compactMap { name -> FakeProject? in
                    let parts = name.split(separator: "/")
                    return parts.count == 2 ? world.project(owner: String(parts[0]), repo: String(parts[1])) : nil
                }
                let current = apply ? starredProjects(of: user.id) : watchedProjects(of: user.id)
                for project in wanted where !current.contains(project.id) {
                    apply ? setStarredQuietly(project, user.id) : setWatchedQuietly(project, user.id)
                }
                for id in current where !wanted.contains(where: { $0.id == id }) {
                    guard let project = world.project(id: id) else { continue }
                    if apply { starred[user.id]?.removeAll { $0 == id }; starDelta[project.id, default: 0] -= 1 }
                    else { watched[user.id]?.removeAll { $0 == id }; watchDelta[project.id, default: 0] -= 1 }
                }
                if apply { starred[user.id] = wanted.map(\.id) } else { watched[user.id] = wanted.map(\.id) }
            }
        }
        for item in document["issues"]?.arrayValue ?? [] {
            guard let name = item["project"]?.stringValue, let title = item["title"]?.stringValue else { continue }
            let parts = name.split(separator: "/")
            guard parts.count == 2, let project = world.project(owner: String(parts[0]), repo: String(parts[1])),
                  let author = item["author"]?.stringValue.flatMap(world.user(login:)) else { continue }
            nextIssueID += 1
            createdIssues.append(FakeIssue(id: nextIssueID, number: Activity.issueNumber(projectID: project.id, index: 500 + nextIssueID % 100_000),
                                           projectID: project.id, authorID: author.id, title: title, body: item["body"]?.stringValue,
                                           state: "open", createdAt: item["created_at"]?.intValue ?? World.now,
                                           updatedAt: item["created_at"]?.intValue ?? World.now, labels: [], commentCount: 0))
        }
    }

    private func setStarredQuietly(_ project: FakeProject, _ userID: Int) { starDelta[project.id, default: 0] += 1 }
    private func setWatchedQuietly(_ project: FakeProject, _ userID: Int) { watchDelta[project.id, default: 0] += 1 }
}
