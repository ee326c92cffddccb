import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Assignee and milestone set by members through the update call, the list's assignee / milestone filters and its
/// order, and FakeGitee refusing what the site refuses.
final class IssueTriageTests: XCTestCase {
    func testAMemberAssignsThemselfAndAMilestoneAndTheListFindsIt() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["progressing"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "progressing")
            waitUntil("the collaborators and milestones") { issue.canAssign && issue.canSetMilestone }
            XCTAssertEqual(issue.assigneeChoices.first?.login, nil, "No one first")
            XCTAssertTrue(issue.assigneeChoices.contains { $0.login == "mayun-demo" })
            issue.setAssignee("mayun-demo")
            XCTAssertEqual(issue.issue?.assignee?.login, "mayun-demo", "shown at once")
            waitUntil("the assignee settles") { !issue.writes.isWriting }
            var patch = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.fields["assignee"], "mayun-demo")
            XCTAssertEqual(patch.fields["repo"], repo.name)
            XCTAssertEqual(patch.status, 200)
            XCTAssertTrue(issue.assigneeText.hasPrefix("Assigned to"), issue.assigneeText)

            let milestone = try XCTUnwrap(issue.milestoneChoices.last)
            issue.setMilestone(milestone.number)
            waitUntil("the milestone settles") { !issue.writes.isWriting }
            patch = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.fields["milestone"], milestone.number.map(String.init))
            XCTAssertEqual(issue.issue?.milestone?.title, milestone.title, "the server's answer carries it")
            XCTAssertEqual(issue.milestoneText, "Milestone: \(milestone.title)")

            app.coordinator.push(.issues(repo))
            let list = try XCTUnwrap(app.coordinator.top?.model as? IssuesViewModel)
            list.start()
            waitUntil("the list and its milestones") { list.issues.state == .content && !list.milestoneOptions.isEmpty }
            list.selectAssignee(.me)
            waitUntil("assigned to me") { list.issues.state == .content }
            XCTAssertTrue(list.issues.items.contains { $0.number == issue.number })
            XCTAssertTrue(list.issues.items.allSatisfy { $0.assignee?.login == "mayun-demo" })
            var get = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "GET" && $0.path.hasSuffix("/issues") })
            XCTAssertEqual(get.fields["assignee"], "mayun-demo")
            list.selectAssignee(.anyone)
            list.selectMilestone(milestone.title)
            waitUntil("in the milestone") { list.issues.state == .content }
            XCTAssertTrue(list.issues.items.allSatisfy { $0.milestone?.title == milestone.title })
            XCTAssertTrue(list.issues.items.contains { $0.number == issue.number })
            list.selectMilestone(nil)
            list.selectSort(.updated)
            waitUntil("by update") { list.issues.state == .content }
            get = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "GET" && $0.path.hasSuffix("/issues") })
            XCTAssertEqual(get.fields["sort"], "updated")
            XCTAssertEqual(list.issues.items.first?.number, issue.number, "the issue just changed comes first")

            // Unassigning takes it out of the "assigned to me" list below.
            list.selectAssignee(.me)
            waitUntil("assigned to me again") { list.issues.state == .content }
            issue.setAssignee(nil)
            waitUntil("unassigned") { !issue.writes.isWriting }
            XCTAssertNil(issue.issue?.assignee)
            XCTAssertFalse(list.issues.items.contains { $0.number == issue.number })
        }
    }

    func testNobodyButAMemberGetsTheControlsAndFakeGiteeRefusesWhatTheSiteRefuses() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let other = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let foreign = try IssueFixture.openIssue(app, other, state: "open")
            waitUntil("the permission") { foreign.permission != nil }
            XCTAssertTrue(foreign.assigneeChoices.isEmpty)
            XCTAssertTrue(foreign.milestoneChoices.isEmpty)
            XCTAssertEqual(Self.refusal(app, Endpoints.setIssueAssignee(owner: other.owner, repo: other.name,
                                                                        number: foreign.number, login: "mayun-demo")),
                           .forbidden(nil), "403 for a non-member")

            let own = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, own, state: "open")
            let project = try XCTUnwrap(IssueFixture.server.world.projects.first {
                $0.path == own.name && IssueFixture.server.world.owner(of: $0).login == own.owner
            })
            let outsiders = IssueFixture.server.world.users.filter {
                !FakeTriage.collaboratorIDs(of: project, userCount: IssueFixture.server.world.users.count).contains($0.id)
            }
            let outsider = try XCTUnwrap(outsiders.first)
            guard case .validation(let message)? = Self.refusal(app, Endpoints.setIssueAssignee(
                owner: own.owner, repo: own.name, number: issue.number, login: outsider.login)) else {
                return XCTFail("a non-collaborator assignee must be refused")
            }
            XCTAssertTrue(message.contains(outsider.login), message)
            guard case .validation? = Self.refusal(app, Endpoints.setIssueMilestone(
                owner: own.owner, repo: own.name, number: issue.number, milestone: 999_999_999)) else {
                return XCTFail("an unknown milestone must be refused")
            }
        }
    }

    @MainActor private static func refusal(_ app: IssueFixture.App, _ endpoint: Endpoint<Issue>) -> GiteeError? {
        var refusal: GiteeError?
        runUntilDone("the PATCH") {
            do { _ = try await app.client.send(endpoint) } catch { refusal = error as? GiteeError }
        }
        return refusal.map { error in if case .forbidden = error { return .forbidden(nil) } else { return error } }
    }
}
