internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore
import MayunDocument

/// Code blocks and tables written as tagged text into the document's one text view rather than as embedded widgets:
/// a widget per block made GTK re-lay out every one of them whenever the buffer changed (over 60 s for a 1 MB
/// README with ~1,350 of them, see docs/DOCUMENTS.md). Tables wider than the pane still become a scrolling grid.
extension DocumentTextView {
    /// A code block: a caption line (language and a "Copy" action), then the code in monospace on the code
    /// background, coloured by `CodeHighlighter`.
    func writeCodeBlock(_ code: CodeBlock, style: Style) {
        let margin = tags.margin(baseMargin + style.indent + Self.codePadding, hanging: 0)
        let language = SourceLanguages.language(forFence: code.language)
        let captionStart = endOffset
        if let name = code.language, !name.isEmpty { insert(name + "  ·  ", tags: [tags["code-caption"]]) }
        let copyStart = endOffset
        insert(tr("Copy"), tags: [tags["code-caption"], tags["code-copy"]])
        copyActions.append((copyStart, endOffset, code.text))
        insert("\n", tags: [])
        apply([tags["code-first"], margin], from: captionStart)

        var text = code.text
        while text.hasSuffix("\n") { text.removeLast() }
        let codeStart = endOffset
        insert(text.isEmpty ? " " : text, tags: [tags["code-block"], margin])
        highlighter.highlight(text, language: language, isNight: environment.isNight, at: codeStart)
        let codeEnd = endOffset
        codeBlocks.append(CodeRange(start: codeStart, end: codeEnd, text: text, language: language))
        insert("\n", tags: [tags["code-block"], margin])
        var lastLine = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &lastLine, codeEnd)
        gtk_text_iter_set_line_offset(&lastLine, 0)
        gtk_text_buffer_get_end_iter(buffer, &end)
        if let last = tags["code-last"] { gtk_text_buffer_apply_tag(buffer, last, &lastLine, &end) }
        insertGap()
    }

    /// A table: one paragraph per row, cells separated by tabs whose stops are measured from the cell texts (left,
    /// centre or right aligned as the table says). Falls back to a grid widget when the table is wider than the pane.
    func writeTable(_ table: Table, style: Style) {
        let columns = max(table.columnCount, 1)
        var widths = [Int](repeating: 0, count: columns)
        for (index, row) in ([table.header] + table.rows).enumerated() where !row.isEmpty {
            for (column, cell) in row.enumerated() where column < columns {
                widths[column] = max(widths[column], measure(cell, bold: index == 0 && !table.header.isEmpty))
            }
        }
        let total = widths.reduce(0, +) + Self.columnGap * columns
        // A grid is a widget per cell, and GTK re-allocates every one at each change of the view (see
        // docs/DOCUMENTS.md): past `DocumentSlicing.maxGridCells` a wide table is written as (wrapping) text rows instead.
        let cells = (table.rows.count + (table.header.isEmpty ? 0 : 1)) * columns
        guard total <= availableWidth(style.indent) || cells > DocumentSlicing.maxGridCells || style.isPiece else {
            embed(DocumentBlockWidgets.table(table, environment: environment), style: style, sized: true)
            return
        }
        let rowTag = tabsTag(widths: widths, alignments: table.alignments)
        let margin = tags.margin(baseMargin + style.indent, hanging: 0)
        if !table.header.isEmpty {
            writeRow(table.header, tags: [rowTag, margin, tags["table-row"], tags["table-header"]], bold: true)
        }
        for row in table.rows { writeRow(row, tags: [rowTag, margin, tags["table-row"]], bold: false) }
        if table.omittedRows > 0 {
            let start = endOffset
            insert(tr("%d more rows not shown").replacingOccurrences(of: "%d", with: String(table.omittedRows)),
                   tags: [tags["dim"]])
            insert("\n", tags: [])
            apply([margin, tags["table-row"]], from: start)
        }
        insertGap()
    }

    private func writeRow(_ cells: [[Inline]], tags rowTags: [UnsafeMutablePointer<GtkTextTag>?], bold: Bool) {
        let start = endOffset
        for cell in cells {
            insert("\t", tags: [])
            writeInlines(cell, tags: bold ? [tags["strong"]] : [])
        }
        insert("\n", tags: [])
        apply(rowTags + [nextParagraphToggle()], from: start)
    }

    /// An empty line a little shorter than text: the space after a code block or table.
    private func insertGap() {
        let start = endOffset
        insert("\n", tags: [])
        apply([tags["gap"]], from: start)
    }

    private func measure(_ cell: [Inline], bold: Bool) -> Int {
        var links: [Link] = []
        // A bare layout is Pango alone, which rejects GtkLabel's `<a>` (the column measured 0 px).
        let markup = PangoMarkup.markup(for: cell, links: &links, as: .underlined)
        guard let layout = gtk_widget_create_pango_layout(textView, nil) else { return 80 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_markup(layout, bold ? "<b>" + markup + "</b>" : markup, -1)
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return Int(width)
    }

    /// A tag with the tab stops of one table (tables with the same stops share it).
    private func tabsTag(widths: [Int], alignments: [ColumnAlignment]) -> UnsafeMutablePointer<GtkTextTag>? {
        var stops: [(Int, PangoTabAlign)] = []
        var x = Self.tableInset
        for (column, width) in widths.enumerated() {
            let alignment = column < alignments.count ? alignments[column] : .none
            switch alignment {
            case .right: stops.append((x + width, PANGO_TAB_RIGHT))
            case .center: stops.append((x + width / 2, PANGO_TAB_CENTER))
            case .left, .none: stops.append((x, PANGO_TAB_LEFT))
            }
            x += width + Self.columnGap
        }
        let name = "tabs:" + stops.map { "\($0.0)\($0.1.rawValue)" }.joined(separator: ",")
        if let known = tags[name] { return known }
        guard let array = pango_tab_array_new(Int32(stops.count), 1) else { return nil }
        defer { pango_tab_array_free(array) }
        for (index, stop) in stops.enumerated() { pango_tab_array_set_tab(array, Int32(index), stop.1, Int32(stop.0)) }
        return tags.makeTabsTag(name, tabs: array)
    }

    static let codePadding = 12
    static let columnGap = 28
    static let tableInset = 10
}

/// Where one code block's text sits in the buffer, to recolour it when night mode changes.
package struct CodeRange {
    package let start: Int32
    package let end: Int32
    package let text: String
    package let language: OpaquePointer?
}
