import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Editing an issue's title and body (members only), through the update call, with the text kept on a refusal.
final class IssueEditTests: XCTestCase {
    func testAMemberEditsTheTitleAndBody() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the permission") { issue.canEditIssue }
            issue.beginEditingIssue()
            XCTAssertEqual(issue.issueEdit?.title, issue.heading)
            issue.editIssueText(title: "   ", body: "x")
            issue.saveIssueEdit()
            XCTAssertEqual(issue.issueEdit?.error, "A title is required.", "an empty title is never sent")
            XCTAssertFalse(issue.writes.isWriting)
            issue.editIssueText(title: "  Crash on start  ", body: "Steps:\n\n1. open")
            issue.saveIssueEdit()
            XCTAssertNil(issue.issueEdit, "the editor closes at once")
            XCTAssertEqual(issue.heading, "Crash on start", "shown at once")
            waitUntil("the PATCH settles") { !issue.writes.isWriting }
            let patch = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.fields["title"], "Crash on start")
            XCTAssertEqual(patch.fields["body"], "Steps:\n\n1. open")
            XCTAssertEqual(patch.fields["repo"], repo.name)
            XCTAssertEqual(patch.status, 200)
            XCTAssertEqual(issue.issue?.body, "Steps:\n\n1. open")
            waitUntil("the new body is rendered") { issue.bodyDocument != nil }
        }
    }

    func testARefusedEditPutsTheOldTextBackAndKeepsTheNewInTheEditor() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the permission") { issue.canEditIssue }
            let before = issue.heading
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/issues/*", method: "PATCH",
                                               status: 500, count: 1))
            issue.beginEditingIssue()
            issue.editIssueText(title: "New title", body: "New body")
            issue.saveIssueEdit()
            waitUntil("the rollback") { !issue.writes.isWriting }
            XCTAssertEqual(issue.heading, before)
            XCTAssertEqual(issue.issueEdit?.title, "New title", "what was typed is kept")
            XCTAssertEqual(issue.issueEdit?.body, "New body")
            XCTAssertNotNil(issue.issueEdit?.error)
        }
    }

    func testOthersCannotEditAndFakeGiteeRefusesThemAndAnEmptyTitle() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let other = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let foreign = try IssueFixture.openIssue(app, other, state: "open")
            waitUntil("the permission") { foreign.permission != nil }
            XCTAssertFalse(foreign.canEditIssue)
            foreign.beginEditingIssue()
            XCTAssertNil(foreign.issueEdit)
            var refusal: GiteeError?
            runUntilDone("the PATCH") {
                do {
                    _ = try await app.client.send(Endpoints.editIssue(owner: other.owner, repo: other.name,
                                                                      number: foreign.number, title: "t", body: "b"))
                } catch { refusal = error as? GiteeError }
            }
            guard case .forbidden? = refusal else { return XCTFail("expected 403, got \(String(describing: refusal))") }
            let own = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, own, state: "open")
            refusal = nil
            runUntilDone("the PATCH") {
                do {
                    _ = try await app.client.send(Endpoints.editIssue(owner: own.owner, repo: own.name,
                                                                      number: issue.number, title: " ", body: "b"))
                } catch { refusal = error as? GiteeError }
            }
            guard case .validation? = refusal else { return XCTFail("expected 400, got \(String(describing: refusal))") }
        }
    }
}
