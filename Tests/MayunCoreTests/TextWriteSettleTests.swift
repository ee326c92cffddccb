import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Edits and deletions of text whose answer was lost (FakeGitee's `lost-answer`: the route ran, then a gateway's 502)
/// are settled by reading the thing back (`Endpoints.issueComment`, `pullRequestComment`, the issue): shown as done,
/// with no error, sent once (docs/WRITES.md).
final class TextWriteSettleTests: XCTestCase {
    /// An open issue of someone else's project with a comment of the demo account's at its end (`index`).
    @MainActor private static func issueWithOwnComment(_ text: String) throws
        -> (app: IssueFixture.App, repo: RepositoryID, issue: IssueViewModel, index: Int) {
        let app = IssueFixture.makeApp()
        let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
        let issue = try IssueFixture.openIssue(app, repo, state: "open")
        issue.composer.setText(text)
        issue.composer.submit()
        waitUntil("the POST settles") { !issue.writes.isWriting }
        return (app, repo, issue, issue.comments.items.count - 1)
    }

    func testACommentEditAndDeletionWhoseAnswersAreLostAreDoneOnce() throws {
        try onMain {
            let (app, repo, issue, index) = try Self.issueWithOwnComment("First version")
            let id = issue.comments.items[index].id
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/issues/comments/*", method: "PATCH",
                                               count: 1))
            issue.editComment(at: index)
            issue.composer.setText("Second version")
            issue.composer.submit()
            waitUntil("the PATCH settles") { !issue.writes.isWriting }
            XCTAssertEqual(issue.comments.items[index].body, "Second version", "the server has it: it stays")
            XCTAssertFalse(issue.composer.isEditing)
            XCTAssertNil(issue.composer.failure)
            XCTAssertNil(app.coordinator.toast)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "PATCH" }.map(\.status), [502], "sent once")

            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/issues/comments/*", method: "DELETE",
                                               count: 1))
            issue.deleteComment(at: index)
            waitUntil("the DELETE settles") { !issue.writes.isWriting }
            XCTAssertFalse(issue.comments.items.contains { $0.id == id }, "deleted on the server: it stays gone")
            XCTAssertNil(app.coordinator.toast)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "DELETE" }.map(\.status), [502], "sent once")
            var stored: Comment??
            runUntilDone("read back") {
                stored = try? await app.client.send(Endpoints.comment(.issue, owner: repo.owner, repo: repo.name, id: id))
            }
            XCTAssertEqual(stored, .some(nil), "FakeGitee answers 404 for it, read as gone")
        }
    }

    func testACommentEditThatDidNotHappenIsPutBack() throws {
        try onMain {
            let (_, _, issue, index) = try Self.issueWithOwnComment("Kept version")
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/*/issues/comments/*", method: "PATCH",
                                               status: 502, count: 1))
            issue.editComment(at: index)
            issue.composer.setText("Lost version")
            issue.composer.submit()
            waitUntil("the rollback") { !issue.writes.isWriting }
            XCTAssertEqual(issue.comments.items[index].body, "Kept version", "the server's text is shown again")
            XCTAssertEqual(issue.composer.text, "Lost version", "what was typed is kept")
            XCTAssertNotNil(issue.composer.failure)
        }
    }

    func testAnIssueEditWhoseAnswerIsLostIsShownSavedWithNoError() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the permission") { issue.canEditIssue }
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/issues/*", method: "PATCH", count: 1))
            issue.beginEditingIssue()
            issue.editIssueText(title: "Saved through a lost answer", body: "Body \(UUID().uuidString)")
            issue.saveIssueEdit()
            waitUntil("the PATCH settles") { !issue.writes.isWriting }
            XCTAssertEqual(issue.heading, "Saved through a lost answer")
            XCTAssertNil(issue.issueEdit, "no editor brought back with an error")
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "PATCH" }.map(\.status), [502], "sent once")
        }
    }

    func testAPullRequestCommentEditWhoseAnswerIsLostStays() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            page.composer.setText("PR first")
            page.composer.submit()
            waitUntil("the POST settles") { !page.writes.isWriting }
            let index = page.comments.items.count - 1
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/pulls/comments/*", method: "PATCH",
                                               count: 1))
            page.editComment(at: index)
            page.composer.setText("PR second")
            page.composer.submit()
            waitUntil("the PATCH settles") { !page.writes.isWriting }
            XCTAssertEqual(page.comments.items[index].body, "PR second")
            XCTAssertNil(app.coordinator.toast)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "PATCH" }.map(\.status), [502], "sent once")
        }
    }
}
