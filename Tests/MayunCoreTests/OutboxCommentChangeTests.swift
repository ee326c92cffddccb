import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Edits and deletions of one's own comments made while the server cannot be reached wait in the outbox
/// (docs/WRITES.md, "The outbox"): the comment shows the new text (or stays, for a deletion) marked as waiting, with
/// Cancel; the drain sends each once, an edit over someone else's change waits on the person, and a comment already
/// edited or deleted is not sent again.
final class OutboxCommentChangeTests: XCTestCase {
    @MainActor private static func commentWrites(_ method: String) -> [LoggedRequest] {
        IssueFixture.server.requestLog.filter { $0.method == method && $0.path.contains("/issues/comments/") }
    }

    /// An issue with a comment of the person's own, at `index` in the loaded thread.
    @MainActor private static func ownComment(_ app: OutboxTests.App) throws -> (RepositoryID, IssueViewModel, Int, Comment) {
        let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
        let issue = try OutboxTests.open(app, repo, state: "open")
        let text = "Mine to change \(UUID().uuidString)"
        issue.composer.setText(text)
        issue.composer.submit()
        waitUntil("the comment is posted") { issue.comments.items.contains { $0.body == text && $0.id > 0 } }
        let index = try XCTUnwrap(issue.comments.items.firstIndex { $0.body == text })
        return (repo, issue, index, issue.comments.items[index])
    }

    /// The comment's text on the server; "gone" when it is not there, "unread" when the server could not be asked.
    @MainActor private static func serverText(_ id: Int, _ repo: RepositoryID, client: GiteeClient) -> String {
        var text = "unread"
        runUntilDone("the comment") {
            do {
                text = try await client.send(Endpoints.comment(.issue, owner: repo.owner, repo: repo.name, id: id))?.body ?? "gone"
            } catch {}
        }
        return text
    }

    func testAnEditMadeWhileUnreachableShowsWaitsAndIsSavedOnce() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let (repo, issue, index, comment) = try Self.ownComment(app)
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            let edited = comment.body + " (edited on a train)"
            issue.editComment(at: index)
            issue.composer.setText(edited)
            issue.composer.submit()
            waitUntil("the edit settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.issueCommentEdit])
            XCTAssertEqual(issue.comments.items[index].body, edited, "the comment shows the new text")
            XCTAssertEqual(issue.waitingText(at: index), "Edit waiting to send")
            XCTAssertNil(app.coordinator.toast, "not a failure")

            // Cancel puts the edit back into the composer; editing again and sending waits once more.
            issue.cancelWaitingComment(at: index)
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(issue.comments.items[index].body, comment.body, "the comment shows the text it had")
            XCTAssertEqual(issue.composer.text, edited, "the edit is back in the composer")
            issue.composer.submit()
            waitUntil("the edit settles again") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.count, 1)
            XCTAssertTrue(Self.commentWrites("PATCH").isEmpty, "nothing reached the server")

