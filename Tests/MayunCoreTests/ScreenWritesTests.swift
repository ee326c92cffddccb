@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The one write path, without a network: optimistic value, settle, roll back and say why, one write per key,
/// follow-ups dropped after the page is left, and the fence that keeps a stale load from undoing a write.
final class ScreenWritesTests: XCTestCase {
    /// A request the test answers when it wants.
    @MainActor private final class Gate {
        private var continuation: CheckedContinuation<Int, Error>?
        var isWaiting: Bool { continuation != nil }
        func wait() async throws -> Int { try await withCheckedThrowingContinuation { continuation = $0 } }
        func answer(_ value: Int) { continuation?.resume(returning: value); continuation = nil }
        func fail(_ error: GiteeError) { continuation?.resume(throwing: error); continuation = nil }
    }

    func testAWriteShowsAtOnceAndSettlesFromTheAnswer() throws {
        onMain {
            var reported: [String] = []
            let writes = ScreenWrites { reported.append($0) }
            let gate = Gate()
            var shown = 1
            writes.send(failure: "Could not: %@", apply: { shown = 2 }, request: { try await gate.wait() },
                        settle: { shown = $0 }, rollBack: { _ in shown = 1 })
            XCTAssertEqual(shown, 2, "the optimistic value shows before any answer")
            XCTAssertTrue(writes.isWriting)
            waitUntil("the request is waiting") { gate.isWaiting }
            gate.answer(3)
            waitUntil("the write settles") { !writes.isWriting }
            XCTAssertEqual(shown, 3, "the server's answer is what stays")
            XCTAssertEqual(reported, [])
        }
    }

    func testAFailedWriteRollsBackAndSaysWhy() throws {
        onMain {
            var reported: [String] = []
            let writes = ScreenWrites { reported.append($0) }
            let gate = Gate()
            var shown = 1
            writes.send(failure: "Could not: %@", apply: { shown = 2 }, request: { try await gate.wait() },
                        settle: { shown = $0 }, rollBack: { _ in shown = 1 })
            waitUntil("the request is waiting") { gate.isWaiting }
            gate.fail(.forbidden("No permission"))
            waitUntil("the write settles") { !writes.isWriting }
            XCTAssertEqual(shown, 1)
            XCTAssertEqual(reported.count, 1)
            XCTAssertEqual(reported.first?.hasPrefix("Could not: "), true)
            XCTAssertEqual(reported.first?.contains("No permission"), true, reported.first ?? "")
        }
    }

    func testASecondWriteToTheSameThingWaitsForTheFirst() throws {
        onMain {
            let writes = ScreenWrites()
            let gate = Gate()
            var sent = 0
            let first = writes.send(key: "star", failure: "%@", request: { sent += 1; return try await gate.wait() })
            let second = writes.send(key: "star", failure: "%@", request: { sent += 1; return 0 })
            XCTAssertNotNil(first)
            XCTAssertNil(second, "a double click is one write")
            XCTAssertTrue(writes.isPending("star"))
            XCTAssertFalse(writes.isPending("watch"))
            waitUntil("the request is waiting") { gate.isWaiting }
            gate.answer(1)
            waitUntil("the write settles") { !writes.isPending("star") }
            XCTAssertEqual(sent, 1)
        }
    }

    func testLeavingThePageDropsTheFollowUpButStillSaysWhyAWriteFailed() throws {
        onMain {
            var reported: [String] = []
            let writes = ScreenWrites { reported.append($0) }
            let settled = Gate(), refused = Gate()
            var followUps: [String] = []
            writes.send(failure: "%@", request: { try await settled.wait() }, settle: { _ in followUps.append("settle") })
            writes.send(failure: "Could not: %@", request: { try await refused.wait() },
                        rollBack: { _ in followUps.append("rollBack") })
            waitUntil("both requests are waiting") { settled.isWaiting && refused.isWaiting }
            writes.leave()
            settled.answer(1)
            refused.fail(.server(status: 500, message: nil))
            waitUntil("both writes end") { !writes.isWriting }
            XCTAssertEqual(followUps, [], "nothing follows a write on a page that has gone")
            XCTAssertEqual(reported.count, 1, "the refusal is still told")
        }
    }

    func testALoadThatBeganBeforeAWriteSettledIsMarkedStale() throws {
        onMain {
            let writes = ScreenWrites()
            let beforeAnyWrite = writes.mark()
            XCTAssertFalse(writes.mayBeStale(since: beforeAnyWrite))
            let gate = Gate()
            writes.send(failure: "%@", request: { try await gate.wait() })
            XCTAssertTrue(writes.mayBeStale(since: beforeAnyWrite))
            let duringTheWrite = writes.mark()
            XCTAssertTrue(writes.mayBeStale(since: duringTheWrite), "a load answered while a write waits may predate it")
            waitUntil("the request is waiting") { gate.isWaiting }
            gate.answer(1)
            waitUntil("the write settles") { !writes.isWriting }
            XCTAssertTrue(writes.mayBeStale(since: beforeAnyWrite), "a load begun before the write may still be older")
            XCTAssertFalse(writes.mayBeStale(since: writes.mark()), "a load begun after it settled is not")
        }
    }

    func testAResourceLaysTheWrittenFieldsOverAnOlderAnswer() throws {
        onMain {
            let writes = ScreenWrites()
            let load = Gate(), write = Gate()
            var written: Int?
            let resource = RemoteResource<Int>(fetch: { try await load.wait() })
            resource.writes = writes
            resource.keepWritten = { fresh in written ?? fresh }
            resource.refresh()
            waitUntil("the load is waiting") { load.isWaiting }
            writes.send(failure: "%@", apply: { written = 7 }, request: { try await write.wait() })
            load.answer(1)  // read before the write reached the server
            waitUntil("the load ends") { resource.value != nil }
            XCTAssertEqual(resource.value, 7, "the old value never comes back while the write waits")
            write.answer(0)
            waitUntil("the write settles") { !writes.isWriting }
            written = nil
            resource.refresh()
            waitUntil("the next load is waiting") { load.isWaiting }
            load.answer(9)
            waitUntil("the next load ends") { resource.value == 9 }
        }
    }
}
