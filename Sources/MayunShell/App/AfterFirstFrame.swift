import CGtk
import GtkBasics
import GtkKit
import MayunUI
import GLibRuntime
import MayunCore

/// Work that the first screen does not need waits until the window's first frame is painted (issue 29): it then
/// runs when the main loop is idle (frames due meanwhile go first). What runs here: the window icon (MainWindow), and
/// the application's `FirstFrameGate` opens (the keyring reads wait for it).
@MainActor
package enum AfterFirstFrame {
    /// Closes `gate` until `window`'s first frame is painted, or for at most the gate's fallback (a window that is
    /// never mapped must not keep the login from being read). Only the first window closes it (`FirstFrameGate.close`).
    static func openGate(_ gate: FirstFrameGate, whenPainted window: Widget,
                         fallbackMilliseconds: UInt32 = FirstFrameGate.fallbackMilliseconds) {
        guard gate.close() else { return }
        run(in: window) { gate.open() }
        g_timeout_add_full(G_PRIORITY_DEFAULT, fallbackMilliseconds, { data in
            MainActor.assumeIsolated { CallbackData.borrow(data, as: FirstFrameGate.self)?.open() }
            return 0  // G_SOURCE_REMOVE: once
        }, CallbackData.retain(gate), CallbackData.release)
    }

    /// Runs `work` once, at idle after `window`'s first `after-paint`. A window that is never realized never runs it.
    static func run(in window: Widget, _ work: @escaping @MainActor () -> Void) {
        let once = Once(work)
        connect(raw(window), "realize", after: true, main: {
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            connectOnce(UnsafeMutableRawPointer(clock), "after-paint", main: {
                // The window stays a window until the work ran (it may be destroyed meanwhile: a test's window).
                g_object_ref(raw(window))
                once.runAtIdle(then: { g_object_unref(raw(window)) })
            })
        })
    }

    /// The work, run at most once.
    private final class Once {
        private var work: (@MainActor () -> Void)?
        init(_ work: @escaping @MainActor () -> Void) { self.work = work }

        @MainActor func runNow() {
            guard let work else { return }
            self.work = nil
            work()
        }

        /// Called when the idle source goes (after the work, or with the main loop).
        private var release: (@MainActor () -> Void)?

        @MainActor func runAtIdle(then release: @escaping @MainActor () -> Void) {
            guard work != nil else { return release() }
            self.release = release
            g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
                MainActor.assumeIsolated { CallbackData.borrow(data, as: Once.self)?.runNow() }
                return 0  // G_SOURCE_REMOVE: once
            }, CallbackData.retain(self), { data in
                guard let once = CallbackData.take(data, as: Once.self) else { return }
                MainActor.assumeIsolated {
                    once.release?()
                    once.release = nil
                }
            })
        }
    }
}
