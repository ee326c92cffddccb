import CGtk
import GtkBasics
import GtkKit
import MayunUI
import GLibRuntime

/// Keeps GTK 4.8 from cancelling a click whose release it has not read yet: installed once per window, it drops
/// GTK's own synthesized pointer motion while a button that the window saw pressed has not been released.
///
/// The lost clicks (1 Back in 24–40 in loaded end-to-end runs, and the same for any button) came from this chain:
/// - whenever a window's layout changes (a slow page arriving, a spinner giving way to content),
///   `gtk_window_native_layout` calls `gdk_surface_request_motion`, so that hover follows content that moved under a
///   still pointer;
/// - at the next frame, `gdk_surface_flush_events` flushes the events GDK has already read, then
///   `gdk_surface_ensure_motion` makes a motion event (timestamp 0) from the pointer's *live* state, queried from the
///   X server;
/// - if the person has released the button by then but GTK has not read the release yet (a busy main loop), that
///   motion says "no button held" in the middle of the press, and `GtkGestureSingle` treats a motion without its
///   button as the end of the sequence: it resets, the click is cancelled, and the real release arrives unpaired.
///
/// While a press is held, the synthesized motion carries nothing a gesture needs (the implicit grab already fixes
/// the target, and the real release follows), so dropping it in the window's capture phase, before any widget's
/// gesture sees it, keeps the press whole. Real motion (a drag, with its server timestamp) always passes.
/// `HeldButtonGuardTests` reproduce the race with real X input and show the click lost without the guard.
@MainActor
package enum HeldButtonGuard {
    static func install(on window: Widget) {
        let controller = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        var held = HeldButtons()
        connect(UnsafeMutableRawPointer(controller), "event", mainWithArguments: { arguments in
            guard let event = arguments.pointer(at: 1).map(OpaquePointer.init),
                  let pointerEvent = HeldButtons.PointerEvent(event) else { return false }
            return held.shouldDrop(pointerEvent)
        })
        gtk_widget_add_controller(window, controller)
    }
}

/// The pointer buttons held according to the window's own event stream (not the server's live state).
package struct HeldButtons {
    package enum PointerEvent: Equatable {
        case press(button: UInt32)
        case release(button: UInt32)
        case grabBroken
        /// `synthesized`: made by GDK (stamped GDK_CURRENT_TIME, 0), not sent by the X server; `state` is its
        /// modifier mask (GDK_BUTTON1_MASK ...).
        case motion(synthesized: Bool, state: UInt32)

        @MainActor
        init?(_ event: OpaquePointer) {
            switch gdk_event_get_event_type(event) {
            case GDK_BUTTON_PRESS: self = .press(button: gdk_button_event_get_button(event))
            case GDK_BUTTON_RELEASE: self = .release(button: gdk_button_event_get_button(event))
            case GDK_GRAB_BROKEN: self = .grabBroken
            case GDK_MOTION_NOTIFY:
                self = .motion(synthesized: gdk_event_get_time(event) == UInt32(GDK_CURRENT_TIME),
                               state: gdk_event_get_modifier_state(event).rawValue)
            default: return nil
            }
        }
    }

    private(set) var mask: UInt32 = 0

    /// Records a press, release or real motion; true for a synthesized motion that arrives while a button is held.
    mutating func shouldDrop(_ event: PointerEvent) -> Bool {
        switch event {
        case .press(let button): mask |= Self.bit(button)
        case .release(let button): mask &= ~Self.bit(button)
        case .grabBroken: mask = 0
        case .motion(synthesized: true, _): return mask != 0
        // A real motion tells the truth about the buttons (say, a release that went to another window).
        case .motion(synthesized: false, let state): mask = Self.buttons(in: state)
        }
        return false
    }

    private static func bit(_ button: UInt32) -> UInt32 { button >= 1 && button <= 5 ? 1 << button : 0 }

    /// GDK_BUTTON1_MASK ... GDK_BUTTON5_MASK as the same bits `bit(_:)` uses.
    private static func buttons(in state: UInt32) -> UInt32 {
        (1...5).reduce(0) { mask, button in
            state & (GDK_BUTTON1_MASK.rawValue << (button - 1)) != 0 ? mask | bit(button) : mask
        }
    }
}
