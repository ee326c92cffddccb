import Foundation
import Synchronization
@testable import GiteeKit
@testable import MayunCore
import XCTest

private func makeDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("mayun-store-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
}

final class OfflineStoreTests: XCTestCase {
    func testValuesRoundTripInTheAPIShape() throws {
        try onMain {
            let directory = makeDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let sample = try Data(contentsOf: repositoryRoot.deletingLastPathComponent()
                .appendingPathComponent("shared/gitee/samples/repos.json"))
            let projects = try JSONDecoder().decode([Project].self, from: sample)
            let store = try OfflineStore(directory: directory)
            store.save(projects, key: "list:x")
            waitUntil("saved") { store.loadBlocking([Project].self, key: "list:x") != nil }
            XCTAssertEqual(store.loadBlocking([Project].self, key: "list:x")?.value, projects)
            // A second store over the same file (a restart) reads the same.
            XCTAssertEqual(try OfflineStore(directory: directory).loadBlocking([Project].self, key: "list:x")?.value, projects)
        }
    }

    func testADamagedDatabaseIsSetAsideAndRebuilt() throws {
        try onMain {
            let directory = makeDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(repeating: 0x5a, count: 64 * 1024).write(to: directory.appendingPathComponent("store.sqlite"))
            let store = try OfflineStore(directory: directory)
            XCTAssertTrue(store.recoveredFromDamage)
            store.save("works", key: "k")
            waitUntil("saved") { store.loadBlocking(String.self, key: "k")?.value == "works" }
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            XCTAssertTrue(files.contains { $0.hasPrefix("store.sqlite.damaged-") }, "the old file is kept aside: \(files)")
        }
    }

    /// The app's start-up opens the file on a background thread; reads and writes wait for it.
    func testABackgroundOpenReadsWhatWasSavedAndRecoversADamagedFile() throws {
        try onMain {
            let directory = makeDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let first = try OfflineStore(directory: directory)
            first.save(["a", "b"], key: "list:x")
            waitUntil("saved") { first.loadBlocking([String].self, key: "list:x") != nil }
            let reopened = try OfflineStore(directory: directory, openInBackground: true)
            XCTAssertEqual(reopened.loadBlocking([String].self, key: "list:x")?.value, ["a", "b"])
            XCTAssertFalse(reopened.recoveredFromDamage)

            let damaged = makeDirectory()
            defer { try? FileManager.default.removeItem(at: damaged) }
            try FileManager.default.createDirectory(at: damaged, withIntermediateDirectories: true)
            try Data(repeating: 0x5a, count: 64 * 1024).write(to: damaged.appendingPathComponent("store.sqlite"))
            let rebuilt = try OfflineStore(directory: damaged, openInBackground: true)
            rebuilt.save("works", key: "k")
            waitUntil("saved") { rebuilt.loadBlocking(String.self, key: "k")?.value == "works" }
            XCTAssertTrue(rebuilt.recoveredFromDamage)
        }
    }

    func testClearEmptiesTheStoreAndReportsTheSize() throws {
        try onMain {
            let directory = makeDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try OfflineStore(directory: directory)
            store.save(String(repeating: "x", count: 200_000), key: "big")
            waitUntil("saved") { store.loadBlocking(String.self, key: "big") != nil }
            let maintenance = CacheMaintenance(directory: directory, store: store)
            var before: Int64 = 0, after: Int64 = -1
            Task { before = await maintenance.size(); await maintenance.clear(); after = await maintenance.size() }
            waitUntil("cleared") { after >= 0 }
            XCTAssertGreaterThan(before, 200_000)
            XCTAssertLessThan(after, before)
            XCTAssertNil(store.loadBlocking(String.self, key: "big"))
        }
    }

    /// A saved copy is read and decoded on a background thread, not on the main one (a README's is up to 1 MB), and
    /// the account's own copy is still preferred when newer.
    func testLoadReadsAndDecodesOffTheMainThread() throws {
        try onMain {
            let rows = ThreadRecordingRows()
            let store = OfflineStore(rows: rows, fileURL: URL(fileURLWithPath: "/nonexistent"))
            store.account = { .login("alice") }
            let loaded = awaited("the saved copy") { await store.load(ThreadRecordingValue.self, key: "k") }
            XCTAssertEqual(loaded?.value.text, "alice's")
            XCTAssertEqual(rows.readKeys, ["k", "alice\u{1F}k"], "the public and the account's own row are asked")
            XCTAssertEqual(rows.readOnMain, [false], "the row is read off the main thread")
            XCTAssertEqual(ThreadRecordingValue.decodedOnMain.withLock { $0 }, [false], "and decoded off it")
        }
    }
}

/// Rows that answer one read and record the thread it came on.
private final class ThreadRecordingRows: OfflineRows, @unchecked Sendable {
    private let lock = NSLock()
    private var reads: [(keys: [String], onMain: Bool)] = []
    var readKeys: [String] { lock.withLock { reads.last?.keys ?? [] } }
    var readOnMain: [Bool] { lock.withLock { reads.map(\.onMain) } }
    let recoveredFromDamage = false

    func newest(ofKeys keys: [String], visibleTo login: String) -> OfflineRow? {
        lock.withLock { reads.append((keys, Thread.isMainThread)) }
        return OfflineRow(key: keys[1], body: Data(#""alice's""#.utf8), fetchedAt: 1)
    }
    func markUsed(key: String, at time: Double) {}
    func put(_ row: OfflineRow, owner: String, usedAt: Double, budget: Int) {}
    func deleteOwned(by owner: String?) {}
    func reassign(from oldOwner: String, to newOwner: String) {}
    func deleteKeys(withPrefix prefix: String) {}
    func deleteAll() {}
}

/// A string that records whether it was decoded on the main thread.
private struct ThreadRecordingValue: Decodable, Sendable {
    static let decodedOnMain = Mutex<[Bool]>([])
    let text: String

    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
        Self.decodedOnMain.withLock { $0.append(Thread.isMainThread) }
    }
}
