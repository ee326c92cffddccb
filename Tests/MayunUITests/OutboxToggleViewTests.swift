import CGtk
import Foundation
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Serves the recorded project and the demo login; a Star's PUT cannot connect (a refused connection:
/// `GiteeError.notConnected`), so it goes to the outbox; the star check says "not starred".
@MainActor
private final class RefusedStarTransport: Transport {
    private(set) var puts = 0

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let path = URL(string: request.url)?.path ?? ""
        if request.method == "PUT" {
            puts += 1
            throw GiteeError.notConnected("Connection refused")
        }
        if path == "/api/v5/repos/kit101/drone-yml-test",
           let body = try? Data(contentsOf: sharedSamples.appendingPathComponent("repo.json")) {
            return HTTPResponse(status: 200, body: body)
        }
        if path == "/api/v5/user" {
            return HTTPResponse(status: 200, body: Data(#"{"id": 7, "login": "mayun-demo", "name": "Mayun Demo"}"#.utf8))
        }
        return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
    }
}

/// A Star that could not reach the server: the button shows the server's state, a line under it says
/// "Star: Waiting to send" with Cancel (tests/artifacts/outbox-star-waiting.png), and Cancel takes it back. On Mine,
/// one line says what waits, and Show's popover lists each row with Cancel, and Try Again for a row that needs a
/// decision (tests/artifacts/adaptive-outbox-mine-*.png), at every size, the phone's included.
final class OutboxToggleViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAWaitingStarShowsUnderTheButtonsAndCancelTakesItBack() throws {
        try onMain {
            let transport = RefusedStarTransport()
            let services = testServices(transport: transport)
            let outbox = Outbox(file: Outbox.file(inAccountFolder: FileManager.default.temporaryDirectory
                .appendingPathComponent("mayun-outbox-star-\(UUID().uuidString)")))
            services.outbox = outbox
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: services)
            FakeGiteeWindowFixture.finish("log in") { _ = try? await services.session.logIn(personalToken: "token") }
            coordinator.push(.project(RepositoryID(owner: "kit101", name: "drone-yml-test")))
            let page = PageFactory(images: testImages()).makePage(for: try XCTUnwrap(coordinator.top))
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 900, 700)
            gtk_window_set_child(typed(window), page.root)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            let project = try XCTUnwrap(coordinator.top?.model as? ProjectViewModel)
            waitUntil("the project shows") { project.state == .content }

            project.toggleStar()
            waitUntil("the Star waits") { !project.writes.isWriting && !outbox.entries.isEmpty }
            XCTAssertEqual(transport.puts, 1, "its PUT was refused")
            waitUntil("the page says it waits") { visibleLabelTexts(in: page.root).contains("Star: Waiting to send") }
            XCTAssertFalse(project.star.isOn, "the button shows what the server has")
            waitForFrames(of: window, count: 3)
            let path = repositoryRoot.appendingPathComponent("tests/artifacts/outbox-star-waiting.png").path
            let saved = withRenderedSurface(of: window) { cairo_surface_write_to_png($0, path) == CAIRO_STATUS_SUCCESS }
            XCTAssertEqual(saved, true, "screenshot \(path) written")

