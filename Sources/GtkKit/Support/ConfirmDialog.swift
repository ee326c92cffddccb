internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// A modal question with Cancel and a destructive confirm button (an AdwMessageDialog).
@MainActor
package final class ConfirmDialog {
    // Stored widget pointer: used only to build and present the dialog (callers present it at once); the
    // response handler captures the answer closure, not this object.
    private let dialog: Widget
    private static let cancel = "cancel", confirm = "confirm"

    init(parent: UnsafeMutablePointer<GtkWindow>?, question: String, detail: String, confirm: String) {
        dialog = widget(adw_message_dialog_new(parent, question, detail))
        gtk_window_set_title(typed(dialog), question)  // names the dialog for screen readers
        gtk_window_set_modal(typed(dialog), 1)
        adw_message_dialog_add_response(typed(dialog), Self.cancel, tr("Cancel"))
        adw_message_dialog_add_response(typed(dialog), Self.confirm, confirm)
        adw_message_dialog_set_response_appearance(typed(dialog), Self.confirm, ADW_RESPONSE_DESTRUCTIVE)
        // Escape and Enter both mean Cancel: the destructive answer takes a deliberate click.
        adw_message_dialog_set_close_response(typed(dialog), Self.cancel)
        adw_message_dialog_set_default_response(typed(dialog), Self.cancel)
        // GTK 4.8 would read a response button's name twice ("Log Out Log Out"): its label also labels it.
        var pending = [dialog]
        while let next = pending.popLast() {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(next).assumingMemoryBound(to: GTypeInstance.self),
                                          gtk_button_get_type()) != 0 {
                Accessibility.dropLabelledBy(next)
            }
            var child = gtk_widget_get_first_child(next)
            while let current = child { pending.append(current); child = gtk_widget_get_next_sibling(current) }
        }
    }

    package func present(_ answered: @escaping @MainActor (Bool) -> Void) {
        // AdwMessageDialog closes itself after emitting "response".
        connect(raw(dialog), "response", mainWithArguments: { arguments in
            answered(arguments.string(at: 1) == ConfirmDialog.confirm)
            return nil
        })
        gtk_window_present(typed(dialog))
    }
}

extension ConfirmDialog {
    /// The question over the window that shows `view` (a page asking before it acts).
    package convenience init(over view: any Component, question: String, detail: String, confirm: String) {
        let window = gtk_widget_get_root(view.shownWidget).map {
            UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self)
        }
        self.init(parent: window, question: question, detail: detail, confirm: confirm)
    }

    /// The question over a window of the shell's.
    package convenience init(overWindow window: WidgetRef, question: String, detail: String, confirm: String) {
        self.init(parent: typed(window.widget), question: question, detail: detail, confirm: confirm)
    }
}
