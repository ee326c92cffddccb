import CGtk
import GLibRuntime
import MayunCore

/// A modal question with Cancel and a destructive confirm button (GtkMessageDialog: GTK 4.8 has no GtkAlertDialog).
@MainActor
final class ConfirmDialog {
    private let dialog: Widget

    init(parent: UnsafeMutablePointer<GtkWindow>?, question: String, detail: String, confirm: String) {
        // gtk_message_dialog_new is variadic (not callable from Swift): build it from properties instead.
        dialog = widget(UnsafeMutablePointer<GtkWidget>(OpaquePointer(
            g_object_new_with_properties(gtk_message_dialog_get_type(), 0, nil, nil))))
        setStringProperty(raw(dialog), "text", question)
        setStringProperty(raw(dialog), "secondary-text", detail)
        gtk_window_set_title(typed(dialog), question)  // names the dialog for screen readers
        gtk_window_set_transient_for(typed(dialog), parent)
        gtk_window_set_modal(typed(dialog), 1)
        if let cancel = gtk_dialog_add_button(typed(dialog), tr("Cancel"), GTK_RESPONSE_CANCEL.rawValue) {
            Accessibility.dropLabelledBy(cancel)
        }
        if let button = gtk_dialog_add_button(typed(dialog), confirm, GTK_RESPONSE_ACCEPT.rawValue) {
            Accessibility.dropLabelledBy(button)
            gtk_widget_add_css_class(button, "destructive-action")
        }
    }

    func present(_ answered: @escaping @MainActor (Bool) -> Void) {
        connect(raw(dialog), "response", mainWithArguments: { [dialog] arguments in
            answered(arguments.int(at: 1) == GTK_RESPONSE_ACCEPT.rawValue)
            gtk_window_destroy(typed(dialog))
            return nil
        })
        gtk_window_present(typed(dialog))
    }
}
