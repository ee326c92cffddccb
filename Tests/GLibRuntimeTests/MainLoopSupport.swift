import CSoup
import GLibRuntime
// onMain and the other helpers every test target shares, for every file of this target.
@_exported import TestSupport
import XCTest

/// Runs a GLib main loop (with the dispatch bridge installed) until `quit` is called or `timeout` passes.
/// The timeout fails the test instead of hanging it; it is a guard, not a way to wait.
@MainActor
final class MainLoopRunner {
    private let loop = g_main_loop_new(nil, 0)!
    private(set) var timedOut = false

    init() { MainQueueBridge.install() }
    isolated deinit { g_main_loop_unref(loop) }

    func quit() { g_main_loop_quit(loop) }

    func run(timeout seconds: UInt32 = 30, file: StaticString = #filePath, line: UInt = #line) {
        let guardData = Unmanaged.passRetained(self).toOpaque()
        let guardID = g_timeout_add_seconds_full(G_PRIORITY_DEFAULT, seconds, { data in
            let runner = Unmanaged<MainLoopRunner>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                runner.timedOut = true
                runner.quit()
            }
            return 0
        }, guardData, { data in Unmanaged<MainLoopRunner>.fromOpaque(data!).release() })
        g_main_loop_run(loop)
        if !timedOut { g_source_remove(guardID) }
        XCTAssertFalse(timedOut, "the main loop did not finish within \(seconds) s", file: file, line: line)
    }
}
