import CGtk
import Foundation
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Serves the recorded issue, its comments and its project; a new comment's POST cannot connect (as a refused
/// connection: `GiteeError.notConnected`), so it goes to the outbox.
@MainActor
private final class RefusedCommentTransport: Transport {
    private(set) var posts = 0

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let path = URL(string: request.url)?.path ?? ""
        let base = "/api/v5/repos/kit101/drone-yml-test"
        if request.method == "POST" {
            posts += 1
            throw GiteeError.notConnected("Connection refused")
        }
        let files = ["\(base)/issues/I4CD5P": "issue.json", "\(base)/issues/I4CD5P/comments": "issue_comments.json",
                     base: "repo.json"]
        if let name = files[path], let body = try? Data(contentsOf: sharedSamples.appendingPathComponent(name)) {
            return HTTPResponse(status: 200, body: body)
        }
        if path == "/api/v5/user" {
            return HTTPResponse(status: 200, body: Data(#"{"id": 7, "login": "mayun-demo", "name": "Mayun Demo"}"#.utf8))
        }
        return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
    }
}

/// A comment that could not reach the server shows in its thread as "Waiting to send" with a Cancel button, and
/// Cancel takes it out of the thread and the outbox and puts its text back into the composer.
final class OutboxThreadViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAWaitingCommentShowsWaitingToSendAndCancelPutsTheTextBack() throws {
        try onMain {
            let transport = RefusedCommentTransport()
            let outbox = Outbox(file: Outbox.file(inAccountFolder: FileManager.default.temporaryDirectory
                .appendingPathComponent("mayun-outbox-view-\(UUID().uuidString)")))
            let (coordinator, page, window, issue) = try presentLoggedInIssuePage(transport: transport, outbox: outbox)
            defer {
                gtk_window_destroy(typed(window))
                withExtendedLifetime(coordinator) {}
            }
            waitUntil("the issue shows") { issue.state == .content && issue.comments.state == .content }

            let text = "Typed in a tunnel"
            issue.composer.setText(text)
            issue.composer.submit()
            waitUntil("the comment waits") { !issue.writes.isWriting && !outbox.entries.isEmpty }
            XCTAssertGreaterThanOrEqual(transport.posts, 1, "its POST was refused")
            waitUntil("the thread says it waits") {
                visibleLabelTexts(in: page.root).contains { $0.hasSuffix("Waiting to send") }
            }
            // What a person sees: the page scrolled to the end of the thread (tests/artifacts/outbox-waiting.png).
            if let scroller = descendants(of: page.root).first(where: { isA($0, gtk_scrolled_window_get_type()) }) {
                let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
                gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            }
            waitForFrames(of: window, count: 3)
            let path = repositoryRoot.appendingPathComponent("tests/artifacts/outbox-waiting.png").path
            let saved = withRenderedSurface(of: window) { cairo_surface_write_to_png($0, path) == CAIRO_STATUS_SUCCESS }
            XCTAssertEqual(saved, true, "screenshot \(path) written")
            let cancelLabels = descendants(of: page.root).filter { widget in
                isA(widget, gtk_label_get_type()) && gtk_widget_is_drawable(widget) != 0
                    && gtk_label_get_text(OpaquePointer(widget)).map { String(cString: $0) } == "Cancel"
            }
            XCTAssertEqual(cancelLabels.count, 1, "one Cancel, on the waiting comment")
            let button = try XCTUnwrap(cancelLabels.first.flatMap { gtk_widget_get_parent($0) })
            XCTAssertTrue(isA(button, gtk_button_get_type()))
            gtk_widget_activate(button)
            waitUntil("the comment leaves the thread") {
                !visibleLabelTexts(in: page.root).contains { $0.hasSuffix("Waiting to send") }
            }
            XCTAssertTrue(outbox.entries.isEmpty)
            XCTAssertEqual(issue.composer.text, text, "the text is back in the composer")
        }
    }

    /// Labels and assignee changes waiting in the outbox show on lines of their own under the state buttons, each
    /// with its Cancel, which takes back that change alone.
    func testWaitingLabelsAndAssigneeChangesShowTheirLinesAndEachCancelTakesItsOwnBack() throws {
        try onMain {
            let outbox = Outbox(file: Outbox.file(inAccountFolder: FileManager.default.temporaryDirectory
                .appendingPathComponent("mayun-outbox-labels-\(UUID().uuidString)")))
            outbox.isDraining = true  // nothing is sent while the page is looked at
            let (coordinator, page, window, issue) = try presentLoggedInIssuePage(transport: RefusedCommentTransport(),
                                                                                  outbox: outbox)
            defer {
                gtk_window_destroy(typed(window))
                withExtendedLifetime(coordinator) {}
            }
            waitUntil("the issue shows") { issue.state == .content }
            outbox.enqueue(.issueLabels, repo: issue.repo, number: issue.number,
                           payload: OutboxEntry.labelList(["bug", "ui"]), seen: OutboxEntry.labelList([]))
            outbox.enqueue(.issueAssignee, repo: issue.repo, number: issue.number,
                           payload: OutboxEntry.Choice(id: "ada", title: "Ada").payload, seen: "")
            let labels = "Labels: bug, ui: Waiting to send", assignee = "Assignee: Ada: Waiting to send"
            waitUntil("the page says both wait") {
                let shown = visibleLabelTexts(in: page.root)
                return shown.contains(labels) && shown.contains(assignee)
            }
            let cancels = descendants(of: page.root).filter { widget in
                isA(widget, gtk_button_get_type()) && gtk_widget_is_drawable(widget) != 0
                    && gtk_button_get_label(typed(widget)).map { String(cString: $0) } == "Cancel"
            }
            XCTAssertEqual(cancels.count, 2, "a Cancel beside each line")
            gtk_widget_activate(cancels[1])
            waitUntil("the assignee's line goes") { !visibleLabelTexts(in: page.root).contains(assignee) }
            XCTAssertTrue(visibleLabelTexts(in: page.root).contains(labels), "the labels still wait")
            XCTAssertEqual(outbox.entries.map(\.kind), [.issueLabels])
            outbox.isDraining = false
        }
    }
}
