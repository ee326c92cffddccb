internal import CGtk
internal import GtkBasics
import MayunCore

/// The text tags of one document buffer: inline styles, heading sizes, and margin/alignment tags made on demand.
/// Colours come from the night-mode `Palette`, so re-applying a palette recolours the whole document at once.
@MainActor
package final class DocumentTags {
    private let table: OpaquePointer
    private var tags: [String: UnsafeMutablePointer<GtkTextTag>] = [:]

    /// `rightMargin`: the text view's own right margin (a tag setting a margin replaces the view's).
    init(buffer: UnsafeMutablePointer<GtkTextBuffer>, rightMargin: Int = 0) {
        table = gtk_text_buffer_get_tag_table(buffer)
        make("strong", [("weight", .int(700))])
        make("emphasis", [("style", .int(Int32(PANGO_STYLE_ITALIC.rawValue)))])
        make("strike", [("strikethrough", .bool(true))])
        make("code", [("family", .string("monospace")), ("scale", .double(0.92))])
        make("keyboard", [("family", .string("monospace")), ("scale", .double(0.88)), ("weight", .int(600))])
        make("link", [("underline", .int(Int32(PANGO_UNDERLINE_SINGLE.rawValue)))])
        make("blocked-link", [("strikethrough", .bool(false))])
        make("quote", [])
        make("dim", [])
        make("block", [("pixels-below-lines", .int(10)), ("pixels-inside-wrap", .int(2))])
        make("item", [("pixels-below-lines", .int(4)), ("pixels-inside-wrap", .int(2))])
        make("center", [("justification", .int(Int32(GTK_JUSTIFY_CENTER.rawValue)))])
        make("right", [("justification", .int(Int32(GTK_JUSTIFY_RIGHT.rawValue)))])
        // No properties: consecutive paragraphs alternate between the two, so every paragraph begins with a tag
        // toggle. GTK 4.8 keeps the last paragraph style it computed and reuses it for a line without toggles; two
        // paragraphs with the same tags merge their ranges, and a line GTK lays out again on its own (an image
        // arriving) then took the style of whichever line it built before: a left-aligned image paragraph was laid
        // out centred after a centred logo's image came (DocumentViewTests). A toggle drops that cache, so a left
        // paragraph needs no tag of its own.
        make("paragraph-even", [])
        make("paragraph-odd", [])
        makeBlockTags(rightMargin: rightMargin)
        let scales = [2.0, 1.55, 1.3, 1.12, 1.0, 0.92]
        for (index, scale) in scales.enumerated() {
            make("h\(index + 1)", [("scale", .double(scale)), ("weight", .int(index < 2 ? 800 : 700)),
                                   ("pixels-above-lines", .int(index < 2 ? 18 : 12)), ("pixels-below-lines", .int(8))])
        }
    }

    subscript(name: String) -> UnsafeMutablePointer<GtkTextTag>? { tags[name] }

    /// A tag giving paragraphs a left margin of `pixels`, with a hanging first line of `hanging` pixels for markers.
    func margin(_ pixels: Int, hanging: Int) -> UnsafeMutablePointer<GtkTextTag>? {
        let name = "margin-\(pixels)-\(hanging)"
        if let tag = tags[name] { return tag }
        return make(name, [("left-margin", .int(Int32(pixels))), ("indent", .int(Int32(-hanging)))])
    }

    /// Code blocks and tables drawn as text (DocumentTextBlocks.swift).
    private func makeBlockTags(rightMargin: Int) {
        let wrapChar = Int32(GTK_WRAP_CHAR.rawValue), wrapNone = Int32(GTK_WRAP_NONE.rawValue)
        let codeLine: [(String, ObjectProperty.Value)] = [
            ("right-margin", .int(Int32(rightMargin + 12))), ("wrap-mode", .int(wrapChar)),
            ("pixels-above-lines", .int(0)), ("pixels-inside-wrap", .int(0)),
        ]
        make("code-first", codeLine + [("pixels-below-lines", .int(4))])
        make("code-block", codeLine + [("family", .string("monospace")), ("scale", .double(0.92)),
                                       ("pixels-below-lines", .int(0))])
        make("code-last", [("pixels-below-lines", .int(10))])
        make("code-caption", [("scale", .double(0.8))])
        make("code-copy", [("underline", .int(Int32(PANGO_UNDERLINE_SINGLE.rawValue)))])
        make("table-row", [("pixels-above-lines", .int(3)), ("pixels-below-lines", .int(3)),
                           ("wrap-mode", .int(wrapNone))])
        make("table-header", [])
        make("gap", [("scale", .double(0.5)), ("pixels-below-lines", .int(0))])
    }

    /// A tag with a table's tab stops (looked up by `name` first through the subscript).
    func makeTabsTag(_ name: String, tabs: OpaquePointer) -> UnsafeMutablePointer<GtkTextTag>? {
        guard let tag = make(name, []) else { return nil }
        var value = GValue()
        g_value_init(&value, pango_tab_array_get_type())
        g_value_set_boxed(&value, UnsafeRawPointer(tabs))
        g_object_set_property(UnsafeMutableRawPointer(tag).assumingMemoryBound(to: GObject.self), "tabs", &value)
        g_value_unset(&value)
        return tag
    }

    package func apply(_ palette: Palette) {
        let set = { (name: String, property: String, color: RGBColor) in
            if let tag = self.tags[name] { ObjectProperty.set(UnsafeMutableRawPointer(tag), property, .string(color.description)) }
        }
        set("link", "foreground", palette.link)
        set("blocked-link", "foreground", palette.dimText)
        set("code", "background", palette.codeBackground)
        set("keyboard", "background", palette.codeBackground)
        set("quote", "foreground", palette.dimText)
        set("quote", "paragraph-background", palette.codeBackground)
        set("dim", "foreground", palette.dimText)
        for name in ["code-first", "code-block", "code-last", "table-header"] {
            set(name, "paragraph-background", palette.codeBackground)
        }
        set("code-caption", "foreground", palette.dimText)
        set("code-copy", "foreground", palette.link)
    }

    @discardableResult
    private func make(_ name: String, _ properties: [(String, ObjectProperty.Value)]) -> UnsafeMutablePointer<GtkTextTag>? {
        guard let tag = gtk_text_tag_new(name) else { return nil }
        for (property, value) in properties { ObjectProperty.set(UnsafeMutableRawPointer(tag), property, value) }
        gtk_text_tag_table_add(table, tag)
        g_object_unref(UnsafeMutableRawPointer(tag))  // the table keeps its own reference
        tags[name] = tag
        return tag
    }
}
