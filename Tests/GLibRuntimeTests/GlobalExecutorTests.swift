import Foundation
import GLibRuntime
import XCTest

/// Swift's global executor on GLib threads (GlobalExecutor): tasks run there, so the app never starts libdispatch's
/// workers (bench/wakeups.py measures what that saves). Installing it here moves every later test in this process
/// onto it too, as in the app.
final class GlobalExecutorTests: XCTestCase {
    override func setUp() {
        super.setUp()
        GlobalExecutor.install()
    }

    func testDetachedTasksRunOnItsWorkersAndReturnTheirResults() async {
        XCTAssertTrue(GlobalExecutor.isInstalled)
        let before = GlobalExecutor.jobsRun
        let sum = await withTaskGroup(of: Int.self) { group in
            for value in 1...200 { group.addTask { value * 2 } }
            return await group.reduce(0, +)
        }
        XCTAssertEqual(sum, 200 * 201)
        XCTAssertGreaterThanOrEqual(GlobalExecutor.jobsRun - before, 200, "each child task ran as a job of its own")
    }

    /// A few tasks that block briefly (a SQLite write, a file read) must not stop the others: with one worker this
    /// would wait forever, so the pool must have several.
    func testBlockedTasksLeaveWorkersForOthers() async {
        XCTAssertGreaterThanOrEqual(GlobalExecutor.defaultThreads, 4)
        let gate = DispatchSemaphore(value: 0)
        let blocked = (0..<3).map { _ in Task.detached { gate.wait() } }
        let opener = Task.detached { for _ in 0..<3 { gate.signal() } }
        await opener.value
        for task in blocked { await task.value }
    }
}

final class SerialWorkQueueTests: XCTestCase {
    func testItemsRunOneAtATimeInTheOrderQueued() {
        let queue = SerialWorkQueue()
        nonisolated(unsafe) var seen: [Int] = []
        nonisolated(unsafe) var running = 0
        nonisolated(unsafe) var overlapped = false
        for index in 0..<500 {
            queue.async {
                running += 1
                if running > 1 { overlapped = true }
                seen.append(index)
                running -= 1
            }
        }
        queue.sync {}
        XCTAssertEqual(seen, Array(0..<500))
        XCTAssertFalse(overlapped)
    }

    func testSyncWaitsForWhatWasQueuedBefore() {
        let queue = SerialWorkQueue()
        nonisolated(unsafe) var value = 0
        queue.async { value = 1 }
        queue.async { value = 2 }
        var read = -1
        queue.sync { read = value }
        XCTAssertEqual(read, 2)
    }
}
