import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// A new issue made while the server cannot be reached waits in the outbox (docs/WRITES.md, "The outbox"): the form
/// closes saying so, the draft goes once the row is on disk, the drain creates it once, a row whose issue is already
/// there is dropped without a POST, and Cancel puts it back into the New Issue draft.
final class OutboxNewIssueTests: XCTestCase {
    private struct NoForm: Error {}

    @MainActor private static func posts(to repo: RepositoryID) -> [LoggedRequest] {
        IssueFixture.server.requestLog.filter { $0.method == "POST" && $0.path.hasSuffix("/repos/\(repo.owner)/issues") }
    }

    @MainActor private static func issues(titled title: String, in repo: RepositoryID, client: GiteeClient) -> [Issue] {
        var found: [Issue] = []
        runUntilDone("the project's newest issues") {
            found = (try? await client.send(Endpoints.issues(owner: repo.owner, repo: repo.name, state: .all,
                                                             sort: .created))) ?? []
        }
        return found.filter { $0.title == title }
    }

    @MainActor private static func openForm(_ app: OutboxTests.App, _ repo: RepositoryID) throws -> CreateIssueViewModel {
        app.coordinator.push(.createIssue(repo))
        guard case .createIssue(let form) = app.coordinator.top?.content else {
            XCTFail("the New Issue form did not open")
            throw NoForm()
        }
        return form
    }

    func testANewIssueMadeWhileUnreachableWaitsClosesTheFormAndIsCreatedOnce() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = OutboxTests.makeApp(drafts: drafts)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let form = try Self.openForm(app, repo)
            let depth = app.coordinator.stack.count
            let title = "Written offline \(UUID().uuidString)"
            form.setTitle(title)
            form.setBody("Steps:\n1. unplug\n2. write")
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            form.submit()
            waitUntil("the submit settles") { !form.isSubmitting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.newIssue])
            let row = try XCTUnwrap(app.outbox.entries.first)
            XCTAssertEqual(row.newIssue?.title, title)
            XCTAssertEqual(row.newIssue?.body, "Steps:\n1. unplug\n2. write")
            XCTAssertEqual(row.summary, "New issue in \(repo.owner)/\(repo.name): \(title)")
            XCTAssertEqual(app.coordinator.stack.count, depth - 1, "the form closed")
            XCTAssertEqual(app.coordinator.toast?.message, "Gitee cannot be reached: the new issue waits, and is sent when it answers.")
            XCTAssertNil(form.errorMessage, "not a failure")
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(drafts.draft(for: repo), IssueDraft(), "the draft goes once the issue is in the outbox")
            XCTAssertTrue(Self.posts(to: repo).isEmpty, "nothing reached the server")

            app.transport.unplugged = false
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.posts(to: repo).count, 1, "sent once")
            let created = Self.issues(titled: title, in: repo, client: app.client)
            XCTAssertEqual(created.count, 1)
            XCTAssertEqual(created.first?.body, "Steps:\n1. unplug\n2. write")
            XCTAssertEqual(created.first?.author?.login, "mayun-demo")
        }
    }

    func testARowWhoseIssueIsAlreadyThereIsDroppedWithoutAPost() throws {
        try onMain {
            let app = OutboxTests.makeApp(attached: false)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let landed = "Reached the server before the quit \(UUID().uuidString)"
            let notLanded = "Never left before the quit \(UUID().uuidString)"
            for title in [landed, notLanded] {
                let row = try XCTUnwrap(app.outbox.enqueue(.newIssue, repo: repo, number: "",
                                                           payload: OutboxEntry.newIssuePayload(IssueDraft(title: title)),
                                                           seen: ""))
                app.outbox.setStatus(row.id, .sending)
            }
            runUntilDone("the first request landed") {
                _ = try? await app.client.send(Endpoints.createIssue(owner: repo.owner, repo: repo.name, title: landed,
                                                                     body: nil))
            }
            IssueFixture.server.clearLog()
            let restarted = Outbox(file: app.file)
            runUntilDone("drain") { await restarted.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(restarted.entries.isEmpty)
            XCTAssertEqual(Self.posts(to: repo).map { $0.fields["title"] }, [Optional(notLanded)],
                           "only the one the server did not have is sent")
            XCTAssertEqual(Self.issues(titled: landed, in: repo, client: app.client).count, 1)
            XCTAssertEqual(Self.issues(titled: notLanded, in: repo, client: app.client).count, 1)
        }
    }

    func testCancelOnTheMinePagePutsTheIssueBackInItsDraft() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = OutboxTests.makeApp(drafts: drafts, attached: false)
            app.services.outbox = app.outbox
            app.outbox.isDraining = true  // nothing is sent while the page is looked at
            let repo = RepositoryID(owner: "someone", name: "somewhere")
            drafts.save(IssueDraft(title: "", body: "typed since"), for: repo)
            let sent = IssueDraft(title: "Kept for later", body: "the text", labels: ["bug"], assignee: "li", milestone: 3)
            let row = try XCTUnwrap(app.outbox.enqueue(.newIssue, repo: repo, number: "",
                                                       payload: OutboxEntry.newIssuePayload(sent), seen: ""))
            XCTAssertEqual(app.coordinator.mineTab.waiting?.lines.map(\.text),
                           ["New issue in someone/somewhere: Kept for later: Waiting to send"])
            app.coordinator.mineTab.waiting?.cancel(row.id)
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(drafts.draft(for: repo), IssueDraft(title: "Kept for later", body: "the text\n\ntyped since",
                                                               labels: ["bug"], assignee: "li", milestone: 3))
            app.outbox.isDraining = false
        }
    }
}
