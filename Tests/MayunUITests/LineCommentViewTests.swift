import CGtk
import FakeGitee
import Foundation
import GLibRuntime
@testable import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Line comments on a real pull request page against FakeGitee: a comment written in the composer opened under a
/// line is drawn in a thread right under that line's row; the composer opens under another line; screenshots in
/// light and night (tests/artifacts/line-comments-*.png).
final class LineCommentViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testALineCommentThreadRendersUnderItsRowAndTheComposerUnderAnother() throws {
        try onMain {
            let server = try LinePullPage.server()
            let (coordinator, repo, number) = try LinePullPage.openPull(server)
            let theme = ThemeController(nightMode: coordinator.nightMode,
                                        themesDirectory: AppResources.locate().themesDirectory)
            coordinator.push(.pullRequest(repo, number: number))
            let page = try XCTUnwrap(PageFactory(images: testImages()).makePage(for: coordinator.top!) as? PullRequestPage)
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_default_size(typed(window), 900, 800)
            gtk_window_set_child(typed(window), page.root)
            gtk_window_present(typed(window))
            let model = page.viewModel
            waitUntil("the files and the permission") {
                model.fileList.state == .content && model.comments.state != .loading && model.pullRequest != nil
            }
            page.showFiles()
            let lines = model.diff.rows.compactMap { row -> DiffLine? in if case .line(let line) = row { line } else { nil } }
            let target = try XCTUnwrap(lines.first { $0.kind == .added } ?? lines.first)
            let targetRow = try XCTUnwrap(model.diff.rows.firstIndex(of: .line(target)))
            let anchor = try XCTUnwrap(model.diff.path(ofRow: targetRow).map { DiffAnchor(path: $0, position: target.position ?? 0) })
            XCTAssertTrue(model.diff.isActivatable(row: targetRow), "a line with a position can be commented on")

            // Activating the line (a click or Enter) opens the composer under it.
            model.diff.activate(row: targetRow)
            XCTAssertEqual(model.composingAt, anchor)
            XCTAssertEqual(model.diff.rows[targetRow + 1], .composer(anchor))
            model.lineComposer.setText("Why **this** line?")
            model.lineComposer.submit()
            waitUntil("the server has the comment") { (model.lineThreads[anchor]?.first?.id ?? -1) > 0 }
            XCTAssertNil(model.composingAt, "the composer closes once sent")
            let threadRow = try XCTUnwrap(model.diff.row(of: anchor)) + 1
            XCTAssertEqual(model.diff.rows[threadRow], .thread(anchor), "the thread is the row right under its line")

            // The thread's widget is drawn in the list, in the row under the line's row.
            waitUntil("the thread is drawn") {
                descendants(of: page.diff.listWidget).contains { gtk_widget_has_css_class($0, "line-thread") != 0
                    && gtk_widget_get_mapped($0) != 0 }
            }
            let thread = try XCTUnwrap(descendants(of: page.diff.listWidget).first {
                gtk_widget_has_css_class($0, "line-thread") != 0 && gtk_widget_get_mapped($0) != 0 })
            let lineWidget = try XCTUnwrap(Self.rowWidget(page.diff.listWidget, showing: target.signedText))
            var threadBounds = graphene_rect_t(), lineBounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(thread, page.diff.listWidget, &threadBounds), 0)
            XCTAssertNotEqual(gtk_widget_compute_bounds(lineWidget, page.diff.listWidget, &lineBounds), 0)
            XCTAssertEqual(Double(threadBounds.origin.y), Double(lineBounds.origin.y + lineBounds.size.height), accuracy: 12,
                           "the thread starts right under its line")
            waitUntil("the thread shows the server's copy, rendered") {
                !visibleLabelTexts(in: thread).contains { $0.contains("Sending…") || $0.contains("**") }
            }
            let author = try XCTUnwrap(model.lineThread(at: anchor).first?.author)
            XCTAssertFalse(author.isEmpty)
            waitUntil("the comment's author shows in the thread") {
                visibleLabelTexts(in: thread).contains { $0.hasPrefix(author + "  ·  ") }
            }

