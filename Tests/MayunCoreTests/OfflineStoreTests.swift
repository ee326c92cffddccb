import Foundation
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
            waitUntil("saved") { store.load([Project].self, key: "list:x") != nil }
            XCTAssertEqual(store.load([Project].self, key: "list:x")?.value, projects)
            // A second store over the same file (a restart) reads the same.
            XCTAssertEqual(try OfflineStore(directory: directory).load([Project].self, key: "list:x")?.value, projects)
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
            waitUntil("saved") { store.load(String.self, key: "k")?.value == "works" }
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
            waitUntil("saved") { first.load([String].self, key: "list:x") != nil }
            let reopened = try OfflineStore(directory: directory, openInBackground: true)
            XCTAssertEqual(reopened.load([String].self, key: "list:x")?.value, ["a", "b"])
            XCTAssertFalse(reopened.recoveredFromDamage)

            let damaged = makeDirectory()
            defer { try? FileManager.default.removeItem(at: damaged) }
            try FileManager.default.createDirectory(at: damaged, withIntermediateDirectories: true)
            try Data(repeating: 0x5a, count: 64 * 1024).write(to: damaged.appendingPathComponent("store.sqlite"))
            let rebuilt = try OfflineStore(directory: damaged, openInBackground: true)
            rebuilt.save("works", key: "k")
            waitUntil("saved") { rebuilt.load(String.self, key: "k")?.value == "works" }
            XCTAssertTrue(rebuilt.recoveredFromDamage)
        }
    }

    func testClearEmptiesTheStoreAndReportsTheSize() throws {
        try onMain {
            let directory = makeDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try OfflineStore(directory: directory)
            store.save(String(repeating: "x", count: 200_000), key: "big")
            waitUntil("saved") { store.load(String.self, key: "big") != nil }
            let maintenance = CacheMaintenance(directory: directory, store: store)
            var before: Int64 = 0, after: Int64 = -1
            Task { before = await maintenance.size(); await maintenance.clear(); after = await maintenance.size() }
            waitUntil("cleared") { after >= 0 }
            XCTAssertGreaterThan(before, 200_000)
            XCTAssertLessThan(after, before)
            XCTAssertNil(store.load(String.self, key: "big"))
        }
    }
}
