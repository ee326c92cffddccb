import Foundation

/// A notification thread of one user, pointing at an issue or a pull request of a generated project.
struct FakeNotification: Sendable {
    let id: Int
    let userID: Int
    let content: String
    /// "event" or "referer" (an @mention).
    let type: String
    var unread: Bool
    let time: Int
    let actorID: Int
    let projectID: Int
    let subjectTitle: String
    /// "Issue" or "PullRequest".
    let subjectType: String
    /// The issue's number ("I4CD5P") or the pull request's ("3").
    let number: String
}

/// A private message to one user.
struct FakeMessage: Sendable {
    let id: Int
    let userID: Int
    let senderID: Int
    let content: String
    var unread: Bool
    let time: Int
}

/// Everyone's notifications and private messages: generated per user on first use (deterministic from the world
/// seed), then changed by the API (marking read) and by the control route that creates new ones. Kept in memory only.
@MainActor
final class FakeInbox {
    private let world: World
    private var threads: [Int: [FakeNotification]] = [:]
    private var messages: [Int: [FakeMessage]] = [:]
    private var nextID = 70_000_000

    init(world: World) { self.world = world }

    /// Newest first.
    func notifications(of userID: Int) -> [FakeNotification] {
        if let list = threads[userID] { return list }
        let list = generatedNotifications(userID: userID)
        threads[userID] = list
        return list
    }

    func messages(of userID: Int) -> [FakeMessage] {
        if let list = messages[userID] { return list }
        var random = SeededRandom(seed: world.seed, UInt64(userID), 41)
        var time = World.now
        let list = (0..<random.int(0...3)).map { index in
            time -= random.int(3600...86_400 * 3)
            return FakeMessage(id: 60_000_000 + userID * 10 + index, userID: userID,
                               senderID: random.int(1...world.users.count),
                               content: random.pick(Vocabulary.commentBodies), unread: random.chance(0.5), time: time)
        }
        messages[userID] = list
        return list
    }

    /// Marks one of the user's threads read; false when the user has no such thread.
    func markNotificationRead(id: Int, userID: Int) -> Bool {
        guard let index = notifications(of: userID).firstIndex(where: { $0.id == id }) else { return false }
        threads[userID]?[index].unread = false
        return true
    }

    /// Marks the user's threads read: all of them, or those in `ids`.
    func markAllNotificationsRead(userID: Int, ids: Set<Int>?) {
        let list = notifications(of: userID)
        threads[userID] = list.map { thread in
            var thread = thread
            if ids?.contains(thread.id) ?? true { thread.unread = false }
            return thread
        }
    }

    func markMessageRead(id: Int, userID: Int) -> Bool {
        guard let index = messages(of: userID).firstIndex(where: { $0.id == id }) else { return false }
        messages[userID]?[index].unread = false
        return true
    }

    func markAllMessagesRead(userID: Int) {
        messages[userID] = messages(of: userID).map { message in
            var message = message
            message.unread = false
            return message
        }
    }

    /// One of the user's threads; nil when the user has no such thread.
    func notification(id: Int, userID: Int) -> FakeNotification? {
        notifications(of: userID).first { $0.id == id }
    }

    /// A new unread thread for the user, on top (the control route's `POST /__fake/notifications`): `title` is the
    /// subject's (the issue's or pull request's own title), `content` what happened, which does not repeat it.
    func addNotification(userID: Int, project: FakeProject, subjectType: String, number: String, title: String,
                         content: String, type: String, actorID: Int) -> FakeNotification {
        nextID += 1
        let notification = FakeNotification(
            id: nextID, userID: userID, content: content, type: type, unread: true,
            time: World.writeTime, actorID: actorID, projectID: project.id,
            subjectTitle: title, subjectType: subjectType, number: number)
        threads[userID] = [notification] + notifications(of: userID)
        return notification
    }

    /// A new unread private message for the user, on top.
    func addMessage(userID: Int, senderID: Int, content: String) -> FakeMessage {
        nextID += 1
        let message = FakeMessage(id: nextID, userID: userID, senderID: senderID, content: content, unread: true,
                                  time: World.writeTime)
        messages[userID] = [message] + messages(of: userID)
        return message
    }

    /// What happened, without the subject's title ("li 评论了 Pull Request", "li 在评论中提到了你").
    static func content(actor: String, subjectType: String, mention: Bool) -> String {
        if mention { return "\(actor) 在评论中提到了你" }
        return subjectType == "PullRequest" ? "\(actor) 评论了 Pull Request" : "\(actor) 更新了 Issue"
    }

    /// 3 to 8 threads about issues and pull requests of generated projects, about half unread.
    private func generatedNotifications(userID: Int) -> [FakeNotification] {
        var random = SeededRandom(seed: world.seed, UInt64(userID), 37)
        var time = World.now
        var list: [FakeNotification] = []
        for index in 0..<random.int(3...8) {
            time -= random.int(1800...86_400 * 2)
            let project = world.projects[random.int(0...(world.projects.count - 1))]
            let actorID = random.int(1...world.users.count)
            let actor = world.user(id: actorID)?.name ?? ""
            let pulls = PullRequests.pullRequests(project: project, world: world)
            let issues = Activity.issues(project: project, world: world)
            let subjectType: String, number: String, title: String
            if random.chance(0.5), let pull = pulls.first {
                (subjectType, number, title) = ("PullRequest", "\(pull.number)", pull.title)
            } else if let issue = issues.first {
                (subjectType, number, title) = ("Issue", issue.number, issue.title)
            } else {
                continue
            }
            let mention = random.chance(0.3)
            // Generic, as the spec promises nothing about `content`: a client must show `subject.title` to tell
            // threads apart.
            let content = Self.content(actor: actor, subjectType: subjectType, mention: mention)
            list.append(FakeNotification(id: 65_000_000 + userID * 10 + index, userID: userID, content: content,
                                         type: mention ? "referer" : "event", unread: random.chance(0.5), time: time,
                                         actorID: actorID, projectID: project.id, subjectTitle: title,
                                         subjectType: subjectType, number: number))
        }
        return list
    }
}
