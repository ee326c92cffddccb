internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// The find and go-to-line bar above the code: one entry, hidden until Ctrl+F or Ctrl+L.
@MainActor
package final class CodeSearchBar {
    package enum Mode { case find, goToLine }

    // Stored widget pointers: owned by the `CodeView` attached to the same page; all are its descendants, written
    // from their own signals.
    private let bar = Box(.horizontal, spacing: 6, classes: ["code-search"])
    var root: Widget { bar.widget }
    private let entry: Widget
    private let buffer: UnsafeMutablePointer<GtkSourceBuffer>
    private let view: Widget
    private let settings: UnsafeMutablePointer<GtkSourceSearchSettings>
    private let context: OpaquePointer
    private var mode = Mode.find

    init(buffer: UnsafeMutablePointer<GtkSourceBuffer>, view: Widget) {
        self.buffer = buffer
        self.view = view
        settings = gtk_source_search_settings_new()!
        gtk_source_search_settings_set_wrap_around(settings, 1)
        gtk_source_search_settings_set_case_sensitive(settings, 0)
        context = gtk_source_search_context_new(buffer, settings)
        gtk_source_search_context_set_highlight(context, 1)
        bar.setMargins(4)
        entry = widget(gtk_search_entry_new())
        gtk_widget_set_hexpand(entry, 1)
        bar.append(widget: entry)
        bar.isVisible = false
        connect(raw(entry), "activate", main: { [unowned self] in submit() })
        connect(raw(entry), "search-changed", main: { [unowned self] in
            if mode == .find { find(currentText) }
        })
        connect(raw(entry), "stop-search", main: { [unowned self] in hide() })
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(settings))
    }

    func reveal(_ mode: Mode) {
        self.mode = mode
        let placeholder = mode == .find ? tr("Find in file") : tr("Line number")
        ObjectProperty.set(raw(entry), "placeholder-text", .string(placeholder))
        Accessibility.setLabel(entry, placeholder)
        gtk_editable_set_text(OpaquePointer(entry), "")
        gtk_widget_set_visible(root, 1)
        gtk_widget_grab_focus(entry)
    }

    package func hide() {
        gtk_widget_set_visible(root, 0)
        gtk_widget_grab_focus(view)
    }

    private var currentText: String {
        gtk_editable_get_text(OpaquePointer(entry)).map { String(cString: $0) } ?? ""
    }

    private var textBuffer: UnsafeMutablePointer<GtkTextBuffer> {
        UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self)
    }

    private func submit() {
        switch mode {
        case .find: find(currentText)
        case .goToLine:
            if let line = Int(currentText.trimmingCharacters(in: .whitespaces)) { goToLine(line) }
            hide()
        }
    }

    @discardableResult
    package func find(_ query: String) -> Bool {
        gtk_source_search_settings_set_search_text(settings, query.isEmpty ? nil : query)
        guard !query.isEmpty else { return false }
        var selectionStart = GtkTextIter(), selectionEnd = GtkTextIter()
        gtk_text_buffer_get_selection_bounds(textBuffer, &selectionStart, &selectionEnd)
        var matchStart = GtkTextIter(), matchEnd = GtkTextIter()
        var wrapped: gboolean = 0
        guard gtk_source_search_context_forward(context, &selectionEnd, &matchStart, &matchEnd, &wrapped) != 0 else {
            return false
        }
        gtk_text_buffer_select_range(textBuffer, &matchStart, &matchEnd)
        gtk_text_view_scroll_to_iter(typed(view), &matchStart, 0, 1, 0, 0.3)
        return true
    }

    func goToLine(_ line: Int) {
        let count = Int(gtk_text_buffer_get_line_count(textBuffer))
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(textBuffer, &iter, Int32(min(max(line, 1), max(count, 1)) - 1))
        gtk_text_buffer_place_cursor(textBuffer, &iter)
        gtk_text_view_scroll_to_iter(typed(view), &iter, 0, 1, 0, 0.3)
    }

    var cursorLine: Int {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(textBuffer, &iter, gtk_text_buffer_get_insert(textBuffer))
        return Int(gtk_text_iter_get_line(&iter)) + 1
    }
}
