import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Marking read whose answer was lost (FakeGitee's `lost-answer`: the route ran, then a gateway's 502) is settled by
/// reading back (`GET /notifications/threads/{id}`, `.../messages/{id}`, the lists with `ids`): the rows stay read,
/// no toast claims a failure, and each write went once (docs/WRITES.md).
final class NotificationReadSettleTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }

    /// A new unread thread (about an issue of `repo`) or message for the demo account; its id.
    @MainActor private static func unread(_ kind: String, repo: RepositoryID, client: GiteeClient) throws -> Int {
        var id: Int?
        runUntilDone("a new \(kind)") {
            let form = [QueryItem("login", "mayun-demo"), QueryItem("kind", kind), QueryItem("repo", repo.description),
                        QueryItem("title", "Settle \(UUID().uuidString)")]
            let body = try? await client.send(Endpoint<Data>(.post, .root, path: "/__fake/notifications", form: form) { $0.body })
            id = body.flatMap { try? JSONNodeDecoding.decode(JSONValue.self, from: $0) }?["id"]?.intValue
        }
        return try XCTUnwrap(id)
    }

    @MainActor private static func loaded(_ app: IssueFixture.App) -> NotificationsViewModel {
        let model = app.coordinator.notifications
        model.refresh()
        waitUntil("the notifications") { model.state == .content && !model.writes.isWriting }
        return model
    }

    @MainActor private static func isUnread(_ model: NotificationsViewModel, _ key: NotificationItem.Key) -> Bool? {
        model.items.first { $0.id == key }?.isUnread
    }

    func testMarkingReadWhoseAnswerIsLostStaysReadAndIsSentOnce() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let thread = try Self.unread("issue", repo: repo, client: app.client)
            let message = try Self.unread("message", repo: repo, client: app.client)
            let model = Self.loaded(app)
            XCTAssertEqual(Self.isUnread(model, .thread(thread)), true)
            XCTAssertEqual(Self.isUnread(model, .message(message)), true)
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/notifications/threads/*", method: "PATCH", count: 1))
            Self.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/notifications/messages/*", method: "PATCH", count: 1))
            model.markRead(.thread(thread))
            model.markRead(.message(message))
            waitUntil("both settle") { !model.writes.isWriting }
            XCTAssertEqual(Self.isUnread(model, .thread(thread)), false, "read on the server: it stays read")
            XCTAssertEqual(Self.isUnread(model, .message(message)), false)
            XCTAssertNil(app.coordinator.toast, "no failure is claimed")
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "PATCH" }.map(\.status), [502, 502], "each sent once")
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "GET" && $0.path.hasSuffix("/\(thread)") }.count, 1,
                           "the thread was read back")
        }
    }

    func testMarkingAllReadWhoseAnswersAreLostStaysRead() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let threads = try (0..<2).map { _ in try Self.unread("issue", repo: repo, client: app.client) }
            let message = try Self.unread("message", repo: repo, client: app.client)
            let model = Self.loaded(app)
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/notifications/threads", method: "PUT", count: 1))
            Self.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/notifications/messages", method: "PUT", count: 1))
            model.markAllRead()
            waitUntil("both settle") { !model.writes.isWriting }
            for id in threads { XCTAssertEqual(Self.isUnread(model, .thread(id)), false) }
            XCTAssertEqual(Self.isUnread(model, .message(message)), false)
            XCTAssertEqual(model.unreadCount, 0)
            XCTAssertNil(app.coordinator.toast)
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "PUT" }.map(\.status), [502, 502], "each sent once")
        }
    }

    func testAMarkReadThatDidNotHappenTurnsUnreadAgainAndSaysWhy() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let thread = try Self.unread("issue", repo: repo, client: app.client)
            let model = Self.loaded(app)
            Self.server.addFault(Fault(kind: .status, path: "/api/v5/notifications/threads/*", method: "PATCH", status: 502,
                                       count: 1))
            model.markRead(.thread(thread))
            waitUntil("the rollback") { !model.writes.isWriting }
            XCTAssertEqual(Self.isUnread(model, .thread(thread)), true, "the server still has it unread")
            XCTAssertTrue(app.coordinator.toast?.message.hasPrefix("Could not mark as read") ?? false)
        }
    }
}
