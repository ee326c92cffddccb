import CGtk
import Foundation
import GLibRuntime

/// For `make bench`: prints `first-frame <monotonic µs>` when the window's first frame has been painted, then exits.
/// g_get_monotonic_time is CLOCK_MONOTONIC, the clock the benchmark reads before it starts the process.
@MainActor
enum FirstFrameProbe {
    static func exitAfterFirstFrame(of window: Widget) {
        connect(raw(window), "realize", after: true, main: {
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            connect(UnsafeMutableRawPointer(clock), "after-paint", main: {
                print("first-frame \(g_get_monotonic_time())")
                exit(0)
            })
        })
    }
}
