import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// An issue's title and description saved while the server cannot be reached wait in the outbox (docs/WRITES.md,
/// "The outbox"): the page shows the server's text and a waiting line; Cancel puts the edit back into the editor, so
/// no word is lost; the drain saves it once; an edit over someone else's meanwhile waits on the person.
final class OutboxIssueEditTests: XCTestCase {
    @MainActor private static func issueWrites() -> [LoggedRequest] {
        IssueFixture.server.requestLog.filter { $0.method == "PATCH" && $0.path.contains("/issues/") }
    }

    @MainActor private static func serverTitle(_ repo: RepositoryID, _ number: String, client: GiteeClient) -> String? {
        var issue: Issue?
        runUntilDone("the issue") { issue = try? await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: number)) }
        return issue?.title
    }

    @MainActor private static func memberIssue(_ app: OutboxTests.App) throws -> (RepositoryID, IssueViewModel) {
        let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
        let issue = try OutboxTests.open(app, repo, state: "open")
        waitUntil("the controls for a member") { issue.canEditIssue }
        return (repo, issue)
    }

    func testAnEditSavedWhileUnreachableWaitsCancelKeepsItsWordsAndItIsSavedOnce() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let (repo, issue) = try Self.memberIssue(app)
            let before = try XCTUnwrap(issue.issue?.title)
            let title = "Retitled on a train \(UUID().uuidString.prefix(8))"
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            issue.beginEditingIssue()
            issue.editIssueText(title: title, body: "Written offline.")
            issue.saveIssueEdit()
            waitUntil("the edit settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.issueEdit])
            XCTAssertEqual(issue.issue?.title, before, "the page shows the server's title")
            XCTAssertEqual(issue.waitingChanges.map(\.text), ["“\(title)”: Edit waiting to send"])
            XCTAssertNil(issue.issueEdit, "the editor closed")
            XCTAssertNil(app.coordinator.toast, "not a failure")

            issue.cancelWaiting(try XCTUnwrap(issue.waitingChanges.first))
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(issue.issueEdit?.title, title, "the edit is back in the editor")
            XCTAssertEqual(issue.issueEdit?.body, "Written offline.")
            issue.saveIssueEdit()
            waitUntil("the edit settles again") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.count, 1)
            issue.beginEditingIssue()
            XCTAssertEqual(issue.issueEdit?.title, title, "editing again starts from what waits")
            issue.cancelEditingIssue()
            XCTAssertTrue(Self.issueWrites().isEmpty, "nothing reached the server")

            app.transport.unplugged = false
            issue.refresh()  // any answer from the server starts the drain
            waitUntil("the outbox is sent") { app.outbox.entries.isEmpty && !app.outbox.isDraining }
            XCTAssertEqual(Self.issueWrites().count, 1, "saved once")
            XCTAssertEqual(Self.serverTitle(repo, issue.number, client: app.client), title)
            waitUntil("the page shows it") { issue.issue?.title == title }
            XCTAssertTrue(issue.waitingChanges.isEmpty)
        }
    }

    func testAnEditOverSomeoneElsesWaitsOnThePerson() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            let (repo, issue) = try Self.memberIssue(app)
            let current = try XCTUnwrap(issue.issue)
            let seen = OutboxEntry.IssueText(title: current.title, body: current.body ?? "")
            let row = try XCTUnwrap(app.outbox.enqueue(.issueEdit, repo: repo, number: issue.number,
                                                       payload: OutboxEntry.IssueText(title: "Mine", body: "mine").payload,
                                                       seen: seen.payload))
            runUntilDone("someone else edits it") {
                _ = try? await app.client.send(Endpoints.editIssue(owner: repo.owner, repo: repo.name, number: issue.number,
                                                                   title: "Theirs", body: "theirs"))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertEqual(app.outbox.entries.first?.status, .needsDecision(reason: "the issue was edited meanwhile"))
            XCTAssertTrue(Self.issueWrites().isEmpty, "never saved over someone else's edit")
            XCTAssertTrue(app.outbox.tryAgain(row.id))
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.issueWrites().count, 1)
            XCTAssertEqual(Self.serverTitle(repo, issue.number, client: app.client), "Mine", "the person chose theirs")
        }
    }
}
