import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Serves the recorded issue and project, the logged-in person, and two collaborators.
@MainActor
private final class MentionTransport: Transport {
    var collaboratorRequests = 0

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let path = URL(string: request.url)?.path ?? ""
        let base = "/api/v5/repos/kit101/drone-yml-test"
        let files = ["\(base)/issues/I4CD5P": "issue.json", "\(base)/issues/I4CD5P/comments": "issue_comments.json",
                     base: "repo.json"]
        if let name = files[path], let body = try? Data(contentsOf: sharedSamples.appendingPathComponent(name)) {
            return HTTPResponse(status: 200, body: body)
        }
        if path == "/api/v5/user" {
            return HTTPResponse(status: 200, body: Data(#"{"id": 7, "login": "mayun-demo", "name": "Mayun Demo"}"#.utf8))
        }
        if path == "\(base)/collaborators" {
            collaboratorRequests += 1
            return HTTPResponse(status: 200, body: Data(#"""
                [{"id": 7, "login": "mayun-demo", "name": "Mayun Demo"}, {"id": 8, "login": "kit101", "name": "Kit"}]
                """#.utf8))
        }
        return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
    }
}

final class MentionPopoverTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// Typing "@may" in the composer shows the popover beside the cursor with the matching person; picking the row
    /// puts "@mayun-demo " in place of the typed part, and the popover goes.
    func testTypingAnAtShowsThePeopleAndPickingOneInsertsTheLogin() throws {
        try onMain {
            let transport = MentionTransport()
            let (coordinator, page, window, issue) = try presentLoggedInIssuePage(transport: transport)
            defer {
                gtk_window_destroy(typed(window))
                withExtendedLifetime(coordinator) {}  // the page's navigator, as long as the test runs
            }
            waitUntil("the composer shows") { visibleLabelTexts(in: page.root).contains("Leave a comment") }
            // The composer's text view (its tooltip is the placeholder; the issue's own editor is another).
            let editor = try XCTUnwrap(descendants(of: page.root).first {
                isA($0, gtk_text_view_get_type())
                    && gtk_widget_get_tooltip_text($0).map { String(cString: $0) } == issue.composer.placeholder
            })
            let buffer = try XCTUnwrap(gtk_text_view_get_buffer(typed(editor, as: GtkTextView.self)))
            // Another test's draft for this issue may be in the shared draft folder: start from an empty composer.
            issue.composer.setText("")
            waitUntil("the composer is empty") { gtk_text_buffer_get_char_count(buffer) == 0 }
            gtk_text_buffer_insert_at_cursor(buffer, "Thanks @may", -1)
            waitUntil("the composer has it") { issue.composer.text == "Thanks @may" }
            waitUntil("the people are offered") { issue.composer.mentions.candidates.map(\.login) == ["mayun-demo"] }
            let list = { descendants(of: editor).first { isA($0, gtk_list_box_get_type()) } }
            waitUntil("the popover shows beside the cursor") {
                list().map { gtk_widget_get_mapped($0) != 0 } ?? false
            }
            let shownList = try XCTUnwrap(list())
            XCTAssertTrue(visibleLabelTexts(in: shownList).contains("Mayun Demo (@mayun-demo)"),
                          "\(visibleLabelTexts(in: shownList))")
            let row = try XCTUnwrap(gtk_list_box_get_row_at_index(OpaquePointer(shownList), 0))
            XCTAssertEqual(gtk_list_box_get_selected_row(OpaquePointer(shownList)), row, "the first is highlighted")

            // A click activates the row (GtkListBox's single-click activation): the same signal.
            XCTAssertNotEqual(gtk_widget_activate(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self)), 0)
            waitUntil("the login is inserted") { issue.composer.text == "Thanks @mayun-demo " }
            waitUntil("the popover goes") { list() == nil }
            XCTAssertEqual(transport.collaboratorRequests, 1)
        }
    }
}

