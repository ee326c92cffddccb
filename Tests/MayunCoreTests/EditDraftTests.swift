import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Edits keep drafts too (docs/WRITES.md): a comment's edit and an issue's title and description are kept as they
/// are typed, come back when the page is opened again, and go once the server has the edit or the person cancels.
final class EditDraftTests: XCTestCase {
    @MainActor private static func issueWithOwnComment(_ text: String, drafts: DraftStore) throws
        -> (app: IssueFixture.App, repo: RepositoryID, issue: IssueViewModel, id: Int) {
        let app = IssueFixture.makeApp(drafts: drafts)
        let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
        let issue = try IssueFixture.openIssue(app, repo, state: "open")
        issue.composer.setText(text)
        issue.composer.submit()
        waitUntil("the comment is posted") { !issue.writes.isWriting }
        let id = try XCTUnwrap(issue.comments.items.last { $0.body == text }?.id)
        return (app, repo, issue, id)
    }

    /// The same issue on a new page, as after Back and opening it again.
    @MainActor private static func reopen(_ app: IssueFixture.App, _ issue: IssueViewModel) -> IssueViewModel {
        app.coordinator.pop()
        app.coordinator.push(.issue(issue.repo, number: issue.number))
        guard let page = app.coordinator.top?.model as? IssueViewModel else {
            XCTFail("the issue did not open")
            return issue
        }
        page.start()
        waitUntil("the issue loads") { page.state == .content && page.comments.state != .loading }
        return page
    }

    /// Where comment `id` is in the thread, loading more pages until it is there (the shared issue gathers other
    /// tests' comments: a new one may be past the first page).
    @MainActor private static func showing(_ id: Int, in issue: IssueViewModel) throws -> Int {
        waitUntil("the comment is shown", timeout: 20) {
            if !issue.comments.items.contains(where: { $0.id == id }), !issue.comments.reachedEnd { issue.comments.loadMore() }
            return issue.comments.items.contains { $0.id == id }
        }
        return try XCTUnwrap(issue.comments.items.firstIndex { $0.id == id })
    }

    func testACommentEditLeftUnsavedComesBackAndGoesOnceSaved() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let (app, _, first, id) = try Self.issueWithOwnComment("Original \(UUID().uuidString)", drafts: drafts)
            first.editComment(at: try Self.showing(id, in: first))
            first.composer.setText("Half-written edit")
            var issue = Self.reopen(app, first)
            issue.editComment(at: try Self.showing(id, in: issue))
            XCTAssertEqual(issue.composer.text, "Half-written edit", "the unsaved edit comes back")
            issue.composer.setText("Finished edit")
            issue.composer.submit()
            waitUntil("the edit is saved") { !issue.writes.isWriting }
            XCTAssertEqual(issue.comments.items.first { $0.id == id }?.body, "Finished edit")
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(issue.composer.editDrafts.text(EditDrafts.comment(id)), "", "saved: the edit's draft goes")

            issue = Self.reopen(app, issue)
            issue.editComment(at: try Self.showing(id, in: issue))
            XCTAssertEqual(issue.composer.text, "Finished edit", "the server's text, no draft")
            issue.composer.setText("Dropped")
            issue.composer.cancelEditing()
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(issue.composer.editDrafts.text(EditDrafts.comment(id)), "", "cancelled: the draft goes")
        }
    }

    func testAnIssueEditLeftUnsavedComesBackAndGoesOnceSaved() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let first = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the permission") { first.canEditIssue }
            first.beginEditingIssue()
            let title = "Kept title \(UUID().uuidString)"
            first.editIssueText(title: title, body: "Kept description")
            var issue = Self.reopen(app, first)
            waitUntil("the permission") { issue.canEditIssue }
            issue.beginEditingIssue()
            XCTAssertEqual(issue.issueEdit?.title, title, "the unsaved edit comes back")
            XCTAssertEqual(issue.issueEdit?.body, "Kept description")
            issue.saveIssueEdit()
            waitUntil("the edit is saved") { !issue.writes.isWriting }
            XCTAssertEqual(issue.issue?.title, title)
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(issue.composer.editDrafts.text(EditDrafts.issueTitle), "", "saved: the draft goes")
            XCTAssertEqual(issue.composer.editDrafts.text(EditDrafts.issueBody), "")

            issue = Self.reopen(app, issue)
            waitUntil("the permission") { issue.canEditIssue }
            issue.beginEditingIssue()
            XCTAssertEqual(issue.issueEdit?.title, title, "the server's text")
            issue.editIssueText(title: "Dropped", body: "Dropped")
            issue.cancelEditingIssue()
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(issue.composer.editDrafts.text(EditDrafts.issueTitle), "", "cancelled: the draft goes")
        }
    }
}
