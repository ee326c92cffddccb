import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Writes whose answer was lost (FakeGitee's `lost-answer` and `lost-connection`: the server did the write) are settled
/// by asking the server, never sent again and never reported as failed; writes that did not happen are rolled back
/// with the text kept; a comment that lands after its page was left takes its draft with it (docs/WRITES.md).
final class SettledWriteTests: XCTestCase {
    func testAMergeWhoseAnswerIsLostIsShownMergedWithNoErrorAndSentOnce() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.canMerge }
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/pulls/*/merge", method: "PUT", count: 1))
            page.merge()
            waitUntil("the merge settles") { !page.writes.isWriting }
            XCTAssertTrue(page.isMerged, "the server merged it: the page says so")
            XCTAssertNil(app.coordinator.toast, "no error over a merged pull request")
            let puts = IssueFixture.server.requestLog.filter { $0.method == "PUT" }
            XCTAssertEqual(puts.map(\.status), [502], "the merge was sent once")
        }
    }

    func testAMergeThatDidNotHappenIsRolledBackAndNotRepeated() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.canMerge }
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/*/pulls/*/merge", method: "PUT",
                                               status: 502, count: 1))
            page.merge()
            waitUntil("the rollback") { !page.writes.isWriting }
            XCTAssertFalse(page.isMerged)
            XCTAssertTrue(page.canMerge, "offered again: the server says it did not happen")
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not merge:"), true)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "PUT" }.count, 1)
        }
    }

    func testACommentWhoseAnswerIsLostIsFoundOnceAndItsDraftGoes() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            let before = issue.comments.items.count
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/issues/*/comments", method: "POST",
                                               count: 1))
            let text = "Lost on the way back \(UUID().uuidString)"
            issue.composer.setText(text)
            issue.composer.submit()
            waitUntil("the comment settles") { !issue.writes.isWriting }
            XCTAssertEqual(issue.comments.items.count, before + 1)
            XCTAssertGreaterThan(issue.comments.items.last?.id ?? 0, 0, "the server's copy, found by asking")
            XCTAssertEqual(issue.composer.text, "")
            XCTAssertNil(issue.composer.failure)
            XCTAssertNil(app.coordinator.toast)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "POST" }.count, 1, "posted once")
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: repo, issue: issue.number), "")
            var stored: [Comment] = []
            runUntilDone("the thread") {
                stored = (try? await app.client.all(Endpoints.issueComments(owner: repo.owner, repo: repo.name,
                                                                            number: issue.number, perPage: 100))) ?? []
            }
            XCTAssertEqual(stored.filter { $0.body == text }.count, 1)
        }
    }

    func testACommentThatLandsAfterThePageWasLeftIsNotOfferedAgain() throws {
        try onMain {
            let (_, repo, number, drafts) = try Self.commentThenBack(
                "Sent, then Back at once",
                meeting: Fault(kind: .latency, path: Self.commentsPath, method: "POST", delayMs: 400, count: 1))
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: repo, issue: number), "",
                           "the server has it: reopening the issue must not offer it again")
        }
    }

    func testACommentThatFailsAfterThePageWasLeftKeepsItsTextAsTheDraft() throws {
        try onMain {
            let (app, repo, number, drafts) = try Self.commentThenBack(
                "Refused after Back",
                meeting: Fault(kind: .status, path: Self.commentsPath, method: "POST", status: 422, count: 1))
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: repo, issue: number), "Refused after Back")
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not comment:"), true, "and a toast says so")
        }
    }

    private static let commentsPath = "/api/v5/repos/*/*/issues/*/comments"

    /// Sends `text` as a comment whose POST meets `fault`, leaves the issue page at once, and waits until the POST
    /// has ended and the drafts are on disk.
    @MainActor
    private static func commentThenBack(_ text: String, meeting fault: Fault) throws
        -> (IssueFixture.App, RepositoryID, String, DraftStore) {
        let drafts = DraftStore(directory: IssueFixture.makeDrafts())
        let app = IssueFixture.makeApp(drafts: drafts)
        let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
        let issue = try IssueFixture.openIssue(app, repo, state: "open")
        IssueFixture.server.addFault(fault)
        issue.composer.setText(text)
        issue.composer.submit()
        let sending = issue.writes.inFlight
        issue.cancel()
        runUntilDone("the POST ends") { for task in sending { await task.value } }
        runUntilDone("the drafts are written") { await drafts.flush() }
        return (app, repo, issue.number, drafts)
    }

    func testAnIssueClosedOverALostConnectionIsShownClosed() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the permission") { issue.canChangeState }
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .lostConnection, path: "/api/v5/repos/*/issues/*", method: "PATCH", count: 1))
            issue.move(to: .closed)
            waitUntil("the state settles") { !issue.writes.isWriting }
            XCTAssertEqual(issue.issue?.state, "closed")
            XCTAssertNil(app.coordinator.toast)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "PATCH" }.count, 1)
        }
    }
}

extension SettledWriteTests {
    /// Issue 38: Back while a slow Create Issue is on its way leaves the page below on top; the issue is still made
    /// (once), a toast says so, and its draft goes although the form has gone.
    func testBackDuringASlowCreateIssueLeavesTheRightPageOnTop() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            app.coordinator.push(.issues(repo))
            app.coordinator.push(.createIssue(repo))
            let form = try XCTUnwrap(app.coordinator.top?.model as? CreateIssueViewModel)
            form.setTitle("Made while going back")
            IssueFixture.server.addFault(Fault(kind: .latency, path: "/api/v5/repos/*/issues", method: "POST",
                                               delayMs: 300, count: 1))
            IssueFixture.server.clearLog()
            form.submit()
            app.coordinator.pop()
            XCTAssertEqual(app.coordinator.routes.last, .issues(repo))
            waitUntil("the issue is made") { !form.isSubmitting }
            XCTAssertEqual(app.coordinator.routes.last, .issues(repo), "the list stays on top")
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Issue #"), true)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "POST" }.count, 1)
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertTrue(drafts.draft(for: repo).isEmpty, "the server has it: the form must not offer it again")
        }
    }
}
