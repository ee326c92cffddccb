import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import MayunCore
@testable import GtkKit
import XCTest

/// The diff view in a real window under Xvfb: colours of added and removed lines in light and night (read from the
/// rendered pixels against `Palette.diff`), old and new line numbers, side by side at 1280 px and one column at
/// 360 px. Screenshots go to tests/artifacts/diff-*.png.
final class DiffViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    static let patch = """
        @@ -10,4 +10,5 @@ struct Greeter {
             let name: String
        -    func greet() -> String { "Hello" }
        -    func wave() {}
        +    func greet() -> String { "Hello, \\(name)" }
        +    func wave(times: Int) {}
        +    func bow() {}
             var mood = 1
        @@ -40,2 +41,2 @@
        -let old = 1
        +let new = 2
             // end
        """

    static var files: [DiffFile] {
        [DiffFile(path: "Sources/Greeter.swift", status: "modified", additions: 4, deletions: 3, patch: patch),
         DiffFile(path: "docs/README.md", status: "added", additions: 1, deletions: 0, patch: "@@ -0,0 +1 @@\n+# Hi\n")]
    }

    func testOneColumnOnAPhoneWithNumbersAndColoursInLightAndNight() {
        onMain {
            let fixture = DiffFixture(width: 360, height: 640)
            defer { fixture.close() }
            XCTAssertFalse(fixture.model.isSideBySide)
            XCTAssertLessThanOrEqual(gtk_widget_get_width(fixture.window), 360, "not forced wider than a phone")
            let texts = visibleLabelTexts(in: fixture.view.root)
            for expected in ["@@ -10,4 +10,5 @@ struct Greeter {", "+4", "−3", "Sources/Greeter.swift",
                             "−     func wave() {}", "+     func bow() {}", "      let name: String"] {
                XCTAssertTrue(texts.contains(expected), "\"\(expected)\" is shown: \(texts.prefix(40))")
            }
            // Old and new numbers: a context line has both, a removed line the old, an added line the new.
            let gutters = texts.map { $0.split(separator: " ").map(String.init) }
            for expected in [["10", "10"], ["12"], ["13", "14"], ["40"], ["41"], ["41", "42"]] {
                XCTAssertTrue(gutters.contains(expected), "numbers \(expected) are shown")
            }
            XCTAssertTrue(texts.contains("   12      "), "a removed line's number is in the old column")
            XCTAssertTrue(texts.contains("         13"), "an added line's number is in the new column")
            XCTAssertFalse(fixture.rightSidesShown(), "no new-side cells in one column")
            fixture.checkColours()
            fixture.screenshots("unified-360")
        }
    }

    /// Lines do not wrap: on a phone a line longer than the window scrolls sideways, all of it reachable.
    func testALongLineScrollsSidewaysOnAPhone() {
        onMain {
            let fixture = DiffFixture(width: 360, height: 640)
            defer { fixture.close() }
            let sideways = gtk_scrolled_window_get_hadjustment(opaque(fixture.view.scrolledWindow))
            let page = gtk_adjustment_get_page_size(sideways)
            XCTAssertGreaterThan(page, 0)
            XCTAssertLessThanOrEqual(page, 360)
            let widest = fixture.lineRows().map { Double(gtk_widget_get_width($0)) }.max() ?? 0
            XCTAssertGreaterThan(gtk_adjustment_get_upper(sideways), page + 20,
                                 "the longest line (rows \(widest) px) can be scrolled to, not cut at the edge")
        }
    }

    func testSideBySideOnAWideWindow() {
        onMain {
            let fixture = DiffFixture(width: 1280, height: 800)
            defer { fixture.close() }
            waitUntil("side by side") { fixture.model.isSideBySide }
            waitUntil("the new sides are drawn") { fixture.rightSidesShown() }
            // The removed "func wave() {}" (old 12) faces the added "func wave(times: Int) {}" (new 12) in one row.
            let pair = fixture.lineRows().first { row in
                let texts = visibleLabelTexts(in: row)
                return texts.contains("−     func wave() {}") && texts.contains("+     func wave(times: Int) {}")
                    && texts.contains("   12") && texts.count == 4
            }
            XCTAssertNotNil(pair, "a removed line and its replacement share a row")
            fixture.checkColours()
            fixture.screenshots("side-by-side-1280")
            // Narrowing the window goes back to one column.
            gtk_window_set_default_size(typed(fixture.window), 800, 800)
            waitUntil("one column again") { !fixture.model.isSideBySide }
        }
    }

    func testFoldingAFileAndJumpingToOne() {
        onMain {
            let fixture = DiffFixture(width: 900, height: 700)
            defer { fixture.close() }
            let before = fixture.view.fedRows
            fixture.model.activate(row: 0)
            waitUntil("the file folds") { fixture.view.fedRows == before - 12 }
            waitUntil("its arrow turns") { visibleLabelTexts(in: fixture.view.root).contains("▸") }
            XCTAssertEqual(fixture.model.reveal(file: 1), 1)
        }
    }

    /// Choosing a file in the bar's drop-down brings its header on screen.
    func testTheFileListJumpsToAFile() {
        onMain {
            let files = (0..<40).map { index in
                DiffFile(path: "src/file\(index).swift", status: "modified", additions: 4, deletions: 3,
                         patch: DiffViewTests.patch)
            }
            let fixture = DiffFixture(width: 900, height: 700, files: files)
            defer { fixture.close() }
            @MainActor func headerShown(_ path: String) -> Bool {
                descendants(of: fixture.view.listWidget).contains { widget in
                    gtk_widget_has_css_class(widget, "diff-path") != 0 && gtk_widget_get_mapped(widget) != 0
                        && visibleLabelTexts(in: widget) == [path] && {
                            var bounds = graphene_rect_t()
                            return gtk_widget_compute_bounds(widget, fixture.view.scrolledWindow, &bounds) != 0
                                && bounds.origin.y >= 0 && bounds.origin.y < 700
                        }()
                }
            }
            XCTAssertFalse(headerShown("src/file30.swift"), "far down at first")
            gtk_drop_down_set_selected(OpaquePointer(fixture.view.fileListWidget), 30)
            waitUntil("file 30's header is on screen") { headerShown("src/file30.swift") }
        }
    }
}

