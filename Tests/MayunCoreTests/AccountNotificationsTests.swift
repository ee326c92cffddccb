import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private typealias F = SessionFixtures
private let threadsPath = "/api/v5/notifications/threads"
private let messagesPath = "/api/v5/notifications/messages"

private func thread(_ id: Int, at time: String, title: String = "Crash") -> String {
    #"{"id": \#(id), "content": "li 评论了", "type": "event", "unread": true, "updated_at": "\#(time)", "html_url": "https://gitee.com/o/r/issues/I\#(id)", "repository": {"id": 1, "full_name": "o/r"}, "subject": {"title": "\#(title)", "type": "Issue"}}"#
}

private func list(_ items: String...) -> HTTPResponse {
    F.json(200, #"{"total_count": \#(items.count), "list": [\#(items.joined(separator: ","))]}"#)
}

/// Issue 26: each logged-in account polls for its own threads with its own token; its bubbles name it while several
/// accounts are known, and their "Open" and "Mark as Read" reach that account's thread whichever one is active.
final class AccountNotificationsTests: XCTestCase {
    func testEachAccountPollsItsOwnThreadsAndItsBubblesNameIt() throws {
        try onMain {
            let servers = try TwoServers()
            servers.storeLogin(TwoServers.alice, token: "alice-token")
            servers.storeLogin(TwoServers.bob, token: "bob-token")
            for transport in [servers.homeTransport, servers.workTransport] {
                transport.on("GET", messagesPath, list())
            }
            servers.homeTransport.on("GET", threadsPath, list(thread(1, at: "2024-05-01T10:00:00+08:00")))
            servers.workTransport.on("GET", threadsPath, list(thread(1, at: "2024-05-01T10:00:00+08:00")))
            servers.workTransport.on("PATCH", "\(threadsPath)/2", HTTPResponse(status: 205, body: Data()))
            let accounts = Accounts(list: AccountList(accounts: [TwoServers.alice, TwoServers.bob], active: TwoServers.alice.id),
                                    file: nil, factory: servers.factory, server: TwoServers.home)
            var clocks: [ManualScheduler] = []
            let notifications = AccountNotifications(accounts: accounts, preferences: InMemoryPreferences()) {
                let clock = ManualScheduler()
                clocks.append(clock)
                return clock
            }
            let desktop = RecordingDesktop(isWindowFocused: true)
            notifications.desktop = desktop
            notifications.sync()
            XCTAssertEqual(Set(notifications.watchers.keys), [TwoServers.bob.id], "the active account polls through its window")
            let bob = try XCTUnwrap(notifications.model(of: TwoServers.bob.id))
            waitUntil("bob's first poll (the baseline)") { clocks.first?.hasPending == true }
            XCTAssertEqual(bob.items.map(\.id), [.thread(1)])
            XCTAssertTrue(servers.homeTransport.requests(to: threadsPath).isEmpty, "bob's poll never reaches alice's server")
            XCTAssertEqual(servers.workTransport.requests(to: threadsPath).last?.header("Authorization"), "Bearer bob-token")

            // A new thread for bob, with a title anyone can write: escaped, capped, named, tagged with bob.
            let hostile = "<a href=\\\"https://phish.example\\\">Crash</a> & " + String(repeating: "很长", count: 80)
            servers.workTransport.on("GET", threadsPath, list(thread(2, at: "2024-05-02T10:00:00+08:00", title: hostile),
                                                              thread(1, at: "2024-05-01T10:00:00+08:00")))
            clocks[0].fire()
            waitUntil("bob's second poll") { clocks[0].hasPending }
            XCTAssertEqual(desktop.sent.count, 1, "bob's bubble goes out although alice's window has the focus")
            let bubble = try XCTUnwrap(desktop.sent.first)
            XCTAssertTrue(bubble.body.hasPrefix("bob@127.0.0.1:10  ·  "), "names the account: \(bubble.body)")
            XCTAssertFalse(bubble.title.contains("<") || bubble.title.contains("&"), bubble.title)
            XCTAssertLessThanOrEqual(bubble.title.count, DesktopNotificationText.maxTitleCharacters)
            XCTAssertLessThanOrEqual(bubble.body.count, DesktopNotificationText.maxBodyCharacters)
            XCTAssertEqual(bubble.id, bubble.target)
            XCTAssertNotEqual(bubble.target, "thread:2", "the target carries the account")

            // Mark as Read on bob's bubble: bob's token, bob's server, bob's thread; alice's model is not asked.
            guard case .other(let account, let target) = notifications.destination(of: bubble.target) else {
                return XCTFail("bob's bubble is bob's")
            }
            XCTAssertEqual(account, TwoServers.bob.id)
            XCTAssertEqual(target, "thread:2")
            notifications.markRead(target, of: account)
            waitUntil("bob's server is told") { !servers.workTransport.requests(to: "\(threadsPath)/2").isEmpty }
            let patch = try XCTUnwrap(servers.workTransport.requests(to: "\(threadsPath)/2").first)
            XCTAssertEqual(patch.method, "PATCH")
            XCTAssertEqual(patch.header("Authorization"), "Bearer bob-token")
            XCTAssertTrue(servers.homeTransport.requests.allSatisfy { $0.method == "GET" }, "nothing written on alice's server")
            waitUntil("the bubble goes") { desktop.withdrawn.contains(bubble.id) }
            XCTAssertFalse(bob.items[0].isUnread)

            // Open on it: marked read with bob's token, and the link of bob's thread for the window to open as bob.
            XCTAssertEqual(notifications.open("thread:2", of: TwoServers.bob.id), "https://gitee.com/o/r/issues/I2")

            // Alice (active): her model's bubbles carry her account and name her; they lead to the active model.
            let alice = NotificationsViewModel(client: accounts.services.client, session: accounts.services.session,
                                               preferences: InMemoryPreferences())
            notifications.attachActive(alice)
            alice.desktop?.send(id: "thread:9", title: "T", body: "B", target: "thread:9")
            let aliceBubble = try XCTUnwrap(desktop.sent.last)
            XCTAssertEqual(aliceBubble.body, "alice@127.0.0.1:9  ·  B")
            guard case .active(let aliceTarget) = notifications.destination(of: aliceBubble.target) else {
                return XCTFail("alice's bubble is the active account's")
            }
            XCTAssertEqual(aliceTarget, "thread:9")
            XCTAssertTrue(alice.desktop?.isWindowFocused ?? false, "the active account's bubbles wait while its window is looked at")

            // Switching: bob is polled by the window now, alice in the background; bob's old bubbles stay bob's.
            accounts.switchTo(TwoServers.bob.id)
            notifications.sync()
            XCTAssertEqual(Set(notifications.watchers.keys), [TwoServers.alice.id])
            guard case .active(let bobTarget) = notifications.destination(of: bubble.target) else {
                return XCTFail("bob's bubble now belongs to the active account")
            }
            XCTAssertEqual(bobTarget, "thread:2")
            guard case .other(let aliceNow, _) = notifications.destination(of: aliceBubble.target) else {
                return XCTFail("alice's bubble is alice's, in the background now")
            }
            XCTAssertEqual(aliceNow, TwoServers.alice.id)
            notifications.stopAll()
        }
    }

    func testOneAccountIsNotNamedAndStrangeTargetsLeadNowhere() throws {
        try onMain {
            let servers = try TwoServers()
            let accounts = Accounts(list: AccountList(accounts: [TwoServers.alice], active: TwoServers.alice.id),
                                    file: nil, factory: servers.factory, server: TwoServers.home)
            let notifications = AccountNotifications(accounts: accounts, preferences: InMemoryPreferences()) { ManualScheduler() }
            let desktop = RecordingDesktop(isWindowFocused: true)
            notifications.desktop = desktop
            notifications.sync()
            XCTAssertTrue(notifications.watchers.isEmpty)
            let model = NotificationsViewModel(client: accounts.services.client, session: accounts.services.session,
                                               preferences: InMemoryPreferences())
            notifications.attachActive(model)
            model.desktop?.send(id: "thread:3", title: "T", body: "what happened", target: "thread:3")
            XCTAssertEqual(desktop.sent.last?.body, "what happened", "one account: nothing to tell apart")

            let removed = AccountNotifier.tag("thread:4", with: TwoServers.bob.id)
            guard case .gone = notifications.destination(of: removed) else { return XCTFail("an account not known") }
            guard case .active(let plain) = notifications.destination(of: "thread:5") else { return XCTFail("untagged") }
            XCTAssertEqual(plain, "thread:5")
            for strange in ["thread:6@zz", "thread:6@", "thread:6@0a", "thread:6@" + String(repeating: "41", count: 3000)] {
                XCTAssertNil(AccountNotifier.split(strange).account, strange)
            }
            let odd = AccountID(server: "https://git.example.org:8443", login: "a@b\nc")
            XCTAssertEqual(AccountNotifier.split(AccountNotifier.tag("message:1", with: odd)).account, odd)
            XCTAssertEqual(AccountNotifier.split(AccountNotifier.tag("message:1", with: odd)).target, "message:1")
            XCTAssertEqual(AccountNotifications.name(of: TwoServers.alice.id), "alice@127.0.0.1:9")
            XCTAssertEqual(AccountNotifications.name(of: AccountID(server: "https://gitee.com", login: "alice")), "alice@gitee.com")
        }
    }
}
