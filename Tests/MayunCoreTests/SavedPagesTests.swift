import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// An issue, a pull request and a user page seen before show at once from their saved copies, with the network gone
/// too (issue 41: "a page seen before costs no round trip before it is shown"), and a write from the issue page is
/// remembered in its saved copy, so the next visit never shows the issue as it was before the write.
final class SavedPagesTests: XCTestCase {
    @MainActor private static func app(_ store: OfflineStore) -> (IssueFixture.App, UnpluggableTransport) {
        var made: UnpluggableTransport?
        let app = IssueFixture.makeApp(store: store, transport: { configuration in
            let transport = UnpluggableTransport(configuration: configuration)
            made = transport
            return transport
        })
        return (app, made!)
    }

    @MainActor private static func store() throws -> OfflineStore {
        try OfflineStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("saved-pages-\(UUID())"))
    }

    func testAnIssueSeenBeforeShowsFromItsSavedCopyOfflineWithItsComments() throws {
        try onMain {
            let store = try Self.store()
            let (app, transport) = Self.app(store)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let first = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the first visit's comments") { !first.comments.items.isEmpty }
            let (number, title) = (first.number, first.heading)
            let comments = first.comments.items.map(\.id)
            waitUntil("the body is parsed") { first.bodyDocument != nil || first.issue?.body?.isEmpty != false }
            runUntilDone("the saved copies land") { await store.flush() }
            app.coordinator.pop()

            transport.unplugged = true
            app.coordinator.push(.issue(repo, number: number))
            let again = try XCTUnwrap(app.coordinator.top?.model as? IssueViewModel)
            again.start()
            waitUntil("the saved issue and comments show") { again.heading == title && !again.comments.items.isEmpty }
            XCTAssertEqual(again.comments.items.map(\.id), comments, "the first page of comments as saved")
            waitUntil("the failed refresh says so") { again.resource.banner != nil }
            XCTAssertEqual(again.resource.phase, .savedWhileOffline)
            XCTAssertEqual(again.state, .content, "the page shows the saved copy, not an error")
            if first.bodyDocument != nil {
                waitUntil("the saved body is parsed too") { again.bodyDocument != nil }
            }
        }
    }

    func testAWriteFromTheIssuePageIsRememberedInItsSavedCopy() throws {
        try onMain {
            let store = try Self.store()
            let (app, _) = Self.app(store)
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let page = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the owner may close it") { page.canChangeState }
            page.move(to: .closed)
            waitUntil("closed") { !page.writes.isWriting && page.issue?.state == "closed" }
            runUntilDone("the saved copies land") { await store.flush() }
            let saved = awaited { await app.services.cached.issue(repo, number: page.number).saved() }
            XCTAssertEqual(saved?.state, "closed", "the next visit starts from the closed issue")
            page.move(to: .open)
            waitUntil("open again") { !page.writes.isWriting && page.issue?.state == "open" }
        }
    }

    func testAUserPageSeenBeforeShowsItsProfileAndEventsOffline() throws {
        try onMain {
            let store = try Self.store()
            let (app, transport) = Self.app(store)
            app.coordinator.push(.user(login: "mayun-demo"))
            let first = try XCTUnwrap(app.coordinator.top?.model as? UserViewModel)
            first.start()
            first.events.start()
            waitUntil("the first visit") { first.user != nil && first.events.state != .loading }
            let events = first.events.items.map(\.id)
            XCTAssertFalse(events.isEmpty, "the demo account has activity")
            runUntilDone("the saved copies land") { await store.flush() }
            app.coordinator.pop()

            transport.unplugged = true
            app.coordinator.push(.user(login: "mayun-demo"))
            let again = try XCTUnwrap(app.coordinator.top?.model as? UserViewModel)
            again.start()
            again.events.start()
            waitUntil("the saved profile and events show") { again.user?.login == "mayun-demo" && !again.events.items.isEmpty }
            XCTAssertEqual(again.events.items.map(\.id), events)
            XCTAssertEqual(again.events.items, first.events.items, "each event read back as it came, payload included")
        }
    }

    func testAPullRequestSeenBeforeShowsItsDiffCommitsAndCommentsOffline() throws {
        try onMain {
            let store = try Self.store()
            let (app, transport) = Self.app(store)
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "merged", client: app.client)
            app.coordinator.push(.pullRequest(repo, number: pull.number))
            let first = try XCTUnwrap(app.coordinator.top?.model as? PullRequestViewModel)
            first.start()
            waitUntil("the first visit") {
                first.pullRequest != nil && first.commitList.value != nil && first.fileList.value != nil
                    && first.comments.state != .loading && !first.diff.files.isEmpty
            }
            let (files, commits, comments) = (first.fileList.value, first.commitList.value, first.comments.items)
            runUntilDone("the saved copies land") { await store.flush() }
            app.coordinator.pop()

            transport.unplugged = true
            app.coordinator.push(.pullRequest(repo, number: pull.number))
            let again = try XCTUnwrap(app.coordinator.top?.model as? PullRequestViewModel)
            again.start()
            waitUntil("the saved pull request, diff, commits and comments show") {
                again.pullRequest != nil && again.commitList.value != nil && !again.diff.files.isEmpty
                    && again.comments.items.count == comments.count
            }
            XCTAssertEqual(again.heading, pull.title)
            XCTAssertEqual(again.fileList.value, files)
            XCTAssertEqual(again.commitList.value, commits)
            XCTAssertEqual(again.comments.items, comments)
            XCTAssertEqual(again.diff.files.map(\.path), first.diff.files.map(\.path))
            waitUntil("the failed refresh says so") { again.resource.banner != nil }
            XCTAssertEqual(again.resource.phase, .savedWhileOffline)
        }
    }
}
