import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Editing an issue's title and body (members and the issue's author), through the update call, with the text kept
/// on a refusal.
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

    /// On gitee.com an issue's author edits its title and body (issue 39): the demo account opens an issue on a
    /// project it is not a member of, sees Edit (and no state or triage controls), and the server takes the new
    /// text. A state change from the author is still refused: that stays with members.
    func testItsAuthorEditsAnIssueWithoutBeingAMember() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            // The world's last project someone else owns: the other tests take the first ones, and pick their
            // issues by state, so an issue by the demo account there would change what they see.
            let world = IssueFixture.server.world
            let demo = try XCTUnwrap(world.user(login: "mayun-demo"))
            let project = try XCTUnwrap(world.projects.last { $0.ownerID != demo.id && !$0.isEmpty })
            let other = RepositoryID(owner: world.owner(of: project).login, name: project.path)
            var created: Issue?
            runUntilDone("the new issue") {
                created = try? await app.client.send(Endpoints.createIssue(owner: other.owner, repo: other.name,
                                                                           title: "Typo in the README", body: "Line 3"))
            }
            let number = try XCTUnwrap(created?.number)
            app.coordinator.push(.issue(other, number: number))
            let issue = try XCTUnwrap(app.coordinator.top?.model as? IssueViewModel)
            issue.start()
            waitUntil("the issue loads") { issue.state == .content && issue.permission != nil }
            XCTAssertFalse(issue.canChangeState)
            XCTAssertTrue(issue.isIssueAuthor)
            XCTAssertTrue(issue.canEditIssue)
            issue.beginEditingIssue()
            issue.editIssueText(title: "Typo in the README's third line", body: "Line 3 says \"teh\".")
            issue.saveIssueEdit()
            waitUntil("the PATCH settles") { !issue.writes.isWriting }
            let patch = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.status, 200)
            XCTAssertEqual(patch.login, "mayun-demo")
            XCTAssertNil(patch.fields["state"], "only the text was sent")
            XCTAssertEqual(issue.heading, "Typo in the README's third line")
            XCTAssertNil(issue.issueEdit?.error)
            var refusal: GiteeError?
            runUntilDone("the state PATCH") {
                do {
                    _ = try await app.client.send(Endpoints.setIssueState(owner: other.owner, repo: other.name,
                                                                          number: number, to: .closed))
                } catch { refusal = error as? GiteeError }
            }
            guard case .forbidden? = refusal else { return XCTFail("expected 403, got \(String(describing: refusal))") }
        }
    }
}
