import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// An issue's labels changed while the server cannot be reached wait in the outbox (docs/WRITES.md, "The outbox"):
/// shown as waiting with the chooser showing what will be set, a further change updates what waits, the drain sets
/// them once, labels changed by someone else meanwhile wait on the person, and labels already set are not sent again.
final class OutboxLabelsTests: XCTestCase {
    @MainActor private static func labelWrites() -> [LoggedRequest] {
        IssueFixture.server.requestLog.filter { ($0.method == "PATCH" || $0.method == "DELETE") && $0.path.contains("/issues/") }
    }

    @MainActor private static func serverLabels(_ repo: RepositoryID, _ number: String, client: GiteeClient) -> Set<String> {
        var issue: Issue?
        runUntilDone("the issue") { issue = try? await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: number)) }
        return Set(issue?.labels.map(\.name) ?? [])
    }

    @MainActor private static func memberIssue(_ app: OutboxTests.App) throws -> (RepositoryID, IssueViewModel, [String]) {
        let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
        let issue = try OutboxTests.open(app, repo, state: "open")
        waitUntil("the labels for a member") { issue.canEditLabels }
        let off = issue.labelChoices.filter { !$0.isOn }.map(\.chip.name)
        XCTAssertGreaterThanOrEqual(off.count, 2, "two labels the issue does not carry")
        return (repo, issue, off)
    }

    func testLabelsChangedWhileUnreachableWaitAndAreSetOnce() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let (repo, issue, off) = try Self.memberIssue(app)
            let before = Set(issue.labels)
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            issue.setLabel(off[0], on: true)
            waitUntil("the change settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.issueLabels])
            XCTAssertEqual(Set(issue.labels), before, "the page shows the labels the server has")
            XCTAssertTrue(issue.labelChoices.contains { $0.chip.name == off[0] && $0.isOn }, "the chooser shows what waits")
            XCTAssertNil(app.coordinator.toast, "not a failure")
            issue.setLabel(off[1], on: true)
            XCTAssertEqual(app.outbox.entries.count, 1, "a further change updates what waits")
            let wanted = before.union([off[0], off[1]])
            XCTAssertEqual(OutboxEntry.labelNames(app.outbox.entries[0].payload).map(Set.init), wanted)
            XCTAssertEqual(issue.waitingLabelsText,
                           "Labels: \(wanted.sorted().joined(separator: ", ")): Waiting to send")
            XCTAssertTrue(Self.labelWrites().isEmpty, "nothing reached the server")

            app.transport.unplugged = false
            issue.refresh()  // any answer from the server starts the drain
            waitUntil("the outbox is sent") { app.outbox.entries.isEmpty && !app.outbox.isDraining }
            XCTAssertEqual(Self.labelWrites().count, 1, "set once")
            XCTAssertEqual(Self.serverLabels(repo, issue.number, client: app.client), wanted)
            waitUntil("the page shows them") { Set(issue.labels) == wanted }
            XCTAssertNil(issue.waitingLabelsText)
        }
    }

    func testLabelsChangedByAnotherMeanwhileWaitOnThePersonAndTryAgainSetsThem() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            let (repo, issue, off) = try Self.memberIssue(app)
            let seen = issue.labels
            let row = try XCTUnwrap(app.outbox.enqueue(.issueLabels, repo: repo, number: issue.number,
                                                       payload: OutboxEntry.labelList(seen + [off[0]]),
                                                       seen: OutboxEntry.labelList(seen)))
            runUntilDone("someone else labels it") {
                _ = try? await app.client.send(Endpoints.setIssueLabels(owner: repo.owner, repo: repo.name,
                                                                         number: issue.number, labels: seen + [off[1]]))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertEqual(app.outbox.entries.first?.status, .needsDecision(reason: "the labels were changed meanwhile"))
            XCTAssertTrue(Self.labelWrites().isEmpty, "never sent over someone else's change")
            XCTAssertTrue(app.outbox.tryAgain(row.id))
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.labelWrites().count, 1)
            XCTAssertEqual(Self.serverLabels(repo, issue.number, client: app.client), Set(seen + [off[0]]),
                           "the person chose theirs")
        }
    }

    func testLabelsAlreadySetAreDroppedWithoutBeingSent() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            let (repo, issue, off) = try Self.memberIssue(app)
            let wanted = issue.labels + [off[0]]
            let row = try XCTUnwrap(app.outbox.enqueue(.issueLabels, repo: repo, number: issue.number,
                                                       payload: OutboxEntry.labelList(wanted),
                                                       seen: OutboxEntry.labelList(issue.labels)))
            app.outbox.setStatus(row.id, .sending)
            runUntilDone("the request landed before a quit") {
                _ = try? await app.client.send(Endpoints.setIssueLabels(owner: repo.owner, repo: repo.name,
                                                                         number: issue.number, labels: wanted))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertTrue(Self.labelWrites().isEmpty, "already set: not sent again")
        }
    }
}