            app.transport.unplugged = false
            issue.refresh()  // any answer from the server starts the drain
            waitUntil("the outbox is sent") { app.outbox.entries.isEmpty && !app.outbox.isDraining }
            XCTAssertEqual(Self.commentWrites("PATCH").count, 1, "saved once")
            XCTAssertEqual(Self.serverText(comment.id, repo, client: app.client), edited)
            waitUntil("the thread shows the server's copy") {
                issue.comments.items.contains { $0.id == comment.id && $0.body == edited }
            }
            XCTAssertNil(issue.comments.items.firstIndex { $0.id == comment.id }.flatMap(issue.waitingText(at:)))
        }
    }

    func testADeletionMadeWhileUnreachableKeepsTheCommentMarkedAndDeletesItOnce() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let (repo, issue, index, comment) = try Self.ownComment(app)
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            issue.deleteComment(at: index)
            waitUntil("the deletion settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.issueCommentDeletion])
            XCTAssertEqual(issue.comments.items[index].id, comment.id, "the comment stays until the server deletes it")
            XCTAssertEqual(issue.waitingText(at: index), "Deletion waiting to send")
            XCTAssertTrue(Self.commentWrites("DELETE").isEmpty)

            app.transport.unplugged = false
            issue.refresh()
            waitUntil("the outbox is sent") { app.outbox.entries.isEmpty && !app.outbox.isDraining }
            XCTAssertEqual(Self.commentWrites("DELETE").count, 1, "deleted once")
            XCTAssertEqual(Self.serverText(comment.id, repo, client: app.client), "gone", "gone on the server")
            waitUntil("the thread no longer shows it") { !issue.comments.items.contains { $0.id == comment.id } }
        }
    }

    /// A line comment's edit waits too: its line shows the new text marked, and Cancel puts the edit back into the
    /// line's composer.
    func testALineCommentsEditWaitsOnItsLineAndCancelPutsItBackInTheLinesComposer() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let page = try PullFixture.open(IssueFixture.App(coordinator: app.coordinator, services: app.services), repo,
                                            pull.number)
            waitUntil("the files") { page.fileList.state == .content }
            let (anchor, _) = try PullRequestLineCommentTests.firstLine(of: page)
            page.openLineComposer(at: anchor)
            page.lineComposer.setText("On this line \(UUID().uuidString)")
            page.lineComposer.submit()
            waitUntil("the comment is posted") { !page.writes.isWriting }
            let posted = try XCTUnwrap(page.lineThreads[anchor]?.last)
            XCTAssertGreaterThan(posted.id, 0)

            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            page.editLineComment(id: posted.id)
            page.lineComposer.setText(posted.body + " (edited offline)")
            page.lineComposer.submit()
            waitUntil("the edit settles") { !page.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.pullRequestCommentEdit])
            let row = try XCTUnwrap(page.lineThread(at: anchor).last)
            XCTAssertEqual(row.body, posted.body + " (edited offline)", "the line shows the new text")
            XCTAssertEqual(row.waiting, "Edit waiting to send")
            XCTAssertNil(page.composingAt, "the composer closed")

            page.cancelWaitingLineComment(id: posted.id)
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(page.lineThread(at: anchor).last?.body, posted.body, "the line shows the text it had")
            XCTAssertNil(page.lineThread(at: anchor).last?.waiting)
            XCTAssertEqual(page.composingAt, anchor)
            XCTAssertTrue(page.lineComposer.isEditing)
            XCTAssertEqual(page.lineComposer.text, posted.body + " (edited offline)", "the edit is back in the composer")
            XCTAssertTrue(Self.commentWritesOfPulls().isEmpty, "nothing reached the server")
        }
    }

    @MainActor private static func commentWritesOfPulls() -> [LoggedRequest] {
        IssueFixture.server.requestLog.filter { $0.method == "PATCH" && $0.path.contains("/pulls/comments/") }
    }

    func testAnEditOverSomeoneElsesChangeWaitsOnThePersonAndOneAlreadySavedIsNotSent() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            let (repo, issue, _, comment) = try Self.ownComment(app)
            let row = try XCTUnwrap(app.outbox.enqueue(.issueCommentEdit, repo: repo, number: issue.number,
                                                       payload: OutboxEntry.CommentChange(id: comment.id, body: "mine").payload,
                                                       seen: comment.body))
            runUntilDone("the comment is changed elsewhere") {
                _ = try? await app.client.send(Endpoints.editComment(.issue, owner: repo.owner, repo: repo.name,
                                                                          id: comment.id, body: "changed elsewhere"))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertEqual(app.outbox.entries.first?.status, .needsDecision(reason: "the comment was changed meanwhile"))
            XCTAssertTrue(Self.commentWrites("PATCH").isEmpty, "never saved over someone else's change")

            // The person chose theirs, and the edit landed before a quit: settled, not sent again.
            XCTAssertTrue(app.outbox.tryAgain(row.id))
            runUntilDone("the edit lands") {
                _ = try? await app.client.send(Endpoints.editComment(.issue, owner: repo.owner, repo: repo.name,
                                                                          id: comment.id, body: "mine"))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertTrue(Self.commentWrites("PATCH").isEmpty, "already saved: not sent again")
        }
    }
}
