import CGtk
import Foundation
@testable import GtkKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// Markup built from strangers' text for labels and measured layouts (table cells, summaries).
final class PangoMarkupTests: XCTestCase {
    /// Whether Pango alone accepts `markup`, and the text it shows.
    private func parsed(_ markup: String) -> String? {
        var text: UnsafeMutablePointer<CChar>?
        guard pango_parse_markup(markup, -1, 0, nil, &text, nil, nil) != 0 else { return nil }
        defer { g_free(text) }
        return text.map { String(cString: $0) }
    }

    /// `<` and `"` followed by a combining mark are one grapheme cluster; they used to pass the escaper raw and
    /// Pango dropped the whole cell.
    func testEscapingWorksOnScalarsNotGraphemes() {
        for raw in ["<\u{0301}b>", "a\"\u{0308}", "'\u{20DD}", "&\u{0327}amp;", "x>\u{0300}", "<\u{200D}\u{1F600}"] {
            let markup = PangoMarkup.escape(raw)
            XCTAssertFalse(markup.unicodeScalars.contains { $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "'" },
                           markup)
            XCTAssertEqual(parsed(markup), raw, "shown literally")
        }
        // Controls GMarkup refuses are dropped rather than failing the whole label.
        XCTAssertEqual(parsed(PangoMarkup.escape("a\u{1}b\u{0}c\u{FFFE}\td")), "abc\td")
    }

    /// A link inside a table cell: GtkLabel takes `<a>`, a bare Pango layout rejects it, and the text-row table
    /// measured its column 0 px wide. Measured markup underlines the link instead.
    func testLinksInTableCellsMeasureTheirText() throws {
        try requireDisplay()
        let document = DocumentParser.parseMarkdown(
            "| site | note |\n|---|---|\n| [the docs](https://example.com/docs \"Docs\") | x |",
            context: DocumentContext(repository: nil, ref: nil, server: URL(string: "https://gitee.com")!))
        guard case .table(let table)? = document.blocks.first else { return XCTFail("a table") }
        let cell = table.rows[0][0]
        var links: [Link] = []
        XCTAssertNil(parsed(PangoMarkup.markup(for: cell, links: &links)), "Pango alone refuses <a>")
        links = []
        let measured = PangoMarkup.markup(for: cell, links: &links, as: .underlined)
        XCTAssertEqual(parsed(measured), "the docs")
        XCTAssertEqual(links.count, 1)
        MainActor.assumeIsolated {
            let label = gtk_label_new(nil)!
            g_object_ref_sink(UnsafeMutableRawPointer(label))
            defer { g_object_unref(UnsafeMutableRawPointer(label)) }
            let layout = gtk_widget_create_pango_layout(label, nil)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            pango_layout_set_markup(layout, measured, -1)
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, &height)
            XCTAssertGreaterThan(width, 30, "the cell is as wide as its text")
        }
    }
}
