internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A multi-line GtkTextView over its own buffer: an editor (an issue's body) or read-only text (a commit message).
@MainActor
package final class TextView: WidgetObject {
    package init(text: String = "", editable: Bool = true, monospace: Bool = false, wrap: Bool = true) {
        super.init(owning: GtkBasics.widget(gtk_text_view_new()))
        gtk_text_view_set_editable(typed(widget), editable ? 1 : 0)
        gtk_text_view_set_cursor_visible(typed(widget), editable ? 1 : 0)
        gtk_text_view_set_monospace(typed(widget), monospace ? 1 : 0)
        gtk_text_view_set_wrap_mode(typed(widget), wrap ? GTK_WRAP_WORD_CHAR : GTK_WRAP_NONE)
        self.text = text
    }

    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(typed(widget)) }

    package var text: String {
        get { Self.text(of: buffer) }
        // The same text again would move the cursor and emit "changed" for nothing.
        set { if newValue != text { gtk_text_buffer_set_text(buffer, newValue, -1) } }
    }

    /// Every edit, typed or pasted. The handler reads the buffer it was connected to, not this object: a page may
    /// let the object go once the view is in its column (the same rule as `BoxedList`'s row handlers).
    package func onChanged(_ handler: @escaping @MainActor (String) -> Void) {
        let buffer = buffer
        connect(UnsafeMutableRawPointer(buffer), "changed", main: { handler(Self.text(of: buffer)) })
    }

    /// Ctrl+Enter (either Return key): a composer sends. Plain Enter still breaks the line.
    package func onControlEnter(_ handler: @escaping @MainActor () -> Void) {
        let keys = gtk_event_controller_key_new()!
        connect(UnsafeMutableRawPointer(keys), "key-pressed", mainWithArguments: { arguments in
            let keyval = arguments.uint(at: 1)
            let control = arguments.flags(at: 3) & UInt(GDK_CONTROL_MASK.rawValue) != 0
            guard control, keyval == UInt(GDK_KEY_Return) || keyval == UInt(GDK_KEY_KP_Enter) else { return false }
            handler()
            return true
        })
        gtk_widget_add_controller(widget, keys)
    }

    private static func text(of buffer: UnsafeMutablePointer<GtkTextBuffer>) -> String {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
