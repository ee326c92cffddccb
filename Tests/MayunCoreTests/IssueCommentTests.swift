import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Comments on an issue through the write path, against FakeGitee: optimistic with rollback, the composer's draft
/// (per account, project and issue; it survives failures and restarts), edit and delete of one's own, and the
/// server's refusals.
final class IssueCommentTests: XCTestCase {
    func testACommentShowsAtOnceAndTakesTheServersCopy() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            let before = issue.comments.items.count
            XCTAssertTrue(issue.isLoggedIn)
            XCTAssertFalse(issue.composer.canSend, "nothing to send yet")
            issue.composer.setText("Same here on **Debian 12**.")
            issue.composer.submit()
            XCTAssertEqual(issue.comments.items.count, before + 1, "the comment shows at once, without a reload")
            XCTAssertTrue(issue.isPendingComment(at: before))
            XCTAssertEqual(issue.composer.text, "", "the composer empties while it is sent")
            waitUntil("the POST settles") { !issue.writes.isWriting }
            let posted = try XCTUnwrap(issue.comments.items.last)
            XCTAssertGreaterThan(posted.id, 0, "the server's copy, with its id")
            XCTAssertEqual(posted.author?.login, "mayun-demo")
            XCTAssertTrue(issue.isOwnComment(at: before))
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "POST" }.last?.fields["body"],
                           "Same here on **Debian 12**.")
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: repo, issue: issue.number), "", "the draft goes once sent")
        }
    }

    func testAFailedCommentIsTakenBackAndItsTextKeptWithTheReason() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            let before = issue.comments.items.count
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/*/issues/*/comments", method: "POST",
                                               status: 503, count: 1))
            issue.composer.setText("This will not arrive")
            issue.composer.submit()
            XCTAssertEqual(issue.comments.items.count, before + 1)
            waitUntil("the rollback") { !issue.writes.isWriting }
            XCTAssertEqual(issue.comments.items.count, before, "the comment that did not arrive is not shown")
            XCTAssertEqual(issue.composer.text, "This will not arrive", "the text is kept")
            XCTAssertNotNil(issue.composer.failure, "and the reason is said under the composer")
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not comment:"), true)
            // The draft survives a restart (a new store over the same folder), for this account and issue only.
            runUntilDone("the drafts are written") { await drafts.flush() }
            let restarted = DraftStore(directory: drafts.directory)
            XCTAssertEqual(restarted.comment(account: "mayun-demo", repo: repo, issue: issue.number), "This will not arrive")
            XCTAssertEqual(restarted.comment(account: "someone-else", repo: repo, issue: issue.number), "")
            XCTAssertEqual(restarted.comment(account: "mayun-demo", repo: repo, issue: "OTHER"), "")
        }
    }

    func testTheDraftComesBackWhenTheIssueIsOpenedAgain() throws {
        try onMain {
            let folder = IssueFixture.makeDrafts()
            let first = IssueFixture.makeApp(drafts: DraftStore(directory: folder))
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: first.client)
            let issue = try IssueFixture.openIssue(first, repo, state: "open")
            issue.composer.setText("Half a thought")
            runUntilDone("the draft is written") { await first.services.drafts.flush() }
            let second = IssueFixture.makeApp(drafts: DraftStore(directory: folder))
            let again = try IssueFixture.openIssue(second, repo, state: "open")
            XCTAssertEqual(again.composer.text, "Half a thought")
        }
    }

    func testEditAndDeleteOwnCommentThroughTheWritePath() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            for (index, comment) in issue.comments.items.enumerated() {
                XCTAssertEqual(issue.isOwnComment(at: index), comment.author?.login == "mayun-demo",
                               "only the demo account's own comments are editable")
            }
            XCTAssertTrue(issue.comments.items.contains { $0.author?.login != "mayun-demo" }, "someone else's is there too")
            issue.composer.setText("First version")
            issue.composer.submit()
            waitUntil("the POST settles") { !issue.writes.isWriting }
            let index = issue.comments.items.count - 1
            let id = issue.comments.items[index].id

            issue.editComment(at: index)
            XCTAssertTrue(issue.composer.isEditing)
            XCTAssertEqual(issue.composer.text, "First version")
            issue.composer.setText("Second version")
            issue.composer.submit()
            XCTAssertEqual(issue.comments.items[index].body, "Second version", "the edit shows at once")
            waitUntil("the PATCH settles") { !issue.writes.isWriting }
            XCTAssertFalse(issue.composer.isEditing)
            let patch = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/issues/comments/\(id)")

            issue.deleteComment(at: index)
            XCTAssertFalse(issue.comments.items.contains { $0.id == id }, "gone at once")
            waitUntil("the DELETE settles") { !issue.writes.isWriting }
            XCTAssertEqual(IssueFixture.server.requestLog.last?.method, "DELETE")
            XCTAssertEqual(IssueFixture.server.requestLog.last?.status, 204)
        }
    }

    func testFakeGiteeRefusesEmptyCommentsAndOthersComments() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            let someoneElses = try XCTUnwrap(issue.comments.items.first { $0.author?.login != "mayun-demo" }, "a generated comment")
            var errors: [GiteeError?] = []
            runUntilDone("the refused writes") {
                for endpoint in [Endpoints.editComment(.issue, owner: repo.owner, repo: repo.name, id: someoneElses.id, body: "mine now")] {
                    do { _ = try await app.client.send(endpoint) } catch { errors.append(error as? GiteeError) }
                }
                do { _ = try await app.client.send(Endpoints.deleteComment(.issue, owner: repo.owner, repo: repo.name, id: someoneElses.id)) }
                catch { errors.append(error as? GiteeError) }
                do { _ = try await app.client.send(Endpoints.commentOnIssue(owner: repo.owner, repo: repo.name, number: issue.number, body: "  ")) }
                catch { errors.append(error as? GiteeError) }
            }
            XCTAssertEqual(errors.count, 3)
            if case .forbidden? = errors[0] {} else { XCTFail("editing someone else's comment: \(String(describing: errors[0]))") }
            if case .forbidden? = errors[1] {} else { XCTFail("deleting someone else's comment: \(String(describing: errors[1]))") }
            if case .validation? = errors[2] {} else { XCTFail("an empty comment: \(String(describing: errors[2]))") }
        }
    }

    func testLoggedOutTheComposerIsALoginButtonThatComesBack() throws {
        try onMain {
            let app = IssueFixture.makeApp(loggedIn: false)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            XCTAssertFalse(issue.isLoggedIn)
            XCTAssertEqual(issue.logInToCommentTitle, "Log in to comment")
            issue.logInToComment()
            XCTAssertEqual(app.coordinator.routes.last, .login)
            let login = try XCTUnwrap(app.coordinator.top?.model as? LoginViewModel)
            login.select(.token)
            login.setToken("mayun-demo-token")
            login.submit()
            waitUntil("back on the issue") { app.coordinator.routes.last == .issue(repo, number: issue.number) }
            XCTAssertTrue(issue.isLoggedIn)
        }
    }
}