/// A window with the app's themes and one diff view showing `DiffViewTests.files`.
@MainActor
private final class DiffFixture: DiffWindow {
    let size: (width: Int32, height: Int32)

    init(width: Int32, height: Int32, files: [DiffFile] = DiffViewTests.files) {
        size = (width, height)
        super.init(width: width, height: height, files: files)
        waitUntil("rows are drawn") { !self.lineRows().isEmpty }
        waitForFrames(of: window, count: 3)
    }

    func lineRows() -> [Widget] {
        descendants(of: view.root).filter { gtk_widget_has_css_class($0, "diff-line") != 0 && gtk_widget_get_mapped($0) != 0 }
    }

    func rightSidesShown() -> Bool {
        lineRows().contains { row in
            guard let right = gtk_widget_get_last_child(row) else { return false }
            return gtk_widget_get_mapped(right) != 0
        }
    }

    /// A pixel of the first mapped cell with `cssClass`, near its right edge (past any text), in window coordinates.
    func cellPixel(_ cssClass: String) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        guard let cell = descendants(of: view.root).first(where: {
            gtk_widget_has_css_class($0, cssClass) != 0 && gtk_widget_get_mapped($0) != 0
        }) else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(cell, window, &bounds) != 0 else { return nil }
        return pixel(of: window, x: Int32(bounds.origin.x + bounds.size.width - 3),
                     y: Int32(bounds.origin.y + bounds.size.height / 2))
    }

    func checkColours(file: StaticString = #filePath, line: UInt = #line) {
        for mode in [NightMode.light, .night] {
            nightMode.select(mode)
            waitForFrames(of: window, count: 2)
            let palette = mode == .night ? Palette.night : Palette.light
            for (cssClass, expected) in [("diff-added", palette.diff.addedBackground),
                                         ("diff-removed", palette.diff.removedBackground),
                                         ("diff-hunk", palette.diff.hunkBackground)] {
                guard let found = cellPixel(cssClass) else {
                    XCTFail("no \(cssClass) cell on screen", file: file, line: line)
                    continue
                }
                XCTAssertEqual(RGBColor(hex: UInt32(found.red) << 16 | UInt32(found.green) << 8 | UInt32(found.blue)),
                               expected, "\(cssClass) in \(mode) at \(size.width) px", file: file, line: line)
            }
            let removed = palette.diff.removedBackground
            XCTAssertGreaterThan(removed.red, removed.blue, "a removed line is red, not purple (\(mode))",
                                 file: file, line: line)
        }
        nightMode.select(.light)
        waitForFrames(of: window, count: 2)
    }

    func screenshots(_ name: String) {
        screenshotsInLightAndNight(of: window, nightMode: nightMode, named: "diff-\(name)")
    }
}
