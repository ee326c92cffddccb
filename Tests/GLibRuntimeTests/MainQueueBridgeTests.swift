import CSoup
import Dispatch
import GLibRuntime
import XCTest

@MainActor
private final class HopCounter {
    var value = 0
    let target: Int
    let onTarget: () -> Void
    init(target: Int, onTarget: @escaping () -> Void) {
        self.target = target
        self.onTarget = onTarget
    }
    func increment() {
        value += 1
        if value == target { onTarget() }
    }
}

final class MainQueueBridgeTests: XCTestCase {
    /// Without the bridge, nothing hopping to the main actor would run while g_main_loop_run owns the thread.
    func testHundredThousandMainActorHopsFromManyTasksAllArrive() {
        onMain {
            let runner = MainLoopRunner()
            let tasks = 100, hopsPerTask = 1_000
            let counter = HopCounter(target: tasks * hopsPerTask) { runner.quit() }
            for _ in 0..<tasks {
                Task.detached {
                    for _ in 0..<hopsPerTask { await counter.increment() }
                }
            }
            let started = g_get_monotonic_time()
            runner.run(timeout: 60)
            let seconds = Double(g_get_monotonic_time() - started) / 1e6
            XCTAssertEqual(counter.value, tasks * hopsPerTask)
            print("main-actor hops: \(counter.value) in \(String(format: "%.3f", seconds)) s")
        }
    }

    func testDispatchMainAsyncRunsUnderGLibLoop() {
        onMain {
            let runner = MainLoopRunner()
            var order: [Int] = []
            for index in 0..<100 {
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        order.append(index)
                        if order.count == 100 { runner.quit() }
                    }
                }
            }
            runner.run(timeout: 10)
            XCTAssertEqual(order, Array(0..<100), "main-queue blocks run once each, in order")
        }
    }

    /// An idle loop must sleep in poll(): the eventfd is watched, nothing polls on a timer.
    func testIdleLoopUsesNoCPU() {
        onMain {
            let runner = MainLoopRunner()
            // Let any work queued by earlier tests drain before measuring.
            g_main_context_iteration(nil, 0)
            let before = threadCPUTime()
            let idleSeconds: UInt32 = 1
            let data = Unmanaged.passUnretained(runner).toOpaque()
            g_timeout_add_seconds(idleSeconds, { data in
                MainActor.assumeIsolated { Unmanaged<MainLoopRunner>.fromOpaque(data!).takeUnretainedValue().quit() }
                return 0
            }, data)
            runner.run(timeout: 10)
            let used = threadCPUTime() - before
            print("idle main loop: \(String(format: "%.2f", used * 1000)) ms CPU over \(idleSeconds) s")
            XCTAssertLessThan(used, 0.010, "an idle main loop should not burn CPU (used \(used) s)")
        }
    }

}

private func threadCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
