internal import CGtk
internal import GtkBasics
import GLibRuntime

/// Keyboard shortcuts local to one widget (active while focus is inside it), each running a main-actor closure.
@MainActor
package final class KeyShortcuts {
    private typealias Action = ClosureBox<@MainActor () -> Void>

    // Stored pointer: the shortcut controller, owned by the widget it was added to, used only from its own signals.
    private let controller: OpaquePointer

    init(on widget: Widget, global: Bool = false) {
        let controller = gtk_shortcut_controller_new()!
        self.controller = controller
        gtk_shortcut_controller_set_scope(controller, global ? GTK_SHORTCUT_SCOPE_MANAGED : GTK_SHORTCUT_SCOPE_LOCAL)
        gtk_event_controller_set_propagation_phase(self.controller, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(widget, self.controller)
    }

    /// `accelerators` in GTK's syntax ("<Control>f", "<Control>plus|<Control>equal").
    package func add(_ accelerators: String, _ action: @escaping @MainActor () -> Void) {
        guard let trigger = gtk_shortcut_trigger_parse_string(accelerators) else { return }
        let callback = gtk_callback_action_new({ _, _, data in
            guard let action = CallbackData.borrow(data, as: Action.self) else { return 0 }
            MainActor.assumeIsolated { action.body() }
            return 1
        }, CallbackData.retain(Action(action)), CallbackData.release)
        let shortcut = gtk_shortcut_new(trigger, callback)
        gtk_shortcut_controller_add_shortcut(controller, shortcut)
    }
}
