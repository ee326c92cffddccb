internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore
import MayunDocument

/// The widgets a document still embeds between its text: tables wider than the pane, and rules (code blocks and
/// narrower tables are text, see DocumentTextBlocks.swift).
@MainActor
package enum DocumentBlockWidgets {
    static func copyToClipboard(_ text: String, from widget: Widget) {
        guard let clipboard = gtk_widget_get_clipboard(widget) else { return }
        gdk_clipboard_set_text(clipboard, text)
    }

    /// A table as a GtkGrid of selectable labels (header bold, a separator under it), scrolling sideways when wide.
    static func table(_ table: Table, environment: DocumentEnvironment) -> Widget {
        let grid = widget(gtk_grid_new())
        gtk_grid_set_column_spacing(typed(grid), 18)
        gtk_grid_set_row_spacing(typed(grid), 6)
        Build.addClasses(grid, ["document-table"])
        var links: [Link] = []
        var row: Int32 = 0
        if !table.header.isEmpty {
            addRow(table.header, to: grid, row: row, table: table, header: true, links: &links, environment)
            row += 1
            let separator = widget(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
            gtk_grid_attach(typed(grid), separator, 0, row, Int32(max(table.columnCount, 1)), 1)
            row += 1
        }
        for cells in table.rows {
            addRow(cells, to: grid, row: row, table: table, header: false, links: &links, environment)
            row += 1
        }
        if table.omittedRows > 0 {
            let note = Build.label(
                tr("%d more rows not shown").replacingOccurrences(of: "%d", with: String(table.omittedRows)),
                classes: ["dim-label"], xalign: 0)
            gtk_grid_attach(typed(grid), note, 0, row, Int32(max(table.columnCount, 1)), 1)
        }
        Build.margins(grid, 6)
        gtk_widget_set_halign(grid, GTK_ALIGN_START)
        gtk_widget_set_valign(grid, GTK_ALIGN_START)
        let scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(opaque(scroller), 1)
        gtk_scrolled_window_set_child(opaque(scroller), grid)
        return scroller
    }

    private static func addRow(_ cells: [[Inline]], to grid: Widget, row: Int32, table: Table, header: Bool,
                               links: inout [Link], _ environment: DocumentEnvironment) {
        for (column, cell) in cells.enumerated() {
            var markup = PangoMarkup.markup(for: cell, links: &links)
            if header { markup = "<b>" + markup + "</b>" }
            // Cells do not wrap: a table wider than the pane scrolls sideways instead of growing tall.
            let label = Build.label("", classes: [header ? "document-header-cell" : "document-cell"])
            gtk_label_set_markup(opaque(label), markup)
            gtk_label_set_selectable(opaque(label), 1)
            gtk_widget_set_focusable(label, 0)
            switch table.alignments[column] {
            case .center: gtk_label_set_xalign(opaque(label), 0.5)
            case .right: gtk_label_set_xalign(opaque(label), 1)
            case .left, .none: gtk_label_set_xalign(opaque(label), 0)
            }
            gtk_widget_set_hexpand(label, 0)
            PangoMarkup.routeLinks(of: label, to: links, environment)
            gtk_grid_attach(typed(grid), label, Int32(column), row, 1, 1)
        }
    }

    static func rule() -> Widget {
        let separator = widget(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        Build.addClasses(separator, ["document-rule"])
        gtk_widget_set_margin_top(separator, 6)
        gtk_widget_set_margin_bottom(separator, 6)
        return separator
    }
}

/// Inline runs as Pango markup, for places that are labels rather than the document's text view (table cells,
/// summaries). Links become `<a href="mayun-link:N">`, resolved back through `link(from:in:)`: only GtkLabel
/// understands `<a>` (it takes the links out before Pango parses the rest); Pango itself rejects the whole string,
/// so markup measured with a bare `PangoLayout` (the text-row table's column widths) asks for `.underlined` links.
package enum PangoMarkup {
    package enum Links {
        /// `<a href>`, for a GtkLabel.
        case anchors
        /// `<u>` around the link's text, for Pango alone (same width, nothing to click).
        case underlined
    }

    static func markup(for inlines: [Inline], links: inout [Link], as style: Links = .anchors) -> String {
        var result = ""
        for inline in inlines {
            switch inline {
            case .text(let text): result += escape(text)
            case .emphasis(let children): result += "<i>" + markup(for: children, links: &links, as: style) + "</i>"
            case .strong(let children): result += "<b>" + markup(for: children, links: &links, as: style) + "</b>"
            case .strike(let children): result += "<s>" + markup(for: children, links: &links, as: style) + "</s>"
            case .code(let text), .keyboard(let text): result += "<tt>" + escape(text) + "</tt>"
            case .image(let image): result += escape(image.alt.isEmpty ? "" : "[\(image.alt)]")
            case .lineBreak: result += "\n"
            case .link(let link, let children):
                links.append(link)
                switch style {
                case .anchors:
                    result += "<a href=\"mayun-link:\(links.count - 1)\" title=\"\(escape(link.hint))\">"
                        + markup(for: children, links: &links, as: style) + "</a>"
                case .underlined:
                    result += "<u>" + markup(for: children, links: &links, as: style) + "</u>"
                }
            }
        }
        return result
    }

    /// A label showing `markup(for:links:)`: its links go to the document's environment (blocked ones nowhere),
    /// and GTK never opens the `mayun-link:` address itself.
    @MainActor static func routeLinks(of label: Widget, to links: [Link], _ environment: DocumentEnvironment) {
        connect(raw(label), "activate-link", mainWithArguments: { arguments in
            if let uri = arguments.string(at: 1), let link = PangoMarkup.link(from: uri, in: links) {
                if link.target.isFollowable { environment.activate(link) }
            }
            return true
        })
    }

    package static func link(from uri: String, in links: [Link]) -> Link? {
        guard uri.hasPrefix("mayun-link:"), let index = Int(uri.dropFirst("mayun-link:".count)),
              links.indices.contains(index)
        else { return nil }
        return links[index]
    }

    /// Text as markup that shows it literally (`MarkupText.escape`: by Unicode scalar, so a `<` with a combining
    /// mark is escaped too).
    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