            let cancel = try XCTUnwrap(descendants(of: page.root).first { widget in
                isA(widget, gtk_button_get_type()) && gtk_widget_is_drawable(widget) != 0
                    && gtk_button_get_label(typed(widget)).map { String(cString: $0) } == "Cancel"
            }, "a Cancel beside what waits")
            gtk_widget_activate(cancel)
            waitUntil("the line goes") { !visibleLabelTexts(in: page.root).contains("Star: Waiting to send") }
            XCTAssertTrue(outbox.entries.isEmpty)
            withExtendedLifetime(coordinator) {}
        }
    }

    /// A window at `size` logged in as the demo account, with an outbox of its own that sends nothing while the
    /// page is looked at (the caller lets it drain again at the end).
    @MainActor private static func loggedInWithOutbox(_ size: (width: Int32, height: Int32)) -> (AdaptiveFixture, Outbox) {
        let fixture = AdaptiveFixture(size: size)
        fixture.transport.extraAnswers = MineProfileTests.answers
        let services = fixture.coordinator.services
        FakeGiteeWindowFixture.finish("log in") { _ = try? await services.session.logIn(personalToken: "token") }
        let outbox = Outbox(file: Outbox.file(inAccountFolder: FileManager.default.temporaryDirectory
            .appendingPathComponent("mayun-outbox-view-\(UUID().uuidString)")))
        outbox.isDraining = true
        services.outbox = outbox
        return (fixture, outbox)
    }

    /// Pops up the Show button beside "Waiting to send (n)" and returns it.
    @MainActor private static func popUpShow(in window: Widget) throws -> Widget {
        let show = try XCTUnwrap(descendants(of: window).first {
            isA($0, gtk_menu_button_get_type()) && gtk_widget_is_drawable($0) != 0
                && gtk_menu_button_get_label(OpaquePointer($0)).map { String(cString: $0) } == "Show"
        }, "Show beside the line")
        gtk_menu_button_popup(OpaquePointer(show))
        return show
    }

    /// The buttons drawn now (the popover's among them), with their labels.
    @MainActor private static func drawnButtons(in window: Widget) -> [(widget: Widget, label: String)] {
        descendants(of: window).filter { isA($0, gtk_button_get_type()) && gtk_widget_is_drawable($0) != 0 }
            .compactMap { button in gtk_button_get_label(typed(button)).map { (button, String(cString: $0)) } }
    }

    func testMineOffersTryAgainForARowThatNeedsADecision() throws {
        try onMain {
            for size in AdaptiveLayoutTests.sizes { try Self.mineWithTwoWaitingRows(size) }
        }
    }

    @MainActor private static func mineWithTwoWaitingRows(_ size: (width: Int32, height: Int32)) throws {
        let (fixture, outbox) = loggedInWithOutbox(size)
        defer { fixture.close() }
        let repo = RepositoryID(owner: "kit101", name: "drone-yml-test")
        outbox.enqueue(.star, repo: repo, number: "", payload: "on", seen: "off")
        let state = try XCTUnwrap(outbox.enqueue(.issueState, repo: repo, number: "I4CD5P", payload: "closed",
                                                 seen: "open"))
        outbox.setStatus(state.id, .needsDecision(reason: "the issue was set to Started meanwhile"))
        // A file commit with a long path: its line wraps in the popover at the phone's width.
        let commit = OutboxEntry.FileCommit(path: "docs/guides/getting-started/installing-on-a-fresh-machine.md",
                                            branch: nil, message: "Update the guide", content: Data("text\n".utf8),
                                            baseSHA: "0123456789abcdef")
        outbox.enqueue(.fileCommit, repo: repo, number: "", payload: commit.payload, seen: commit.baseSHA)
        fixture.coordinator.select(.mine)
        waitUntil("Mine lists what waits") { visibleLabelTexts(in: fixture.window).contains("Waiting to send (3)") }
        // One line in the page at every size, the phone's too (the rows are in Show's popover).
        fixture.checkLayout("Mine with two waiting rows")
        let show = try popUpShow(in: fixture.window)
        waitUntil("the popover lists the rows") { drawnButtons(in: fixture.window).contains { $0.label == "Try Again" } }
        let labels = drawnButtons(in: fixture.window).map(\.label)
        XCTAssertEqual(labels.filter { $0 == "Try Again" }.count, 1, "only the row that waits on the person: \(labels)")
        XCTAssertEqual(labels.filter { $0 == "Cancel" }.count, 3, "\(labels)")
        XCTAssertTrue(visibleLabelTexts(in: fixture.window).contains {
            $0.hasPrefix("Commit to kit101/drone-yml-test: docs/guides/") && $0.hasSuffix(": Waiting to send")
        }, "the file commit's line")
        fixture.screenshots("outbox-mine")
        if let popover = gtk_menu_button_get_popover(OpaquePointer(show)) {
            fixture.screenshots("outbox-mine-popover", of: widget(popover))
        }
        gtk_widget_activate(try XCTUnwrap(drawnButtons(in: fixture.window).first { $0.label == "Try Again" }?.widget))
        waitUntil("the row waits again") { outbox.entries.last?.status == .waiting }
        outbox.isDraining = false
    }

    /// The notification center says what waits too, over its list, also while its notifications cannot be loaded
    /// (the fixture answers 404 for them), at every size; Cancel in Show's popover takes the row back.
    func testTheNotificationCenterSaysWhatWaitsAndCancelTakesItBack() throws {
        try onMain {
            for size in AdaptiveLayoutTests.sizes { try Self.notificationsWithAWaitingIssue(size) }
        }
    }

    @MainActor private static func notificationsWithAWaitingIssue(_ size: (width: Int32, height: Int32)) throws {
        let (fixture, outbox) = loggedInWithOutbox(size)
        defer { fixture.close() }
        outbox.enqueue(.newIssue, repo: RepositoryID(owner: "kit101", name: "drone-yml-test"), number: "",
                       payload: OutboxEntry.newIssuePayload(IssueDraft(title: "Crash on start")), seen: "")
        fixture.coordinator.push(.notifications)
        waitUntil("the notification center says what waits") {
            visibleLabelTexts(in: fixture.window).contains("Waiting to send (1)")
        }
        fixture.checkLayout("Notifications with a waiting new issue")
        fixture.screenshots("outbox-notifications")
        let show = try popUpShow(in: fixture.window)
        func shown(_ label: String) -> Widget? { drawnButtons(in: fixture.window).first { $0.label == label }?.widget }
        waitUntil("the popover lists the row") {
            visibleLabelTexts(in: fixture.window).contains("New issue in kit101/drone-yml-test: Crash on start: Waiting to send")
                && shown("Cancel") != nil
        }
        if let popover = gtk_menu_button_get_popover(OpaquePointer(show)) {
            fixture.screenshots("outbox-notifications-popover", of: widget(popover))
        }
        gtk_widget_activate(try XCTUnwrap(shown("Cancel")))
        waitUntil("the row is taken back and the line goes") {
            outbox.entries.isEmpty && !visibleLabelTexts(in: fixture.window).contains("Waiting to send (1)")
        }
        outbox.isDraining = false
    }
}
