import CSoup
import GLibRuntime
import XCTest

/// The one timer: runs until its closure says stop, stops when cancelled or dropped, and frees its closure then.
final class MainLoopSourceTests: XCTestCase {
    func testRunsUntilTheClosureReturnsFalseThenReleasesIt() {
        onMain {
            let runner = MainLoopRunner()
            weak var capturedWitness: NSObject?
            var ticks = 0
            var source: MainLoopSource?
            do {
                let witness = NSObject()
                capturedWitness = witness
                source = MainLoopSource(milliseconds: 1, priority: G_PRIORITY_DEFAULT) {
                    _ = witness
                    ticks += 1
                    if ticks == 3 { runner.quit() }
                    return ticks < 3
                }
            }
            runner.run(timeout: 10)
            XCTAssertEqual(ticks, 3)
            XCTAssertEqual(source?.isRunning, false, "returning false removed the source")
            XCTAssertNil(capturedWitness, "GLib dropped its retain of the closure when the source went")
        }
    }

    func testDroppingTheSourceStopsIt() {
        onMain {
            var ran = false
            var source: MainLoopSource? = MainLoopSource(milliseconds: 0) { ran = true; return true }
            XCTAssertEqual(source?.isRunning, true)
            source = nil
            for _ in 0..<50 { g_main_context_iteration(nil, 0) }
            XCTAssertFalse(ran, "a dropped source never runs")
        }
    }

    func testCancellingFromInsideItsOwnCallbackIsSafe() {
        onMain {
            let runner = MainLoopRunner()
            var runs = 0
            var source: MainLoopSource?
            source = MainLoopSource(milliseconds: 0) {
                runs += 1
                source?.cancel()
                source = nil
                runner.quit()
                return false
            }
            runner.run(timeout: 10)
            for _ in 0..<50 { g_main_context_iteration(nil, 0) }
            XCTAssertEqual(runs, 1)
        }
    }
}
