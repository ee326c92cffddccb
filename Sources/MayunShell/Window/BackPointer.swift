import CGtk
import GtkBasics
import GtkKit
import MayunUI
import GLibRuntime

/// Pointer clicks on the header's Back button, taken before the button sees them (a capture-phase GtkGestureClick
/// that claims the press): one `onClick` per press and release inside the button, however quick.
///
/// A quick second click was counted as a double click by the header bar, whose window handle claimed it for the
/// titlebar action (1 in 12 quick Back-Back sequences did nothing): the claim at "pressed" keeps it ours. The other
/// lost Back click, a press GTK cancelled before its release under load, had a cause outside the button; the window's
/// `HeldButtonGuard` removes it for every button.
@MainActor
package enum BackPointer {
    static func install(on button: Widget, onClick: @escaping @MainActor () -> Void) {
        let gesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gesture, 1)
        gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_CAPTURE)
        // Whether the press that the next release ends began on the button (a release alone is not a click).
        var pressed = false
        connect(UnsafeMutableRawPointer(gesture), "pressed", mainWithArguments: { arguments in
            if let instance = arguments.instance {
                gtk_gesture_set_state(OpaquePointer(instance), GTK_EVENT_SEQUENCE_CLAIMED)
            }
            pressed = true
            return nil
        })
        connect(UnsafeMutableRawPointer(gesture), "released", mainWithArguments: { arguments in
            guard pressed else { return nil }
            pressed = false
            let x = arguments.double(at: 2), y = arguments.double(at: 3)
            if x >= 0, y >= 0, x < Double(gtk_widget_get_width(button)), y < Double(gtk_widget_get_height(button)) {
                onClick()
            }
            return nil
        })
        gtk_widget_add_controller(button, gesture)
    }
}
