import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Notifications and private messages: the spec's shapes decode, and FakeGitee serves them for the token's user.
final class NotificationDecodingTests: XCTestCase {
    func testSpecShapesDecode() throws {
        let threads = try JSONNodeDecoding.decode(NotificationList<NotificationThread>.self, from: Data("""
            {"total_count": 2, "list": [
              {"id": 7, "content": "li 提到了你", "type": "referer", "unread": true, "mute": false,
               "updated_at": "2024-05-06T07:08:09+08:00", "url": "https://gitee.com/api/v5/notifications/threads/7",
               "html_url": "https://gitee.com/o/r/issues/I1", "actor": {"id": 1, "login": "li", "name": "Li"},
               "repository": {"id": 2, "full_name": "o/r", "path": "r", "name": "R"},
               "subject": {"title": "Crash", "url": "https://gitee.com/api/v5/repos/o/r/issues/I1", "type": "Issue"},
               "namespaces": [{"name": "R", "html_url": "https://gitee.com/o/r", "type": "project"}]},
              {"id": "8", "unread": "false"}]}
            """.utf8))
        XCTAssertEqual(threads.totalCount, 2)
        XCTAssertEqual(threads.items.map(\.id), [7, 8])
        let first = threads.items[0]
        XCTAssertTrue(first.isUnread)
        XCTAssertEqual(first.type, "referer")
        XCTAssertEqual(first.subject?.type, "Issue")
        XCTAssertEqual(first.subject?.title, "Crash")
        XCTAssertEqual(first.repository?.fullName, "o/r")
        XCTAssertEqual(first.actor?.login, "li")
        XCTAssertEqual(first.htmlURL, "https://gitee.com/o/r/issues/I1")
        XCTAssertEqual(first.updatedAt?.text, "2024-05-06T07:08:09+08:00")
        XCTAssertFalse(threads.items[1].isUnread)

        let messages = try JSONNodeDecoding.decode(NotificationList<PrivateMessage>.self, from: Data("""
            {"total_count": 1, "list": [{"id": 3, "sender": {"id": 1, "login": "li"}, "unread": true, "content": "hi",
              "updated_at": "2024-05-06T07:08:09+08:00", "html_url": "https://gitee.com/notifications/messages/3"}]}
            """.utf8))
        XCTAssertEqual(messages.items.first?.sender?.login, "li")
        XCTAssertEqual(messages.items.first?.content, "hi")
        XCTAssertEqual(messages.items.first?.isUnread, true)

        let count = try JSONNodeDecoding.decode(NotificationCount.self, from: Data(#"{"notification_count": 4, "message_count": -2}"#.utf8))
        XCTAssertEqual(count.notifications, 4)
        XCTAssertEqual(count.messages, 0, "negative counts are clamped")
        XCTAssertEqual(count.total, 4)
        let empty = try JSONNodeDecoding.decode(NotificationList<NotificationThread>.self, from: Data(#"{"list": null}"#.utf8))
        XCTAssertTrue(empty.items.isEmpty)
    }

    func testEndpointsFollowTheSpec() {
        XCTAssertEqual(Endpoints.notificationThreads(perPage: 50).summary, "GET /api/v5/notifications/threads")
        XCTAssertEqual(Endpoints.notificationThreads(unreadOnly: true).summary, "GET /api/v5/notifications/threads?unread=true")
        XCTAssertEqual(Endpoints.privateMessages().summary, "GET /api/v5/notifications/messages")
        XCTAssertEqual(Endpoints.unreadNotificationCount().summary, "GET /api/v5/notifications/count?unread=true")
        XCTAssertEqual(Endpoints.markNotificationRead(id: 7).summary, "PATCH /api/v5/notifications/threads/7")
        XCTAssertEqual(Endpoints.markMessageRead(id: 3).summary, "PATCH /api/v5/notifications/messages/3")
        XCTAssertEqual(Endpoints.markAllNotificationsRead(ids: [1, 2]).form, [QueryItem("ids", "1,2")])
        XCTAssertEqual(Endpoints.markAllNotificationsRead().method, .put)
        XCTAssertTrue(Endpoints.notificationThreads().requiresAuth)
    }
}

/// A FakeGitee control call (`/__fake/...`): GET without fields, POST with them.
@MainActor
private func control(_ path: String, _ form: [QueryItem]? = nil) async throws -> JSONValue {
    let parts = path.split(separator: "?", maxSplits: 1)
    var endpoint = Endpoint<Data>(form == nil ? .get : .post, .root, path: String(parts[0]), form: form) { $0.body }
    if parts.count > 1 { endpoint.query = FormEncoding.decode(String(parts[1])) }
    return try JSONNodeDecoding.decode(JSONValue.self, from: try await Fake.client().send(endpoint))
}

final class NotificationServerTests: XCTestCase {
    override func setUp() {
        onMainLoop { Fake.reset() }
    }

    func testLoginIsRequired() {
        onMainLoop {
            let anonymous = Fake.client()
            await assertThrows(.unauthorized(nil)) { try await anonymous.page(Endpoints.notificationThreads()) }
            var unchecked = Endpoints.notificationThreads()
            unchecked.requiresAuth = false
            await assertThrows(.unauthorized("401 Unauthorized: Access token does not exist")) {
                try await anonymous.page(unchecked)
            }
        }
    }

    func testCreatedNotificationIsListedCountedAndMarkedReadOnTheServer() {
        onMainLoop {
            let client = Fake.client(credential: Fake.demoToken)
            let project = try await PullRequestServerTests.projectWithPullRequests(client, atLeast: 1)
            let created = try await control("/__fake/notifications", [
                QueryItem("login", "mayun-demo"), QueryItem("repo", project.fullName), QueryItem("kind", "pull"),
                QueryItem("title", "请审查 / Please review"),
            ])
            let id = try XCTUnwrap(created["id"]?.intValue)
            let before = try await client.send(Endpoints.unreadNotificationCount())
            let threads = try await client.page(Endpoints.notificationThreads(perPage: 100)).items
            let thread = try XCTUnwrap(threads.first)
            XCTAssertEqual(thread.id, id, "the new one is on top")
            XCTAssertTrue(thread.isUnread)
            XCTAssertEqual(thread.subject?.type, "PullRequest")
            XCTAssertEqual(thread.repository?.fullName, project.fullName)
            XCTAssertTrue(thread.htmlURL?.hasPrefix("\(Fake.server.baseURL)/\(project.fullName)/pulls/") ?? false)
            XCTAssertEqual(before.notifications, threads.filter(\.isUnread).count)

            _ = try await client.send(Endpoints.markNotificationRead(id: id))
            let patch = try XCTUnwrap(Fake.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.path, "/api/v5/notifications/threads/\(id)")
            XCTAssertEqual(patch.status, 205)
            let unread = try await client.page(Endpoints.notificationThreads(unreadOnly: true, perPage: 100)).items
            XCTAssertFalse(unread.contains { $0.id == id }, "read on the server")
            let after = try await client.send(Endpoints.unreadNotificationCount())
            XCTAssertEqual(after.notifications, before.notifications - 1)

            _ = try await client.send(Endpoints.markAllNotificationsRead(ids: unread.map(\.id)))
            let none = try await client.page(Endpoints.notificationThreads(unreadOnly: true, perPage: 100)).items
            XCTAssertTrue(none.isEmpty)
            await assertThrows(.notFound("404 Notification Not Found")) {
                try await client.send(Endpoints.markNotificationRead(id: 1))
            }
        }
    }

    func testThreadsCarryTheirSubjectAndContentDoesNotRepeatIt() {
        onMainLoop {
            let client = Fake.client(credential: Fake.demoToken)
            let project = try await PullRequestServerTests.projectWithPullRequests(client, atLeast: 1)
            let pulls = try await client.page(Endpoints.pullRequests(
                owner: project.ownerPath, repo: project.repoPath, state: .all, perPage: 100)).items
            let pull = try XCTUnwrap(pulls.first)
            let created = try await control("/__fake/notifications", [
                QueryItem("login", "mayun-demo"), QueryItem("repo", project.fullName), QueryItem("kind", "pull"),
                QueryItem("number", "\(pull.number)"), QueryItem("mention", "true"),
            ])
            let id = try XCTUnwrap(created["id"]?.intValue)
            let thread = try await client.send(Endpoint<NotificationThread>(
                .get, .v5, path: "/notifications/threads/\(id)", requiresAuth: true))
            XCTAssertEqual(thread.subject?.title, pull.title, "the pull request's own title")
            XCTAssertEqual(thread.subject?.type, "PullRequest")
            XCTAssertEqual(thread.subject?.url, "\(Fake.server.baseURL)/api/v5/repos/\(project.fullName)/pulls/\(pull.number)")
            XCTAssertEqual(thread.htmlURL, "\(Fake.server.baseURL)/\(project.fullName)/pulls/\(pull.number)")
            XCTAssertEqual(thread.type, "referer")
            XCTAssertFalse(thread.content.isEmpty)
            XCTAssertFalse(thread.content.contains(pull.title), "content says what happened, not what it is about")

            // Generated threads too: every one has a subject title its content does not embed.
            let threads = try await client.page(Endpoints.notificationThreads(perPage: 100)).items
            XCTAssertGreaterThan(threads.count, 1)
            for thread in threads {
                let title = try XCTUnwrap(thread.subject?.title)
                XCTAssertFalse(title.isEmpty)
                XCTAssertFalse(thread.content.contains(title), "\(thread.content) repeats \(title)")
                XCTAssertTrue(["Issue", "PullRequest"].contains(thread.subject?.type ?? ""))
            }

            // The spec's `type` filter, strictly: mentions only, and an unknown value is refused.
            var mentions = Endpoints.notificationThreads(perPage: 100)
            mentions.query.append(QueryItem("type", "referer"))
            let referers = try await client.page(mentions).items
            XCTAssertTrue(referers.contains { $0.id == id })
            XCTAssertTrue(referers.allSatisfy { $0.type == "referer" })
            var bogus = Endpoints.notificationThreads()
            bogus.query.append(QueryItem("type", "mentions"))
            await assertThrows(.validation("type does not have a valid value")) {
                try await client.page(bogus)
            }
            // Marking read by ids refuses an id that is not a number, and reads nothing then.
            await assertThrows(.validation("ids must be notification ids separated by ,")) {
                try await client.send(Endpoint<NoContent>(.put, .v5, path: "/notifications/threads",
                                                          form: [QueryItem("ids", "\(id),x")], requiresAuth: true))
            }
            let still = try await client.send(Endpoint<NotificationThread>(
                .get, .v5, path: "/notifications/threads/\(id)", requiresAuth: true))
            XCTAssertTrue(still.isUnread)
            await assertThrows(.notFound("404 Notification Not Found")) {
                try await client.send(Endpoint<NotificationThread>(.get, .v5, path: "/notifications/threads/1",
                                                                   requiresAuth: true))
            }
        }
    }

    func testMessagesAreTheirsAlone() {
        onMainLoop {
            let demo = Fake.client(credential: Fake.demoToken)
            let created = try await control("/__fake/notifications", [
                QueryItem("login", "mayun-demo"), QueryItem("kind", "message"), QueryItem("title", "你好"),
            ])
            let id = try XCTUnwrap(created["id"]?.intValue)
            let messages = try await demo.page(Endpoints.privateMessages(perPage: 100)).items
            XCTAssertEqual(messages.first?.id, id)
            XCTAssertEqual(messages.first?.content, "你好")
            XCTAssertEqual(messages.first?.isUnread, true)
            let tester = Fake.client()
            _ = try await tester.logIn(username: "tester", password: "secret-pass")
            await assertThrows(.notFound("404 Message Not Found")) {
                try await tester.send(Endpoints.markMessageRead(id: id))
            }
            let theirs = try await control("/__fake/notifications?login=mayun-demo")
            XCTAssertEqual(theirs["messages"]?.arrayValue.first?["unread"]?.boolValue, true, "another user cannot read it")
        }
    }

    func testAPrivateMessageIsSentValidatedAndReachesOnlyItsRecipient() {
        onMainLoop {
            let demo = Fake.client(credential: Fake.demoToken)
            let sent = try await demo.send(Endpoints.sendPrivateMessage(to: "tester", content: "周末见 <b>see you</b>"))
            XCTAssertEqual(sent.content, "周末见 <b>see you</b>")
            XCTAssertEqual(sent.sender?.login, "mayun-demo")
            XCTAssertTrue(sent.isUnread)
            let post = try XCTUnwrap(Fake.server.requestLog.last { $0.method == "POST" })
            XCTAssertEqual(post.path, "/api/v5/notifications/messages")
            XCTAssertEqual(post.status, 201)
            let tester = Fake.client()
            _ = try await tester.logIn(username: "tester", password: "secret-pass")
            let theirs = try await tester.page(Endpoints.privateMessages(perPage: 100)).items
            XCTAssertEqual(theirs.first?.id, sent.id, "the recipient has it on top")
            let mine = try await demo.page(Endpoints.privateMessages(perPage: 100)).items
            XCTAssertFalse(mine.contains { $0.id == sent.id }, "not in the sender's own inbox")

            await assertThrows(.validation("content is missing")) {
                try await demo.send(Endpoints.sendPrivateMessage(to: "tester", content: " \n "))
            }
            await assertThrows(.validation("username is missing")) {
                try await demo.send(Endpoints.sendPrivateMessage(to: "", content: "hi"))
            }
            await assertThrows(.validation("content is too long (at most 5000 characters)")) {
                try await demo.send(Endpoints.sendPrivateMessage(to: "tester", content: String(repeating: "长", count: 5_001)))
            }
            await assertThrows(.notFound("404 User Not Found")) {
                try await demo.send(Endpoints.sendPrivateMessage(to: "no-such-user-26", content: "hi"))
            }
            await assertThrows(.unauthorized(nil)) {
                try await Fake.client().send(Endpoints.sendPrivateMessage(to: "tester", content: "hi"))
            }
        }
    }
}
