import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// A merge, a Close and an approval made while the server cannot be reached wait in the outbox (docs/WRITES.md, "The
/// outbox"): the page shows the pull request as the server has it with a waiting line each; the drain sends each
/// once; a merge over commits pushed meanwhile waits on the person.
final class OutboxPullRequestTests: XCTestCase {
    @MainActor private static func writes(_ method: String, _ suffix: String) -> [LoggedRequest] {
        IssueFixture.server.requestLog.filter { $0.method == method && $0.path.hasSuffix(suffix) }
    }

    @MainActor private static func serverCopy(_ repo: RepositoryID, _ number: Int, client: GiteeClient) -> PullRequest? {
        var pull: PullRequest?
        runUntilDone("the pull request") {
            pull = try? await client.send(Endpoints.pullRequest(owner: repo.owner, repo: repo.name, number: number))
        }
        return pull
    }

    /// A pull request of its own, in a project of the demo account's (a member may merge it): a new branch with one
    /// commit into `master`. Made here rather than taken from the shared server, whose open pull requests of the demo
    /// account's are few and taken by the other tests.
    @MainActor static func freshPullRequest(_ app: OutboxTests.App) throws -> (RepositoryID, PullRequest) {
        let server = IssueFixture.server
        let demo = try XCTUnwrap(server.world.user(login: "mayun-demo"))
        let project = try XCTUnwrap(server.world.projects.first { project in
            project.ownerID == demo.id && !project.isEmpty && project.branches.first == "master"
        })
        let repo = RepositoryID(owner: "mayun-demo", name: project.path)
        let branch = "outbox-\(UUID().uuidString.prefix(8).lowercased())"
        var pull: PullRequest?
        runUntilDone("a branch, a commit and a pull request") {
            _ = try? await app.client.send(Endpoints.createBranch(owner: repo.owner, repo: repo.name, name: branch,
                                                                  from: "master"))
            _ = try? await app.client.send(Endpoints.createFile(owner: repo.owner, repo: repo.name,
                                                                path: "\(branch).md",
                                                                content: Data("A change\nAnd a second line\n".utf8),
                                                                message: "Add a note", branch: branch))
            pull = try? await app.client.send(Endpoints.createPullRequest(owner: repo.owner, repo: repo.name,
                                                                          title: "Outbox \(branch)", head: branch,
                                                                          base: "master", body: ""))
        }
        return (repo, try XCTUnwrap(pull, "a pull request of its own"))
    }

    func testAMergeMadeWhileUnreachableWaitsAndMergesOnce() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let (repo, pull) = try Self.freshPullRequest(app)
            let page = try PullFixture.open(IssueFixture.App(coordinator: app.coordinator, services: app.services), repo,
                                            pull.number)
            waitUntil("the permission") { page.canMerge }
            page.mergeForm.select(.squash)
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            page.merge()
            waitUntil("the merge settles") { !page.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.pullRequestMerge])
            XCTAssertEqual(app.outbox.entries.first?.seen, pull.head.sha, "the head the person saw")
            XCTAssertFalse(page.isMerged, "the page shows the pull request as the server has it")
            XCTAssertEqual(page.waitingChanges.map(\.text), ["Merge: Waiting to send"])
            XCTAssertNil(app.coordinator.toast, "not a failure")

            app.transport.unplugged = false
            page.refresh()  // any answer from the server starts the drain
            waitUntil("the outbox is sent") { app.outbox.entries.isEmpty && !app.outbox.isDraining }
            XCTAssertEqual(Self.writes("PUT", "/merge").map { $0.fields["merge_method"] }, ["squash"], "merged once")
            XCTAssertEqual(Self.serverCopy(repo, pull.number, client: app.client)?.state, "merged")
            waitUntil("the page shows it merged") { page.isMerged }
            XCTAssertTrue(page.waitingChanges.isEmpty)
        }
    }

    func testAnApprovalACloseAndATesterWaitEachWithItsLineAndCancelTakesOneBack() throws {
        try onMain {
            let app = OutboxTests.makeApp()
            let (repo, pull) = try Self.freshPullRequest(app)
            let page = try PullFixture.open(IssueFixture.App(coordinator: app.coordinator, services: app.services), repo,
                                            pull.number)
            waitUntil("the permission and the collaborators") { page.canAct && !page.collaborators.isEmpty }
            page.add("mayun-demo", as: .reviewers)
            waitUntil("asked to review") { !page.writes.isWriting && page.canAccept(.reviewers) }
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            page.accept(.reviewers)
            waitUntil("the approval settles") { !page.writes.isWriting }
            page.setState(.closed)
            waitUntil("the close settles") { !page.writes.isWriting }
            page.add("mayun-demo", as: .testers)
            waitUntil("the tester settles") { !page.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.pullRequestAccept, .pullRequestState, .pullRequestPeople])
            XCTAssertEqual(page.waitingChanges.map(\.text), ["Approve: Waiting to send", "Close: Waiting to send",
                                                             "Ask mayun-demo to test: Waiting to send"])
            XCTAssertEqual(page.people(.reviewers).first?.accepted, false, "shown as the server has it")
            XCTAssertTrue(page.people(.testers).isEmpty)
            XCTAssertEqual(page.pullRequest?.state, "open")

            page.cancelWaiting(page.waitingChanges[1])
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.pullRequestAccept, .pullRequestPeople], "the close is taken back")
            app.transport.unplugged = false
            page.refresh()
            waitUntil("the outbox is sent") { app.outbox.entries.isEmpty && !app.outbox.isDraining }
            XCTAssertEqual(Self.writes("POST", "/review").count, 1, "approved once")
            XCTAssertTrue(Self.writes("PATCH", "/pulls/\(pull.number)").isEmpty, "never closed")
            let copy = Self.serverCopy(repo, pull.number, client: app.client)
            XCTAssertEqual(copy?.reviewers.first { $0.login == "mayun-demo" }?.accepted, true)
            XCTAssertEqual(Self.writes("POST", "/testers").count, 1, "the tester asked once")
            XCTAssertEqual(copy?.testers.map(\.login), ["mayun-demo"])
            XCTAssertEqual(copy?.state, "open")
        }
    }

    func testAMergeOverCommitsPushedMeanwhileWaitsOnThePerson() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            // The check only reads the pull request: someone else's does (the demo account's are few and merged by
            // other tests).
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let form = OutboxEntry.Merge(method: "merge", title: "", message: "")
            _ = try XCTUnwrap(app.outbox.enqueue(.pullRequestMerge, repo: repo, number: String(pull.number),
                                                 payload: form.payload, seen: "0000000 an older head"))
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertEqual(app.outbox.entries.first?.status, .needsDecision(reason: "new commits were pushed meanwhile"))
            XCTAssertTrue(Self.writes("PUT", "/merge").isEmpty, "never merged over what the person did not see")
        }
    }
}