            // The composer under another line, for the screenshots.
            let other = try XCTUnwrap(lines.first { $0 != target && $0.position != nil })
            let otherRow = try XCTUnwrap(model.diff.rows.firstIndex(of: .line(other)))
            model.diff.activate(row: otherRow)
            model.lineComposer.setText("A draft under another line")
            waitUntil("the composer is drawn") {
                descendants(of: page.diff.listWidget).contains { gtk_widget_has_css_class($0, "line-composer") != 0
                    && gtk_widget_get_mapped($0) != 0 }
            }
            for mode in [NightMode.light, .night] {
                coordinator.nightMode.select(mode)
                waitForFrames(of: window, count: 3)
                LinePullPage.screenshot(window, "line-comments-\(mode.rawValue)")
            }
            coordinator.nightMode.select(.light)

            // The member's reviewers and testers in the conversation, with Approve once asked.
            page.showConversation()
            waitUntil("the collaborators") { model.canAct && !model.collaborators.isEmpty }
            model.add("mayun-demo", as: .reviewers)
            waitUntil("Approve is offered") { !model.writes.isWriting && model.canAccept(.reviewers) }
            waitUntil("the reviewer shows") { visibleLabelTexts(in: page.reviews.root.widget).contains("Waiting for review") }
            XCTAssertTrue(visibleLabelTexts(in: page.reviews.root.widget).contains("Approve"))
            waitForFrames(of: window, count: 2)
            LinePullPage.screenshot(page.reviews.root.widget, "pull-reviews")
            _ = theme
        }
    }

    /// The row widget (under the list view) whose labels include `text`.
    @MainActor private static func rowWidget(_ list: Widget, showing text: String) -> Widget? {
        descendants(of: list).first { widget in
            gtk_widget_has_css_class(widget, "diff-line") != 0 && gtk_widget_get_mapped(widget) != 0
                && visibleLabelTexts(in: widget).contains(text)
        }
    }
}

/// One FakeGitee for these tests, and an open pull request of a project the demo account owns.
enum LinePullPage {
    @MainActor private static var sharedServer: FakeGiteeServer?
    @MainActor static func server() throws -> FakeGiteeServer {
        if let sharedServer { return sharedServer }
        var options = FakeGiteeServer.Options()
        options.projectCount = 120
        options.userCount = 30
        let server = FakeGiteeServer(options: options)
        try server.start(port: 0)
        sharedServer = server
        return server
    }

    @MainActor static func openPull(_ server: FakeGiteeServer) throws -> (Coordinator, RepositoryID, Int) {
        let client = GiteeClient(configuration: GiteeConfiguration(server: server.baseURL, appVersion: "test", retry: .none))
        let session = Session(client: client, store: nil, environment: [:])
        let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                      services: AppServices(client: client, session: session))
        finish("log in") { try? await session.logIn(personalToken: "mayun-demo-token") }
        let demo = try XCTUnwrap(server.world.user(login: "mayun-demo"))
        for project in server.world.projects where project.ownerID == demo.id && !project.isEmpty {
            let repo = RepositoryID(owner: server.world.owner(of: project).login, name: project.path)
            var pulls: [PullRequest] = []
            finish("the pull requests") {
                pulls = (try? await client.all(Endpoints.pullRequests(owner: repo.owner, repo: repo.name, perPage: 100))) ?? []
            }
            if let pull = pulls.first { return (coordinator, repo, pull.number) }
        }
        XCTFail("no open pull request")
        throw NoPullRequest()
    }

    struct NoPullRequest: Error {}

    @MainActor static func finish(_ what: String, _ work: @escaping @MainActor () async -> Void) {
        var done = false
        Task { @MainActor in
            await work()
            done = true
        }
        waitUntil(what) { done }
    }

    @MainActor static func screenshot(_ widget: Widget, _ name: String) {
        let path = repositoryRoot.appendingPathComponent("tests/artifacts/\(name).png").path
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        let saved = withRenderedSurface(of: widget) { cairo_surface_write_to_png($0, path) == CAIRO_STATUS_SUCCESS }
        XCTAssertEqual(saved, true, "screenshot \(path) written")
    }
}
