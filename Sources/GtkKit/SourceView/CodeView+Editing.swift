internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// Editing in the same view that shows code (issue 27): same highlighting, line numbers, find and go to line.
extension CodeView {
    /// Editable or read-only. Editable files hide their final newline (GtkSourceView's implicit trailing newline),
    /// as `EditableText` hands the text over without it.
    package func setEditable(_ editable: Bool) {
        gtk_text_view_set_editable(typed(sourceView), editable ? 1 : 0)
        gtk_text_view_set_cursor_visible(typed(sourceView), editable ? 1 : 0)
        gtk_source_buffer_set_implicit_trailing_newline(buffer, editable ? 1 : 0)
        gtk_source_view_set_highlight_current_line(typed(sourceView), editable ? 1 : 0)
        Accessibility.setLabel(sourceView, editable ? tr("File text") : tr("Source code"))
    }

    /// Called with the whole text after each change the person makes.
    package func onTextChanged(_ handler: @escaping @MainActor (String) -> Void) {
        // Weak: the buffer is emptied in `deinit`, which emits "changed" once more.
        connect(UnsafeMutableRawPointer(buffer), "changed", main: { [weak self] in
            if let self { handler(text) }
        })
    }

    /// Keyboard focus in the text.
    package func focusText() { gtk_widget_grab_focus(sourceView) }
}
