import CGtk
import Foundation
@testable import MayunCore
@testable import GtkKit
import XCTest

final class CodeViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testLanguageIsGuessedFromTheNameAndContent() {
        onMain {
            let view = CodeView()
            view.show(text: "import Foundation\nprint(1)\n", fileName: "Sources/App/main.swift")
            XCTAssertEqual(view.languageID, "swift")
            view.show(text: "all:\n\techo hi\n", fileName: "Makefile")
            XCTAssertEqual(view.languageID, "makefile")
            view.show(text: "#!/bin/sh\necho hi\n", fileName: "configure")
            XCTAssertEqual(view.languageID, "sh")
            view.show(text: "let big = 1\n", fileName: "big.swift", highlight: false)
            XCTAssertNil(view.languageID, "big files are shown plain")
            g_object_ref_sink(raw(view.root))
            g_object_unref(raw(view.root))
        }
    }

    /// A closed code view lets go of its file's text (GtkSourceView 5.6 keeps a view with line numbers alive).
    func testTheTextGoesWithTheWindow() {
        onMain {
            let window = gtk_window_new()!
            let textBuffer: UnsafeMutablePointer<GtkTextBuffer>
            do {
                let view = CodeView()
                view.show(text: String(repeating: "let x = 1\n", count: 1000), fileName: "main.swift")
                textBuffer = UnsafeMutableRawPointer(view.buffer).assumingMemoryBound(to: GtkTextBuffer.self)
                g_object_ref(UnsafeMutableRawPointer(textBuffer))
                gtk_window_set_child(typed(window), view.root)
                gtk_window_present(typed(window))
                waitUntil("mapped") { gtk_widget_get_mapped(view.root) != 0 }
            }
            defer { g_object_unref(UnsafeMutableRawPointer(textBuffer)) }
            XCTAssertEqual(gtk_text_buffer_get_char_count(textBuffer), 10_000)
            gtk_window_destroy(typed(window))
            XCTAssertEqual(gtk_text_buffer_get_char_count(textBuffer), 0, "the text went with the window")
        }
    }

    func testFindGoToLineWrapAndNightMode() {
        onMain {
            let view = CodeView()
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 700, 500)
            gtk_window_set_child(typed(window), view.root)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            let lines = (1...5000).map { "let value\($0) = \($0)" }.joined(separator: "\n")
            view.show(text: lines + "\nlet needle = true\n", fileName: "big.swift")
            XCTAssertTrue(view.find("NEEDLE"), "find is case-insensitive")
            XCTAssertEqual(view.cursorLine, 5001)
            XCTAssertFalse(view.find("no such text"))
            view.goToLine(1234)
            XCTAssertEqual(view.cursorLine, 1234)
            view.goToLine(999_999)
            XCTAssertEqual(view.cursorLine, 5002, "clamped to the last line")
            XCTAssertFalse(view.isWrapping)
            view.setWrap(true)
            XCTAssertTrue(view.isWrapping)
            view.apply(isNight: true)
            let scheme = gtk_source_buffer_get_style_scheme(view.buffer)
            XCTAssertEqual(scheme.flatMap { gtk_source_style_scheme_get_id($0) }.map { String(cString: $0) }, "Adwaita-dark")
            XCTAssertTrue(gtk_source_view_get_show_line_numbers(typed(view.sourceView)) != 0)
        }
    }
}
