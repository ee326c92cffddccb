import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The outbox's drain (docs/WRITES.md, "The outbox"): one at a time, and a row that waits on the person sent when they
/// choose Try Again.
final class OutboxDrainTests: XCTestCase {
    /// A drain asked for while another runs waits for it (the clean-clone run failed when an answer from the server
    /// started a drain a moment before the one the caller waited for, which then returned at once).
    func testASecondDrainWaitsForTheRunningOne() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try OutboxTests.open(app, repo, state: "open")
            IssueFixture.server.clearLog()  // the posts counted below are this test's (other tests comment on this issue)
            app.transport.unplugged = true
            let text = "Two drains \(UUID().uuidString)"
            issue.composer.setText(text)
            issue.composer.submit()
            waitUntil("the comment settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.payload), [text])
            app.transport.unplugged = false
            let first = app.services.drainOutbox()
            let second = app.services.drainOutbox()
            runUntilDone("the second drain") { await second?.value }
            XCTAssertTrue(app.outbox.entries.isEmpty, "the second caller saw the first drain's end")
            runUntilDone("the first drain") { await first?.value }
            XCTAssertEqual(OutboxTests.posts(to: issue.number), 1, "sent once")
        }
    }

    /// Try Again on a conflicting state change sends it once after all: the person saw the conflict and chose theirs.
    func testTryAgainSendsAConflictingStateChangeOnce() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try OutboxTests.open(app, repo, state: "open")
            app.outbox.enqueue(.issueState, repo: repo, number: issue.number, payload: "closed", seen: "open")
            runUntilDone("someone else starts it") {
                _ = try? await app.client.send(Endpoints.setIssueState(owner: repo.owner, repo: repo.name,
                                                                       number: issue.number, to: .progressing))
            }
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            let id = try XCTUnwrap(app.outbox.entries.first?.id)
            XCTAssertEqual(app.outbox.entries.first?.needsDecision, true)
            XCTAssertFalse(app.outbox.tryAgain(id + 1), "no such row")
            IssueFixture.server.clearLog()
            XCTAssertTrue(app.outbox.tryAgain(id))
            XCTAssertEqual(Outbox(file: app.file).entries.map(\.status), [.waiting], "waiting again, on disk")
            XCTAssertFalse(app.outbox.tryAgain(id), "only a row that waits on the person")
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "PATCH" }.count, 1)
            var now: Issue?
            runUntilDone("the issue") {
                now = try? await app.client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: issue.number))
                _ = try? await app.client.send(Endpoints.setIssueState(owner: repo.owner, repo: repo.name,
                                                                       number: issue.number, to: .open))
            }
            XCTAssertEqual(now?.state, "closed")
        }
    }
}
