import CSoup
import Foundation
@testable import MayunCore
import XCTest

private func storeDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("mayun-store-budget-\(UUID())")
}

/// Issue 22, item 8: the offline store keeps at most its byte budget (least recently used rows go, while running),
/// and a read does not wait for a write, the secure-delete wipe or Clear Cache's VACUUM (the app reads off the main
/// thread; these tests read on it, through `loadBlocking`, to time each read alone).
final class OfflineStoreBudgetTests: XCTestCase {
    func testTheLeastRecentlyUsedRowsGoPastTheBudget() throws {
        try onMain {
            let directory = storeDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try OfflineStore(directory: directory, byteBudget: 100_000)
            let body = String(repeating: "x", count: 20_000)
            for index in 0..<4 { store.save(body, key: "row\(index)") }
            flush(store)
            // Six more rows push the store past its budget while row0 is in use (read before each save).
            for index in 4..<10 {
                XCTAssertNotNil(store.loadBlocking(String.self, key: "row0"))
                store.save(body, key: "row\(index)")
                flush(store)
            }
            let kept = (0..<10).filter { store.loadBlocking(String.self, key: "row\($0)") != nil }
            XCTAssertLessThanOrEqual(kept.count * 20_002, 100_000, "within the budget: \(kept)")
            XCTAssertTrue(kept.contains(0), "the row read recently stays: \(kept)")
            XCTAssertTrue(kept.contains(9), "the newest row stays: \(kept)")
            XCTAssertFalse(kept.contains(1), "the least recently used goes: \(kept)")
        }
    }

    func testTheAppBudgetIsStated() throws {
        onMain { XCTAssertEqual(OfflineStore.defaultByteBudget, 64 * 1_024 * 1_024) }
    }

    func testMainThreadReadsDoNotWaitForWritesTheWipeOrVacuum() throws {
        try onMain {
            let directory = storeDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try OfflineStore(directory: directory)
            store.save("public and small", key: "small")
            store.account = { .login("alice") }
            let big = String(repeating: "private ", count: 25_000)  // 200 KB
            for index in 0..<100 { store.save(big, key: "alice\(index)") }
            flush(store)
            store.account = { .anonymous }
            // The first read opens a reader connection (a few ms, once per process; the app's first screen does it).
            let firstRead = g_get_monotonic_time()
            XCTAssertNotNil(store.loadBlocking(String.self, key: "small"))
            print("first read (opens the reader connection): \(Double(g_get_monotonic_time() - firstRead) / 1000) ms")

            // Writes of 20 MB, then the secure-delete wipe of all of them.
            let writes = longestLoad(store, key: "small") {
                store.account = { .login("alice") }
                for index in 100..<200 { store.save(big, key: "alice\(index)") }
                store.account = { .anonymous }
                store.forgetAccounts()
                await store.flush()
            }
            // Clear Cache: DELETE and VACUUM.
            store.account = { .login("alice") }
            for index in 0..<100 { store.save(big, key: "alice\(index)") }
            store.account = { .anonymous }
            flush(store)
            let vacuum = longestLoad(store, key: "small") { await store.clear() }
            print(String(format: "longest main-thread load: %.1f ms beside 20 MB of writes and the wipe (%d loads, %d "
                         + "preempted), %.1f ms beside Clear Cache's VACUUM (%d loads, %d preempted)",
                         writes.longest * 1000, writes.loads, writes.preempted, vacuum.longest * 1000, vacuum.loads,
                         vacuum.preempted))
            XCTAssertGreaterThan(writes.loads, 1, "loads ran while the writes did")
            // A read that waited would wait for a whole wipe or VACUUM of 20 MB (hundreds of ms); the loads are under
            // 2 ms on an idle machine. 50 ms leaves room for a loaded one (a clean-clone `make test` saw 8.9 ms once,
            // with the e2e release build beside XCTest) without letting such a wait through.
            XCTAssertLessThan(writes.longest, 0.05)
            XCTAssertLessThan(vacuum.longest, 0.05)
        }
    }
}

@MainActor
private func flush(_ store: OfflineStore) {
    runUntilDone("the store's writes land") { await store.flush() }
}

/// Loads (`loadBlocking`, on the main actor) while `work` runs in the background: the longest one that the scheduler did not
/// interrupt (on 2 cores shared with builds the main thread is preempted now and then for several ms: that is not
/// waiting for the store; a wait for SQLite's lock would be a voluntary switch, which is counted in).
@MainActor
private func longestLoad(_ store: OfflineStore, key: String, while work: @escaping @MainActor () async -> Void)
    -> (longest: Double, loads: Int, preempted: Int)
{
    var done = false
    Task { @MainActor in
        await work()
        done = true
    }
    var longest = 0.0, loads = 0, preempted = 0
    let deadline = g_get_monotonic_time() + 30_000_000
    while !done, g_get_monotonic_time() < deadline {
        let switchesBefore = involuntarySwitches()
        let start = g_get_monotonic_time()
        _ = store.loadBlocking(String.self, key: key)
        let took = Double(g_get_monotonic_time() - start) / 1e6
        if involuntarySwitches() != switchesBefore {
            preempted += 1
        } else {
            longest = max(longest, took)
            loads += 1
        }
        g_main_context_iteration(nil, 0)
        usleep(200)
    }
    XCTAssertTrue(done, "the background work finished")
    return (longest, loads, preempted)
}

/// This thread's involuntary context switches so far (the scheduler took the core away).
private func involuntarySwitches() -> Int {
    var usage = rusage()
    getrusage(1, &usage)  // RUSAGE_THREAD
    return usage.ru_nivcsw
}
