import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// A new comment on a line of a pull request's diff, written while the server cannot be reached, waits in the
/// outbox (docs/WRITES.md, "The outbox"): its line shows it "Waiting to send" with Cancel, which puts the text back
/// into that line's composer; the drain posts it once, on its line; one already on the server is not posted again.
final class OutboxLineCommentTests: XCTestCase {
    @MainActor private static func posts(_ number: Int) -> [LoggedRequest] {
        IssueFixture.server.requestLog.filter { $0.method == "POST" && $0.path.hasSuffix("/pulls/\(number)/comments") }
    }

    func testANewLineCommentMadeOfflineWaitsOnItsLineCancelPutsItBackAndItIsPostedOnce() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let (repo, pull) = try OutboxPullRequestTests.freshPullRequest(app)
            let page = try PullFixture.open(IssueFixture.App(coordinator: app.coordinator, services: app.services), repo,
                                            pull.number)
            waitUntil("the files") { page.fileList.state == .content }
            let (anchor, _) = try PullRequestLineCommentTests.firstLine(of: page)
            let text = "Written on a train \(UUID().uuidString.prefix(8))"
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            page.openLineComposer(at: anchor)
            page.lineComposer.setText(text)
            page.lineComposer.submit()
            waitUntil("the comment settles") { !page.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.pullRequestLineComment])
            XCTAssertEqual(app.outbox.entries.first?.summary, "Comment on \(repo.owner)/\(repo.name)!\(pull.number) at \(anchor.path)")
            let row = try XCTUnwrap(page.lineThread(at: anchor).last)
            XCTAssertEqual(row.body, text, "the line shows it")
            XCTAssertEqual(row.waiting, "Waiting to send")
            XCTAssertNil(page.composingAt, "the composer closed")

            page.cancelWaitingLineComment(id: row.id)
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertFalse(page.lineThread(at: anchor).contains { $0.body == text }, "it left the line")
            XCTAssertEqual(page.composingAt, anchor)
            XCTAssertEqual(page.lineComposer.text, text, "the text is back in the line's composer")
            page.lineComposer.submit()
            waitUntil("it waits again") { !page.writes.isWriting && app.outbox.entries.count == 1 }
            XCTAssertTrue(Self.posts(pull.number).isEmpty, "nothing reached the server")

            app.transport.unplugged = false
            page.refresh()  // any answer from the server starts the drain
            waitUntil("the outbox is sent") { app.outbox.entries.isEmpty && !app.outbox.isDraining }
            let sent = Self.posts(pull.number)
            XCTAssertEqual(sent.count, 1, "posted once")
            XCTAssertEqual(sent.first?.fields["path"], anchor.path)
            XCTAssertEqual(sent.first?.fields["position"], String(anchor.position))
            waitUntil("the line shows the server's copy") {
                page.lineThread(at: anchor).contains { $0.id > 0 && $0.body == text && $0.waiting == nil }
            }

            // Already on the server (its answer was lost, or it was sent before a quit): done, not posted again.
            let again = OutboxEntry.LineComment(body: text, path: anchor.path, position: anchor.position, commitID: "")
            _ = app.outbox.enqueue(.pullRequestLineComment, repo: repo, number: String(pull.number),
                                   payload: again.payload, seen: "0")
            runUntilDone("the drain") { await app.services.drainOutbox()?.value }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.posts(pull.number).count, 1, "not posted twice")
        }
    }
}
