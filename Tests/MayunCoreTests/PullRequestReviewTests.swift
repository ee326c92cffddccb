import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Reviewers and testers against FakeGitee: a member asks collaborators (chosen from `GET .../collaborators`),
/// approves and passes the test when asked, takes people off; each shown at once and settled; others see the lists
/// but no controls, except Approve for whoever is asked; FakeGitee refuses non-members' asking (403), approving
/// without being asked (400), unknown pull requests (404), missing people (400).
final class PullRequestReviewTests: XCTestCase {
    func testAMemberAsksApprovesPassesAndRemoves() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission and the collaborators") { page.canAct && !page.collaborators.isEmpty }
            XCTAssertTrue(page.people(.reviewers).isEmpty)
            XCTAssertFalse(page.canAccept(.reviewers), "not asked: nothing to approve")
            XCTAssertTrue(page.assignable(.reviewers).contains { $0.login == "mayun-demo" }, "chosen from collaborators")

            page.add("mayun-demo", as: .reviewers)
            XCTAssertEqual(page.people(.reviewers).map(\.login), ["mayun-demo"], "shown at once")
            waitUntil("the POST settles") { !page.writes.isWriting }
            let post = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "POST" })
            XCTAssertEqual(post.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/\(pull.number)/assignees")
            XCTAssertEqual(post.fields["assignees"], "mayun-demo")
            XCTAssertEqual(page.people(.reviewers).first?.state, "Waiting for review")
            XCTAssertFalse(page.assignable(.reviewers).contains { $0.login == "mayun-demo" })
            XCTAssertTrue(page.canAccept(.reviewers))

            page.accept(.reviewers)
            XCTAssertEqual(page.people(.reviewers).first?.state, "Approved", "shown at once")
            waitUntil("the review settles") { !page.writes.isWriting }
            XCTAssertEqual(IssueFixture.server.requestLog.last { $0.method == "POST" }?.path,
                           "/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/\(pull.number)/review")
            XCTAssertEqual(page.people(.reviewers).first?.accepted, true, "the server's copy says approved")
            XCTAssertFalse(page.canAccept(.reviewers))

            page.add("mayun-demo", as: .testers)
            waitUntil("the tester") { !page.writes.isWriting && page.canAccept(.testers) }
            page.accept(.testers)
            waitUntil("the test settles") { !page.writes.isWriting }
            XCTAssertEqual(page.people(.testers).first?.state, "Passed")

            page.remove("mayun-demo", as: .reviewers)
            XCTAssertTrue(page.people(.reviewers).isEmpty, "gone at once")
            waitUntil("the DELETE settles") { !page.writes.isWriting }
            let delete = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "DELETE" })
            XCTAssertEqual(delete.status, 200)
            var onServer: PullRequest?
            runUntilDone("the pull request") {
                onServer = try? await app.client.send(Endpoints.pullRequest(owner: repo.owner, repo: repo.name, number: pull.number))
            }
            XCTAssertEqual(onServer?.reviewers.count, 0)
            XCTAssertEqual(onServer?.testers.map(\.accepted), [true])
            XCTAssertNil(app.coordinator.toast)
        }
    }

    func testAnAskAndAnApprovalWhoseAnswersAreLostStandAndAreSentOnce() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission and the collaborators") { page.canAct && !page.collaborators.isEmpty }
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/pulls/*/assignees", method: "POST",
                                               count: 1))
            page.add("mayun-demo", as: .reviewers)
            waitUntil("the ask settles") { !page.writes.isWriting }
            XCTAssertEqual(page.people(.reviewers).map(\.login), ["mayun-demo"], "the server has it: it stays")
            XCTAssertTrue(page.canAccept(.reviewers))
            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/pulls/*/review", method: "POST",
                                               count: 1))
            page.accept(.reviewers)
            waitUntil("the review settles") { !page.writes.isWriting }
            XCTAssertEqual(page.people(.reviewers).first?.accepted, true, "approved on the server: it stays")
            XCTAssertNil(app.coordinator.toast)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "POST" }.map(\.status), [502, 502],
                           "each sent once")
        }
    }

    func testARefusedApprovalIsPutBackWithTheReason() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission and the collaborators") { page.canAct && !page.collaborators.isEmpty }
            page.add("mayun-demo", as: .reviewers)
            waitUntil("asked") { !page.writes.isWriting && page.canAccept(.reviewers) }
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/*/pulls/*/review", method: "POST",
                                               status: 503, count: 1))
            page.accept(.reviewers)
            XCTAssertEqual(page.people(.reviewers).first?.accepted, true)
            waitUntil("the rollback") { !page.writes.isWriting }
            XCTAssertEqual(page.people(.reviewers).first?.accepted, false, "put back")
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not approve:"), true)
        }
    }

    func testSomeoneElseSeesTheListsButNoControlsAndFakeGiteeRefuses() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.permission != nil }
            XCTAssertFalse(page.canAct)
            XCTAssertFalse(page.showsReviews, "nobody asked and not a member: nothing to show")
            var asked = page.pullRequest
            asked?.reviewers = [PullRequest.Reviewer(login: "someone", accepted: true)]
            page.resource.show(try XCTUnwrap(asked))
            XCTAssertTrue(page.showsSection(.reviewers))
            XCTAssertFalse(page.showsSection(.testers))
            XCTAssertEqual(page.people(.reviewers).map(\.state), ["Approved"], "the state is shown to everyone")
            XCTAssertTrue(page.assignable(.reviewers).isEmpty)
            XCTAssertFalse(page.canAccept(.reviewers))
            let client = app.client
            let owner = repo.owner, name = repo.name, number = pull.number
            // Not asked on it: refused (400, assumed), whatever the person's rights in the project.
            XCTAssertEqual(PullFixture.refusal { _ = try await client.send(Endpoints.approvePullRequest(owner: owner, repo: name, number: number)) }.httpStatus, 400)
            XCTAssertEqual(PullFixture.refusal { _ = try await client.send(Endpoints.passPullRequestTest(owner: owner, repo: name, number: number)) }.httpStatus, 400)
            // Asked, though not a member: on gitee.com the people asked decide, so Approve is offered.
            asked?.reviewers = [PullRequest.Reviewer(login: "mayun-demo", accepted: false)]
            page.resource.show(try XCTUnwrap(asked))
            XCTAssertTrue(page.canAccept(.reviewers))
            XCTAssertFalse(page.canAccept(.testers), "not asked to test")
            XCTAssertEqual(PullFixture.refusal { _ = try await client.send(Endpoints.assign(["mayun-demo"], as: .reviewers, owner: owner, repo: name, number: number)) }.httpStatus, 403)
        }
    }

    func testFakeGiteeRefusesUnknownPullRequestsMissingPeopleAndStrangers() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", client: app.client)
            let client = app.client
            let owner = repo.owner, name = repo.name, number = pull.number
            XCTAssertEqual(PullFixture.refusal { _ = try await client.send(Endpoints.approvePullRequest(owner: owner, repo: name, number: 99_999)) }.httpStatus, 404)
            XCTAssertEqual(PullFixture.refusal { _ = try await client.send(Endpoints.assign([], as: .testers, owner: owner, repo: name, number: number)) }.httpStatus, 400)
            XCTAssertEqual(PullFixture.refusal { _ = try await client.send(Endpoints.unassign([], as: .reviewers, owner: owner, repo: name, number: number)) }.httpStatus, 400)
            XCTAssertEqual(PullFixture.refusal { _ = try await client.send(Endpoints.assign(["no-such-person-here"], as: .reviewers, owner: owner, repo: name, number: number)) }.httpStatus, 400)
            // Approving without being asked is refused (400), stricter than the description says.
            XCTAssertEqual(PullFixture.refusal { _ = try await client.send(Endpoints.approvePullRequest(owner: owner, repo: name, number: number)) }.httpStatus, 400)
        }
    }
}

private extension Optional where Wrapped == GiteeError {
    /// The HTTP status a refusal stands for (nil: accepted, or not an HTTP refusal).
    var httpStatus: Int? {
        switch self {
        case .forbidden?: 403
        case .notFound?: 404
        case .validation?: 400
        case .server(let status, _)?: status
        default: nil
        }
    }
}
