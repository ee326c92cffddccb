import CGtk
import Foundation
import GLibRuntime
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// The lost click, reproduced with real X input (xdotool through XTest on the test's Xvfb): a plain GtkButton is
/// pressed, the window's layout changes (as when a slow page arrives), and the person releases the button after
/// GTK has laid out but before it has read the release. GTK 4.8 then synthesizes a motion from the pointer's live,
/// released state and cancels the press; `HeldButtonGuard` keeps it whole.
final class HeldButtonGuardTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAReleaseGTKHasNotReadYetStillClicksAfterARelayout() {
        onMain {
            // Pins the cause: without the guard, GTK cancels the press and the button never says "clicked".
            XCTAssertEqual(clicks(releasingAcrossARelayout: false), 0,
                           "GTK 4.8 no longer cancels the press: HeldButtonGuard may be unnecessary")
            XCTAssertEqual(clicks(releasingAcrossARelayout: true), 1, "the guarded window lost the click")
        }
    }

    func testOnlyASynthesizedMotionDuringAHeldPressIsDropped() {
        let button1 = GDK_BUTTON1_MASK.rawValue
        var held = HeldButtons()
        XCTAssertFalse(held.shouldDrop(.motion(synthesized: true, state: 0)), "hover after a relayout, no press")
        XCTAssertFalse(held.shouldDrop(.press(button: 1)))
        XCTAssertTrue(held.shouldDrop(.motion(synthesized: true, state: 0)), "GTK's motion from the live state")
        XCTAssertFalse(held.shouldDrop(.motion(synthesized: false, state: button1)), "a real drag passes")
        XCTAssertTrue(held.shouldDrop(.motion(synthesized: true, state: button1)))
        XCTAssertFalse(held.shouldDrop(.release(button: 1)))
        XCTAssertFalse(held.shouldDrop(.motion(synthesized: true, state: 0)), "released: hover updates again")

        XCTAssertFalse(held.shouldDrop(.press(button: 3)))
        XCTAssertFalse(held.shouldDrop(.motion(synthesized: false, state: 0)), "a real motion says nothing is held")
        XCTAssertFalse(held.shouldDrop(.motion(synthesized: true, state: 0)), "(a release lost elsewhere)")
        XCTAssertFalse(held.shouldDrop(.press(button: 1)))
        XCTAssertFalse(held.shouldDrop(.grabBroken))
        XCTAssertFalse(held.shouldDrop(.motion(synthesized: true, state: 0)), "a broken grab ends the press")
        XCTAssertFalse(held.shouldDrop(.press(button: 9)), "buttons past 5 are not tracked")
        XCTAssertEqual(held.mask, 0)
    }
}

// MARK: - The race, step by step

/// Where the reproduction is; read by the frame clock's emission hook, which is a C callback.
private enum RaceStage { case idle, resizeQueued, laidOut, released }
nonisolated(unsafe) private var raceStage = RaceStage.idle

/// Runs before GDK's own "flush-events" handler of the next frame: the release reaches the X server (xdotool waits
/// for it with a round trip) while GDK has not read it, exactly the window the lost clicks fell into.
private let releaseBeforeTheFlush: GSignalEmissionHook = { _, _, _, _ in
    if raceStage == .laidOut {
        raceStage = .released
        xdotool("mouseup 1 getmouselocation")
    }
    return 1
}

@MainActor
private func clicks(releasingAcrossARelayout guarded: Bool) -> Int {
    let title = "held-button-guard-\(guarded)-\(getpid())"
    let window = gtk_window_new()!
    defer { gtk_window_destroy(typed(window)) }
    gtk_window_set_title(typed(window), title)
    gtk_window_set_default_size(typed(window), 240, 160)
    let button = widget(gtk_button_new_with_label("Star"))
    gtk_window_set_child(typed(window), button)
    var clicked = 0
    connect(raw(button), "clicked", main: { clicked += 1 })
    var releasesSeen = 0
    let recorder = gtk_event_controller_legacy_new()!
    gtk_event_controller_set_propagation_phase(recorder, GTK_PHASE_CAPTURE)
    connect(UnsafeMutableRawPointer(recorder), "event", mainWithArguments: { arguments in
        if let event = arguments.pointer(at: 1),
           gdk_event_get_event_type(OpaquePointer(event)) == GDK_BUTTON_RELEASE { releasesSeen += 1 }
        return false
    })
    gtk_widget_add_controller(widget(window), recorder)
    if guarded { HeldButtonGuard.install(on: widget(window)) }
    gtk_window_present(typed(window))
    waitUntil("the button is laid out") { gtk_widget_get_width(button) > 100 }
    waitForFrames(of: widget(window), count: 2)
    guard let clock = gtk_widget_get_frame_clock(button) else { XCTFail("no frame clock"); return -1 }

    xdotool("search --sync --name '^\(title)$' mousemove --window %1 120 80")
    waitUntil("the pointer is over the button") { state(of: button, has: GTK_STATE_FLAG_PRELIGHT) }
    xdotool("mousedown 1")
    waitUntil("GTK has the press") { state(of: button, has: GTK_STATE_FLAG_ACTIVE) }

    let flush = g_signal_lookup("flush-events", gdk_frame_clock_get_type())
    let hook = g_signal_add_emission_hook(flush, 0, releaseBeforeTheFlush, nil, nil)
    defer { g_signal_remove_emission_hook(flush, hook) }
    let afterPaint = connect(UnsafeMutableRawPointer(clock), "after-paint", main: {
        guard raceStage == .resizeQueued else { return }
        raceStage = .laidOut
        // GTK 4.8 makes its motion at the next event flush, which a pending pointer event asks for (a hand never
        // holds a mouse perfectly still); this asks for the same flush without moving the pointer.
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_FLUSH_EVENTS)
    })
    defer { disconnect(afterPaint) }
    raceStage = .resizeQueued
    gtk_widget_queue_resize(button)  // the layout change; GTK asks for a fresh pointer position after it
    waitUntil("the release came between the layout and the next event flush") { raceStage == .released }
    waitUntil("GTK has read the release") { releasesSeen > 0 }
    waitForFrames(of: widget(window), count: 1)
    raceStage = .idle
    return clicked
}

@MainActor
private func state(of widget: Widget, has flag: GtkStateFlags) -> Bool {
    gtk_widget_get_state_flags(widget).rawValue & flag.rawValue != 0
}

/// Runs xdotool and waits for it (blocking the main loop on purpose: GTK must not read events meanwhile).
private func xdotool(_ arguments: String) {
    var status: Int32 = 0
    var output: UnsafeMutablePointer<gchar>?
    var error: UnsafeMutablePointer<GError>?
    defer { g_free(output) }
    if g_spawn_command_line_sync("xdotool \(arguments)", &output, nil, &status, &error) == 0 || status != 0 {
        XCTFail("xdotool \(arguments) failed: \(error.map { String(cString: $0.pointee.message) } ?? "status \(status)")")
        g_clear_error(&error)
    }
}
