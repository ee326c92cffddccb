import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// A new pull request submitted while the server cannot be reached waits in the outbox (docs/WRITES.md, "The
/// outbox"): the form closes with a toast, its draft goes once the row is on disk, the drain opens it once, one
/// already open is not opened again, and Cancel on the Mine page puts the form back into its draft.
final class OutboxNewPullRequestTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }

    @MainActor private static func openFrom(_ branch: String, into parent: RepositoryID, client: GiteeClient) -> [PullRequest] {
        var open: [PullRequest] = []
        runUntilDone("the open pull requests") {
            open = (try? await client.send(Endpoints.pullRequests(owner: parent.owner, repo: parent.name))) ?? []
        }
        return open.filter { $0.head.ref == branch }
    }

    /// The form over the parent's pull request list, compared and with a body typed.
    @MainActor private static func form(_ app: OutboxTests.App, branch: String, drafts: DraftStore) throws
        -> (RepositoryID, RepositoryID, NewPullRequestViewModel) {
        let (parent, fork) = try CreateWritesTests.forkWithACommit(IssueFixture.App(coordinator: app.coordinator,
                                                                                     services: app.services),
                                                                   branch: branch)
        app.coordinator.push(.pullRequests(parent))
        app.coordinator.push(.newPullRequest(parent, head: fork, branch: branch))
        let form = try XCTUnwrap(app.coordinator.top?.model as? NewPullRequestViewModel)
        form.start()
        waitUntil("compared") { form.comparison?.commits.isEmpty == false }
        form.setTitle("Written on a train")
        form.setBody("Please take this.")
        runUntilDone("the draft is written") { await drafts.flush() }
        return (parent, fork, form)
    }

    func testAPullRequestSubmittedWhileUnreachableWaitsClosesTheFormAndIsOpenedOnce() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = OutboxTests.makeApp(drafts: drafts)
            let (parent, fork, form) = try Self.form(app, branch: "outbox-pull", drafts: drafts)
            Self.server.clearLog()
            app.transport.unplugged = true
            form.submit()
            waitUntil("the submit settles") { !form.isSubmitting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.newPullRequest])
            XCTAssertEqual(app.outbox.entries.first?.newPullRequest?.headRepo, fork.description)
            XCTAssertEqual(app.coordinator.routes.last, .pullRequests(parent), "the form closed")
            XCTAssertEqual(app.coordinator.toast?.message, "Gitee cannot be reached: the new pull request waits, and is sent when it answers.")
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: parent, issue: "pull-new:\(fork):outbox-pull"), "",
                           "the draft goes once the form is in the outbox")
            XCTAssertTrue(Self.server.requestLog.filter { $0.method == "POST" }.isEmpty, "nothing reached the server")

            app.transport.unplugged = false
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.openFrom("outbox-pull", into: parent, client: app.client).map(\.title), ["Written on a train"],
                           "opened once")

            // A row left `sending` at a quit, whose pull request is open already: settled, not opened again.
            let row = try XCTUnwrap(app.outbox.enqueue(.newPullRequest, repo: parent, number: "", payload: OutboxEntry.NewPullRequest(
                title: "Written on a train", body: "", head: "mayun-demo:outbox-pull", headRepo: fork.description,
                headBranch: "outbox-pull", base: "master").payload, seen: ""))
            app.outbox.setStatus(row.id, .sending)
            Self.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertTrue(Self.server.requestLog.filter { $0.method == "POST" }.isEmpty, "already open: not sent again")
        }
    }

    func testCancelOnTheMinePagePutsTheFormBackInItsDraft() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = OutboxTests.makeApp(drafts: drafts)
            let (parent, fork, form) = try Self.form(app, branch: "outbox-pull-cancel", drafts: drafts)
            app.transport.unplugged = true
            form.submit()
            waitUntil("the submit settles") { !form.isSubmitting }
            let row = try XCTUnwrap(app.outbox.entries.first)
            runUntilDone("the drafts are written") { await drafts.flush() }
            app.services.cancelOutboxRow(row.id)
            XCTAssertTrue(app.outbox.entries.isEmpty)
            let key = "pull-new:\(fork):outbox-pull-cancel"
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: parent, issue: key), "Please take this.")
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: parent, issue: key + ":title"), "Written on a train")
        }
    }
}
