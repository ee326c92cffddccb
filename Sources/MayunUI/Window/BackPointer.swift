import CGtk
import GLibRuntime

/// Pointer clicks on the header's Back button, taken before the button sees them (a capture-phase GtkGestureClick
/// that claims the press): one `onClick` per press and release inside the button, however quick or late.
///
/// Two ways GTK 4.8 lost such clicks, both seen in the end-to-end runs:
/// - a quick second click counted as a double click by the header bar, whose window handle claimed it for the
///   titlebar action (1 in 12 quick Back-Back sequences did nothing): the claim at "pressed" keeps it ours;
/// - under load, GTK cancelled the gesture between the press and the release (traced: "pressed", then "cancel"
///   from GtkGestureSingle's event handling during the frame clock's event flush, then "unpaired-release" at the
///   same spot; about 1 Back in 40 with the machine busy). The release still comes, as "unpaired-release": a
///   release inside the button after a press on it is a click either way.
@MainActor
enum BackPointer {
    static func install(on button: Widget, onClick: @escaping @MainActor () -> Void) {
        let gesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gesture, 1)
        gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_CAPTURE)
        // Whether the press that the next release ends began on the button (a release alone is not a click).
        var pressed = false
        func release(x: Double, y: Double) {
            guard pressed else { return }
            pressed = false
            if x >= 0, y >= 0, x < Double(gtk_widget_get_width(button)), y < Double(gtk_widget_get_height(button)) {
                onClick()
            }
        }
        connect(UnsafeMutableRawPointer(gesture), "pressed", mainWithArguments: { arguments in
            if let instance = arguments.instance {
                gtk_gesture_set_state(OpaquePointer(instance), GTK_EVENT_SEQUENCE_CLAIMED)
            }
            pressed = true
            return nil
        })
        connect(UnsafeMutableRawPointer(gesture), "released", mainWithArguments: { arguments in
            release(x: arguments.double(at: 2), y: arguments.double(at: 3))
            return nil
        })
        // (x, y, button, sequence): the release of a press whose gesture GTK cancelled meanwhile.
        connect(UnsafeMutableRawPointer(gesture), "unpaired-release", mainWithArguments: { arguments in
            if arguments.uint(at: 3) == 1 { release(x: arguments.double(at: 1), y: arguments.double(at: 2)) }
            return nil
        })
        gtk_widget_add_controller(button, gesture)
    }
}
