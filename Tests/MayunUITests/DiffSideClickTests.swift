import CGtk
import Foundation
import GLibRuntime
@testable import MayunCore
@testable import GtkKit
import XCTest

/// A real click (xdotool, through X and GTK's event handling) on either half of a side-by-side row comments on that
/// half's line: the old (left) cell on the removed line's position, the new (right) cell on the added line's; in one
/// column a click takes the row's one line.
final class DiffSideClickTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    // DiffViewTests.patch; positions: 1 " let name", 2 "-greet", 3 "-wave", 4 "+greet", 5 "+wave", 6 "+bow",
    // 7 " mood", 8 the second header, 9 "-let old", 10 "+let new", 11 " // end".

    func testAClickOnEachHalfOfASideBySideRowCommentsOnThatHalfsLine() {
        onMain {
            let fixture = ClickFixture(width: 1280, height: 700)
            defer { fixture.close() }
            waitUntil("side by side") { fixture.model.isSideBySide }
            waitUntil("the new sides are drawn") { fixture.cell(showing: "+     func wave(times: Int) {}") != nil }
            let old = DiffAnchor(path: "Sources/Greeter.swift", position: 3)
            let new = DiffAnchor(path: "Sources/Greeter.swift", position: 5)

            fixture.click(on: "−     func wave() {}")
            waitUntil("the old line is activated") { fixture.activated.count == 1 }
            XCTAssertEqual(fixture.activated.last, old, "the left half comments on the removed line")

            fixture.click(on: "+     func wave(times: Int) {}")
            waitUntil("the new line is activated") { fixture.activated.count == 2 }
            XCTAssertEqual(fixture.activated.last, new, "the right half comments on the added line")

            // An old-side click on a row whose left half is the context line: the same line either way.
            fixture.click(on: "      var mood = 1")
            waitUntil("the context line is activated") { fixture.activated.count == 3 }
            XCTAssertEqual(fixture.activated.last, DiffAnchor(path: "Sources/Greeter.swift", position: 7))

            // Keyboard activation (no press) takes the new side, as before.
            let row = fixture.model.row(of: old)
            XCTAssertNotNil(row)
            // GtkListView's own action for Enter on a row: it emits "activate" with the row's index.
            if let row {
                gtk_widget_activate_action_variant(fixture.view.listWidget, "list.activate-item",
                                                   g_variant_new_uint32(guint32(row)))
            }
            XCTAssertEqual(fixture.activated.last, new, "Enter on the row takes its new line")
        }
    }

    func testAClickInOneColumnTakesTheRowsLine() {
        onMain {
            let fixture = ClickFixture(width: 360, height: 640)
            defer { fixture.close() }
            XCTAssertFalse(fixture.model.isSideBySide)
            fixture.click(on: "−     func wave() {}")
            waitUntil("the removed line is activated") { fixture.activated.count == 1 }
            XCTAssertEqual(fixture.activated.last, DiffAnchor(path: "Sources/Greeter.swift", position: 3))
            fixture.click(on: "+     func wave(times: Int) {}")
            waitUntil("the added line is activated") { fixture.activated.count == 2 }
            XCTAssertEqual(fixture.activated.last, DiffAnchor(path: "Sources/Greeter.swift", position: 5))
        }
    }
}

@MainActor
private final class ClickFixture: DiffWindow {
    let title: String
    var activated: [DiffAnchor] = []

    init(width: Int32, height: Int32) {
        let title = "diff-side-click-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        self.title = title
        super.init(width: width, height: height,
                   files: [DiffFile(path: "Sources/Greeter.swift", status: "modified", additions: 4, deletions: 3,
                                    patch: DiffViewTests.patch)],
                   title: title, themed: false)
        model.onLineActivated = { [unowned self] in activated.append($0) }
        waitUntil("rows are drawn") { self.cell(showing: "−     func wave() {}") != nil }
        waitForFrames(of: window, count: 3)
    }

    /// The mapped label showing `text` on a line row.
    func cell(showing text: String) -> Widget? {
        descendants(of: view.root).first { widget in
            gtk_widget_get_mapped(widget) != 0 && isA(widget, gtk_label_get_type())
                && visibleLabelTexts(in: widget) == [text]
        }
    }

    /// Moves the pointer over the middle of `text`'s label and clicks there, through the X server.
    func click(on text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let label = cell(showing: text) else { return XCTFail("\"\(text)\" is not shown", file: file, line: line) }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(label, window, &bounds) != 0 else { return XCTFail("no bounds", file: file, line: line) }
        // The window widget's origin inside its X window (client-side shadows move it).
        var offsetX = 0.0, offsetY = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &offsetX, &offsetY)
        let x = Int(offsetX + Double(bounds.origin.x) + min(40, Double(bounds.size.width) / 2))
        let y = Int(offsetY + Double(bounds.origin.y + bounds.size.height / 2))
        // Raised first: a window another test left mapped must not take the click.
        runXdotool("search --sync --name '^\(title)$' windowraise %1 mousemove --sync --window %1 \(x) \(y) click 1")
    }
}

/// Runs xdotool and waits for it; GTK reads the events it sent on the next main-loop turns.
private func runXdotool(_ arguments: String) {
    var status: Int32 = 0
    var error: UnsafeMutablePointer<GError>?
    if g_spawn_command_line_sync("xdotool \(arguments)", nil, nil, &status, &error) == 0 || status != 0 {
        XCTFail("xdotool \(arguments) failed: \(error.map { String(cString: $0.pointee.message) } ?? "status \(status)")")
        g_clear_error(&error)
    }
}
