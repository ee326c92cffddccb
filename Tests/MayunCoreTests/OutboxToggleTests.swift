import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Star and Watch in the outbox (docs/WRITES.md, "The outbox"): made while the server cannot be reached, they wait,
/// the button shows what the server has, and they are settled by the check calls before they are sent, once.
final class OutboxToggleTests: XCTestCase {
    @MainActor private static func openProject(_ app: OutboxTests.App, _ repo: RepositoryID) throws -> ProjectViewModel {
        app.coordinator.push(.project(repo))
        let page = try XCTUnwrap(app.coordinator.top?.model as? ProjectViewModel)
        page.start()
        waitUntil("the project loads") { page.state == .content }
        return page
    }

    @MainActor private static func puts(_ suffix: String) -> Int {
        IssueFixture.server.requestLog.filter { $0.method == "PUT" && $0.path.hasSuffix(suffix) }.count
    }

    func testAStarMadeWhileUnreachableWaitsAndIsSentOnce() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            runUntilDone("not starred yet") {
                _ = try? await app.client.send(Endpoints.unstar(owner: repo.owner, repo: repo.name))
            }
            let page = try Self.openProject(app, repo)
            waitUntil("the star check") { !page.star.isBusy && !page.writes.isWriting }
            XCTAssertFalse(page.star.isOn)
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            page.toggleStar()
            waitUntil("the star settles") { !page.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.star])
            XCTAssertEqual(app.outbox.entries.first?.payload, "on")
            XCTAssertEqual(app.outbox.entries.first?.summary, "Star \(repo.owner)/\(repo.name)")
            XCTAssertFalse(page.star.isOn, "the button shows what the server has")
            XCTAssertEqual(page.waitingToggleTexts, ["Star: Waiting to send"])
            XCTAssertNil(app.coordinator.toast, "not a failure")
            page.toggleStar()
            waitUntil("the second press settles") { !page.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.count, 1, "pressed again for the same state: nothing more waits")

            app.transport.unplugged = false
            runUntilDone("drain") { await app.services.drainOutbox()?.value }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.puts("/user/starred/\(repo.owner)/\(repo.name)"), 1, "sent once")
            XCTAssertEqual(page.waitingToggleTexts, [])
            waitUntil("the page reads the project again") { page.star.isOn }
            runUntilDone("unstar for the other tests") {
                _ = try? await app.client.send(Endpoints.unstar(owner: repo.owner, repo: repo.name))
            }
        }
    }

    func testAWatchAlreadyDoneOnTheServerIsDroppedNotSent() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            app.outbox.enqueue(.watch, repo: repo, number: "", payload: "on", seen: "off")
            runUntilDone("watched elsewhere meanwhile") {
                _ = try? await app.client.send(Endpoints.watch(owner: repo.owner, repo: repo.name))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty, "found done by asking")
            XCTAssertEqual(Self.puts("/user/subscriptions/\(repo.owner)/\(repo.name)"), 0, "never sent")
            runUntilDone("unwatch for the other tests") {
                _ = try? await app.client.send(Endpoints.unwatch(owner: repo.owner, repo: repo.name))
            }
        }
    }

    func testCancelTakesTheWaitingToggleBack() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            app.services.outbox = app.outbox
            app.outbox.isDraining = true  // nothing is sent while the page is looked at
            app.outbox.enqueue(.star, repo: repo, number: "", payload: "off", seen: "on")
            let page = try Self.openProject(app, repo)
            XCTAssertEqual(page.waitingToggleTexts, ["Unstar: Waiting to send"], "a page opened later shows it")
            page.cancelWaitingToggles()
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(page.waitingToggleTexts, [])
            app.outbox.isDraining = false
        }
    }
}
