import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// An issue's assignee and milestone chosen while the server cannot be reached wait in the outbox (docs/WRITES.md,
/// "The outbox"): shown as a waiting line while the page shows what the server has, a further choice replaces what
/// waits (and choosing what the issue had takes it back), the drain sets it once, a change by someone else meanwhile
/// waits on the person, and one already set is not sent again.
final class OutboxPlanningTests: XCTestCase {
    @MainActor private static func issueWrites() -> [LoggedRequest] {
        IssueFixture.server.requestLog.filter { $0.method == "PATCH" && $0.path.contains("/issues/") }
    }

    @MainActor private static func serverIssue(_ repo: RepositoryID, _ number: String, client: GiteeClient) -> Issue? {
        var issue: Issue?
        runUntilDone("the issue") { issue = try? await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: number)) }
        return issue
    }

    @MainActor private static func memberIssue(_ app: OutboxTests.App) throws -> (RepositoryID, IssueViewModel) {
        let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
        let issue = try OutboxTests.open(app, repo, state: "open")
        waitUntil("the collaborators and milestones for a member") { issue.canAssign && issue.canSetMilestone }
        return (repo, issue)
    }

    func testAnAssigneeChosenWhileUnreachableWaitsAndIsSetOnce() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let (repo, issue) = try Self.memberIssue(app)
            let before = issue.issue?.assignee?.login
            let target = try XCTUnwrap(issue.assigneeChoices.compactMap(\.login).first { $0 != before },
                                       "someone the issue is not assigned to")
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            issue.setAssignee(target)
            waitUntil("the change settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.issueAssignee])
            XCTAssertEqual(issue.issue?.assignee?.login, before, "the page shows the assignee the server has")
            XCTAssertNil(app.coordinator.toast, "not a failure")
            let name = try XCTUnwrap(app.outbox.entries.first?.choice?.title)
            XCTAssertEqual(issue.waitingChanges.map(\.text), ["Assignee: \(name): Waiting to send"])

            issue.setAssignee(before)
            XCTAssertTrue(app.outbox.entries.isEmpty, "choosing what the issue has takes the waiting change back")
            issue.setAssignee(target)
            waitUntil("the change settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.count, 1)
            XCTAssertTrue(Self.issueWrites().isEmpty, "nothing reached the server")

            app.transport.unplugged = false
            issue.refresh()  // any answer from the server starts the drain
            waitUntil("the outbox is sent") { app.outbox.entries.isEmpty && !app.outbox.isDraining }
            XCTAssertEqual(Self.issueWrites().count, 1, "set once")
            XCTAssertEqual(Self.serverIssue(repo, issue.number, client: app.client)?.assignee?.login, target)
            waitUntil("the page shows it") { issue.issue?.assignee?.login == target }
            XCTAssertTrue(issue.waitingChanges.isEmpty)
        }
    }

    func testAMilestoneChangedByAnotherMeanwhileWaitsOnThePersonAndTryAgainSetsIt() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            let (repo, issue) = try Self.memberIssue(app)
            let milestones = issue.milestoneChoices.compactMap { choice in choice.number.map { ($0, choice.title) } }
            XCTAssertGreaterThanOrEqual(milestones.count, 2, "two milestones to choose from")
            let (wanted, title) = milestones[0], other = milestones[1].0
            let row = try XCTUnwrap(app.outbox.enqueue(.issueMilestone, repo: repo, number: issue.number,
                                                       payload: OutboxEntry.Choice(id: String(wanted), title: title).payload,
                                                       seen: ""))
            runUntilDone("someone else sets another milestone") {
                _ = try? await app.client.send(Endpoints.setIssueMilestone(owner: repo.owner, repo: repo.name,
                                                                           number: issue.number, milestone: other))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertEqual(app.outbox.entries.first?.status, .needsDecision(reason: "the milestone was changed meanwhile"))
            XCTAssertTrue(Self.issueWrites().isEmpty, "never sent over someone else's change")
            XCTAssertTrue(app.outbox.tryAgain(row.id))
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.issueWrites().count, 1)
            XCTAssertEqual(Self.serverIssue(repo, issue.number, client: app.client)?.milestone?.number, wanted,
                           "the person chose theirs")
        }
    }

    func testAnAssigneeAlreadySetIsDroppedWithoutBeingSent() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            let (repo, issue) = try Self.memberIssue(app)
            let before = issue.issue?.assignee?.login
            let target = try XCTUnwrap(issue.assigneeChoices.compactMap(\.login).first { $0 != before })
            let row = try XCTUnwrap(app.outbox.enqueue(.issueAssignee, repo: repo, number: issue.number,
                                                       payload: OutboxEntry.Choice(id: target, title: target).payload,
                                                       seen: before ?? ""))
            app.outbox.setStatus(row.id, .sending)
            runUntilDone("the request landed before a quit") {
                _ = try? await app.client.send(Endpoints.setIssueAssignee(owner: repo.owner, repo: repo.name,
                                                                          number: issue.number, login: target))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertTrue(Self.issueWrites().isEmpty, "already set: not sent again")
        }
    }
}
