import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private typealias F = SessionFixtures
private let threadsPath = "/api/v5/notifications/threads"
private let messagesPath = "/api/v5/notifications/messages"

private func thread(_ id: Int, unread: Bool, at time: String, title: String = "li 更新了 Crash") -> String {
    #"{"id": \#(id), "content": "\#(title)", "type": "event", "unread": \#(unread), "updated_at": "\#(time)", "html_url": "https://gitee.com/o/r/pulls/\#(id)", "repository": {"id": 1, "full_name": "o/r"}, "subject": {"title": "Crash", "type": "PullRequest"}}"#
}

private func list(_ items: String...) -> HTTPResponse {
    F.json(200, #"{"total_count": \#(items.count), "list": [\#(items.joined(separator: ","))]}"#)
}

@MainActor
private func makeCoordinator(_ transport: ScriptedTransport, preferences: InMemoryPreferences = InMemoryPreferences())
    -> Coordinator
{
    transport.on("GET", "/api/v5/user", F.user())
    let session = makeSession(transport: transport, store: nil, environment: ["MAYUN_TOKEN": "env-token"])
    return Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                       preferences: preferences, services: AppServices(client: session.client, session: session))
}

final class NotificationsViewModelTests: XCTestCase {
    func testUnreadFirstThenNewestWithBadge() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", threadsPath, list(thread(1, unread: false, at: "2024-05-06T10:00:00+08:00"),
                                                  thread(2, unread: true, at: "2024-05-01T10:00:00+08:00"),
                                                  thread(3, unread: true, at: "2024-05-05T10:00:00+08:00")))
            transport.on("GET", messagesPath, list(#"{"id": 1, "content": "你好", "unread": true, "sender": {"id": 2, "login": "wang", "name": "Wang"}, "updated_at": "2024-04-01T00:00:00+08:00"}"#))
            let coordinator = makeCoordinator(transport)
            coordinator.push(.notifications)
            guard case .notifications(let model) = coordinator.top?.content else { return XCTFail("no page") }
            XCTAssertTrue(model === coordinator.notifications, "one model for the page, the badge and the poll")
            model.start()
            waitUntil("loaded") { model.state == .content }
            XCTAssertEqual(model.items.map(\.id), [.thread(3), .thread(2), .message(1), .thread(1)])
            XCTAssertEqual(model.unreadCount, 3)
            XCTAssertEqual(model.badgeText, "3")
            XCTAssertEqual(model.items[0].context, "o/r  ·  Pull request")
            XCTAssertEqual(model.items[2].context, "Message from Wang")
            XCTAssertEqual(transport.requests(to: threadsPath).last?.header("Authorization"), "Bearer env-token")
        }
    }

    func testMarkReadIsOptimisticAndRolledBackWhenRefused() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", threadsPath, list(thread(5, unread: true, at: "2024-05-06T10:00:00+08:00"),
                                                  thread(6, unread: true, at: "2024-05-05T10:00:00+08:00")))
            transport.on("GET", messagesPath, list())
            transport.on("PATCH", "\(threadsPath)/5", HTTPResponse(status: 205, body: Data()))
            transport.on("PATCH", "\(threadsPath)/6", F.json(500, #"{"message": "boom"}"#))
            let coordinator = makeCoordinator(transport)
            let model = coordinator.notifications
            model.refresh()
            waitUntil("loaded") { model.state == .content }

            model.markRead(.thread(5))
            XCTAssertFalse(model.items[0].isUnread, "read at once, before the server answers")
            XCTAssertEqual(model.unreadCount, 1)
            waitUntil("the server is told") { !transport.requests(to: "\(threadsPath)/5").isEmpty }
            XCTAssertEqual(transport.requests(to: "\(threadsPath)/5").first?.method, "PATCH")

            model.markRead(.thread(6))
            XCTAssertEqual(model.unreadCount, 0)
            waitUntil("the refusal puts it back") { model.unreadCount == 1 }
            XCTAssertTrue(model.items[1].isUnread)
            XCTAssertTrue(coordinator.toast?.message.hasPrefix("Could not mark as read") ?? false)
            XCTAssertFalse(model.items[0].isUnread, "the other one stays read")
        }
    }

    func testMarkAllSendsTheShownIDs() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", threadsPath, list(thread(5, unread: true, at: "2024-05-06T10:00:00+08:00"),
                                                  thread(6, unread: false, at: "2024-05-05T10:00:00+08:00"),
                                                  thread(7, unread: true, at: "2024-05-04T10:00:00+08:00")))
            transport.on("GET", messagesPath, list())
            transport.on("PUT", threadsPath, HTTPResponse(status: 205, body: Data()))
            let coordinator = makeCoordinator(transport)
            let model = coordinator.notifications
            model.refresh()
            waitUntil("loaded") { model.state == .content }
            XCTAssertTrue(model.canMarkAll)
            model.markAllRead()
            XCTAssertEqual(model.unreadCount, 0)
            XCTAssertFalse(model.canMarkAll)
            waitUntil("the server is told") { !transport.requests(to: threadsPath).filter { $0.method == "PUT" }.isEmpty }
            let put = transport.requests(to: threadsPath).first { $0.method == "PUT" }
            XCTAssertEqual(put.map(transport.formFields(of:))?["ids"], "5,7")
            XCTAssertTrue(transport.requests(to: messagesPath).allSatisfy { $0.method == "GET" }, "no unread messages: not sent")
        }
    }

    func testBackgroundRefreshAnnouncesOnlyNewOnesWhileUnfocusedAndBacksOff() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", threadsPath, list(thread(1, unread: true, at: "2024-05-06T10:00:00+08:00")))
            transport.on("GET", messagesPath, list())
            let coordinator = makeCoordinator(transport)
            let model = coordinator.notifications
            let desktop = RecordingDesktop()
            model.desktop = desktop
            let clock = ManualScheduler()
            model.startBackgroundRefresh(scheduler: clock)
            waitUntil("the first poll") { clock.hasPending }
            XCTAssertEqual(model.unreadCount, 1)
            XCTAssertTrue(desktop.sent.isEmpty, "what was there at login is not news")
            XCTAssertEqual(clock.delays, [NotificationsViewModel.normalInterval])

            transport.on("GET", threadsPath, list(thread(2, unread: true, at: "2024-05-07T10:00:00+08:00", title: "新的"),
                                                  thread(1, unread: true, at: "2024-05-06T10:00:00+08:00")))
            clock.fire()
            waitUntil("the second poll") { clock.hasPending }
            XCTAssertEqual(desktop.sent.map(\.target), ["thread:2"], "one bubble for the one new notification")
            XCTAssertEqual(desktop.sent.first?.title, "Crash", "titled with what it is about")
            XCTAssertEqual(desktop.sent.first?.body, "新的  ·  o/r  ·  Pull request", "then what happened, where")

            desktop.isWindowFocused = true
            transport.on("GET", threadsPath, list(thread(3, unread: true, at: "2024-05-08T10:00:00+08:00")))
            clock.fire()
            waitUntil("the third poll") { clock.hasPending }
            XCTAssertEqual(desktop.sent.count, 1, "nothing while the window has the focus")

            desktop.isWindowFocused = false
            model.desktopNotificationsEnabled = false
            transport.on("GET", threadsPath, list(thread(4, unread: true, at: "2024-05-09T10:00:00+08:00")))
            clock.fire()
            waitUntil("the fourth poll") { clock.hasPending }
            XCTAssertEqual(desktop.sent.count, 1, "nothing when the setting is off")
            XCTAssertEqual(model.items.map(\.id), [.thread(4)])

            transport.on("GET", threadsPath, F.json(429, #"{"message": "Too Many Requests"}"#))
            clock.fire()
            waitUntil("the rate-limited poll") { clock.hasPending }
            XCTAssertEqual(clock.delays.last, NotificationsViewModel.normalInterval * 2, "twice as long after 429")
            clock.fire()
            waitUntil("another rate-limited poll") { clock.hasPending }
            XCTAssertEqual(clock.delays.last, NotificationsViewModel.normalInterval * 4)
            XCTAssertEqual(model.items.map(\.id), [.thread(4)], "the last answer stays on screen")
            transport.on("GET", threadsPath, list(thread(4, unread: true, at: "2024-05-09T10:00:00+08:00")))
            clock.fire()
            waitUntil("a good poll") { clock.hasPending }
            XCTAssertEqual(clock.delays.last, NotificationsViewModel.normalInterval, "back to normal after a success")

            model.stopBackgroundRefresh()
            XCTAssertFalse(clock.hasPending)
        }
    }

    /// Any Gitee user can send a private message: its text reaches the desktop as plain text (no element, no
    /// entity a markup-reading notification server could act on), one line, capped.
    func testBubblesCarryNoMarkupAndAreCapped() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", threadsPath, list())
            transport.on("GET", messagesPath, list())
            let coordinator = makeCoordinator(transport)
            let model = coordinator.notifications
            let desktop = RecordingDesktop()
            model.desktop = desktop
            let clock = ManualScheduler()
            model.startBackgroundRefresh(scheduler: clock)
            waitUntil("the first poll") { clock.hasPending }
            let hostile = #"<a href=\"https://phish.example\">Reset your password</a> &amp; <b>now</b>"#
                + String(repeating: " padding", count: 100)
            transport.on("GET", threadsPath, list(thread(7, unread: true, at: "2024-05-07T10:00:00+08:00",
                                                         title: hostile)))
            clock.fire()
            waitUntil("the second poll") { clock.hasPending }
            let bubble = desktop.sent.first
            XCTAssertEqual(desktop.sent.count, 1)
            for text in [bubble?.title ?? "<", bubble?.body ?? "<"] {
                XCTAssertFalse(text.contains("<") || text.contains(">") || text.contains("&"), text)
            }
            XCTAssertTrue(bubble?.body.hasPrefix("\u{2039}a href=\"https://phish.example\"\u{203A}Reset") ?? false,
                          bubble?.body ?? "")
            XCTAssertLessThanOrEqual(bubble?.body.count ?? .max, DesktopNotificationText.maxBodyCharacters)
            model.stopBackgroundRefresh()
        }
    }

    func testDesktopTextIsPlainOneLineAndCapped() {
        XCTAssertEqual(DesktopNotificationText.body("a < b && c > d"), "a \u{2039} b \u{FF06}\u{FF06} c \u{203A} d")
        // A combining mark after "<" makes one grapheme with it; the "<" is replaced all the same.
        XCTAssertEqual(DesktopNotificationText.body("<\u{0301}b>"), "\u{2039}\u{0301}b\u{203A}")
        XCTAssertEqual(DesktopNotificationText.title(" line one\nline two\r\nend\u{202E}evil\u{0007}\t"),
                       "line one line two  endevil")
        XCTAssertEqual(DesktopNotificationText.title("o/r  ·  Pull request"), "o/r  ·  Pull request", "spacing kept")
        let long = String(repeating: "长", count: 500)
        XCTAssertEqual(DesktopNotificationText.title(long).count, DesktopNotificationText.maxTitleCharacters)
        XCTAssertTrue(DesktopNotificationText.title(long).hasSuffix("…"))
        XCTAssertEqual(DesktopNotificationText.body(long).count, DesktopNotificationText.maxBodyCharacters)
    }

    func testTheSettingIsStoredAndClickingABubbleOpensItsPage() {
        onMain {
            let preferences = InMemoryPreferences(desktopNotifications: false)
            let transport = ScriptedTransport()
            transport.on("GET", threadsPath, list(thread(9, unread: true, at: "2024-05-06T10:00:00+08:00")))
            transport.on("GET", messagesPath, list())
            transport.on("PATCH", "\(threadsPath)/9", HTTPResponse(status: 205, body: Data()))
            let coordinator = makeCoordinator(transport, preferences: preferences)
            let model = coordinator.notifications
            let desktop = RecordingDesktop()
            model.desktop = desktop
            XCTAssertFalse(model.desktopNotificationsEnabled)
            model.desktopNotificationsEnabled = true
            XCTAssertTrue(preferences.desktopNotifications)
            model.refresh()
            waitUntil("loaded") { model.state == .content }
            model.open(target: "thread:9")
            XCTAssertEqual(coordinator.routes.last, .pullRequest(RepositoryID(owner: "o", name: "r"), number: 9))
            XCTAssertEqual(model.unreadCount, 0)
            waitUntil("read on the server") { !transport.requests(to: "\(threadsPath)/9").isEmpty }
            waitUntil("its bubble is withdrawn") { desktop.withdrawn == ["thread:9"] }
            model.open(target: "thread:404")
            XCTAssertEqual(coordinator.routes.last, .notifications, "an unknown one opens the list")
        }
    }

    /// One bubble per thread: an update to a thread (newer `updated_at`, unread again) replaces its bubble (same id),
    /// and the bubble's "Mark as Read" marks it read on the server and takes the bubble away.
    func testAnUpdatedThreadReplacesItsBubbleAndMarkAsReadFromTheDesktop() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", threadsPath, list())
            transport.on("GET", messagesPath, list())
            transport.on("PATCH", "\(threadsPath)/2", HTTPResponse(status: 205, body: Data()))
            let coordinator = makeCoordinator(transport)
            let model = coordinator.notifications
            let desktop = RecordingDesktop()
            model.desktop = desktop
            let clock = ManualScheduler()
            model.startBackgroundRefresh(scheduler: clock)
            waitUntil("the first poll") { clock.hasPending }
            transport.on("GET", threadsPath, list(thread(2, unread: true, at: "2024-05-07T10:00:00+08:00", title: "li 评论了")))
            clock.fire()
            waitUntil("the second poll") { clock.hasPending }
            clock.fire()
            waitUntil("the same answer again") { clock.hasPending && transport.requests(to: threadsPath).count == 3 }
            XCTAssertEqual(desktop.sent.map(\.id), ["thread:2"], "an unchanged thread is not announced twice")
            transport.on("GET", threadsPath, list(thread(2, unread: true, at: "2024-05-08T10:00:00+08:00", title: "wang 评论了")))
            clock.fire()
            waitUntil("the update") { desktop.sent.count == 2 }
            XCTAssertEqual(desktop.sent.map(\.id), ["thread:2", "thread:2"], "the update replaces the bubble (same id)")
            XCTAssertEqual(desktop.sent.last?.body, "wang 评论了  ·  o/r  ·  Pull request")

            model.markRead(target: "thread:2")
            XCTAssertEqual(model.unreadCount, 0)
            waitUntil("read on the server") { !transport.requests(to: "\(threadsPath)/2").isEmpty }
            XCTAssertEqual(transport.requests(to: "\(threadsPath)/2").first?.method, "PATCH")
            waitUntil("its bubble is withdrawn") { desktop.withdrawn == ["thread:2"] }
            model.markRead(target: "thread:2")
            XCTAssertEqual(transport.requests(to: "\(threadsPath)/2").count, 1, "read already: nothing more is sent")
            XCTAssertEqual(desktop.withdrawn, ["thread:2", "thread:2"])
            model.stopBackgroundRefresh()
        }
    }

    func testAMessagesBubbleIsTitledWithItsSender() {
        let message = NotificationItem(id: .message(3), title: "你好", context: "Message from Wang", kind: .message,
                                       date: nil, isUnread: true, link: nil, avatarURL: nil)
        XCTAssertEqual(NotificationsViewModel.bubble(for: message).title, "Message from Wang")
        XCTAssertEqual(NotificationsViewModel.bubble(for: message).body, "你好")
    }

    func testLoggedOutShowsAHintAndAsksNothing() {
        onMain {
            let transport = ScriptedTransport()
            let session = makeSession(transport: transport, store: nil)
            let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                          preferences: InMemoryPreferences(),
                                          services: AppServices(client: session.client, session: session))
            coordinator.notifications.refresh()
            waitUntil("settled") { coordinator.notifications.state != .loading }
            XCTAssertEqual(coordinator.notifications.state, .empty(text: "Log in to see your notifications."))
            XCTAssertTrue(transport.requests(to: threadsPath).isEmpty)

            // Logging in refreshes at once, not at the next tick.
            let clock = ManualScheduler()
            coordinator.notifications.startBackgroundRefresh(scheduler: clock)
            waitUntil("the logged-out poll") { clock.hasPending }
            XCTAssertTrue(transport.requests(to: threadsPath).isEmpty)
            transport.on("GET", "/api/v5/user", F.user())
            transport.on("GET", threadsPath, list(thread(1, unread: true, at: "2024-05-06T10:00:00+08:00")))
            transport.on("GET", messagesPath, list())
            runUntilDone("log in") { try? await session.logIn(personalToken: "new-token") }
            waitUntil("notifications after login") { coordinator.notifications.unreadCount == 1 }
            XCTAssertEqual(clock.delays.count, 2, "the login poll re-armed the timer; no tick was needed")
        }
    }
}
