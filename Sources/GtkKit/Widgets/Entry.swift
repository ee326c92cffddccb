internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A one-line text field: a GtkEntry, or a GtkPasswordEntry (hidden text, with the eye icon to show it: long
/// tokens are easy to paste wrongly).
@MainActor
package final class Entry: WidgetObject {
    package init(text: String = "", placeholder: String = "", isPassword: Bool = false) {
        if isPassword {
            let entry = GtkBasics.widget(gtk_password_entry_new())
            gtk_password_entry_set_show_peek_icon(opaque(entry), 1)
            super.init(owning: entry)
        } else {
            let entry = GtkBasics.widget(gtk_entry_new())
            if !placeholder.isEmpty { gtk_entry_set_placeholder_text(typed(entry), placeholder) }
            gtk_entry_set_activates_default(typed(entry), 0)
            super.init(owning: entry)
        }
        self.text = text
    }

    package var text: String {
        get { editableText }
        set { editableText = newValue }
    }

    /// What an on-screen keyboard offers (an email address's @); plain entries only.
    package func setInputPurpose(_ purpose: InputPurpose) {
        if isA(gtk_entry_get_type()) { gtk_entry_set_input_purpose(typed(widget), purpose.gtk) }
    }

    package func onChanged(_ handler: @escaping @MainActor (String) -> Void) { onEditableChanged(handler) }

    /// Enter in the field.
    package func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connect(raw(widget), "activate", main: handler)
    }

    private func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }
}

/// What an entry and an entry row share as GtkEditables.
extension WidgetObject {
    var editableText: String {
        get { gtk_editable_get_text(opaque(widget)).map { String(cString: $0) } ?? "" }
        // Setting the same text again would move the cursor and emit "changed" for nothing.
        set { if newValue != editableText { gtk_editable_set_text(opaque(widget), newValue) } }
    }

    func onEditableChanged(_ handler: @escaping @MainActor (String) -> Void) {
        let widget = widget
        connect(raw(widget), "changed", main: {
            handler(gtk_editable_get_text(opaque(widget)).map { String(cString: $0) } ?? "")
        })
    }
}
