import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The checks beside each pull request of a list (issue 39): one request per head, a few at a time, each head once;
/// a failed request leaves its row without a state and is asked again when the list next shows it.
final class PullRequestListChecksTests: XCTestCase {
    @MainActor private final class HeldRuns {
        var asked: [String] = []
        var waiting: [String: CheckedContinuation<[CheckRun], Error>] = [:]
        func fetch(_ sha: String) async throws -> [CheckRun] {
            asked.append(sha)
            return try await withCheckedThrowingContinuation { waiting[sha] = $0 }
        }
        func answer(_ sha: String, _ result: Result<[CheckRun], Error>) {
            waiting.removeValue(forKey: sha)?.resume(with: result)
        }
    }

    private static func run(_ conclusion: String?) throws -> CheckRun {
        let status = conclusion == nil ? "in_progress" : "completed"
        return try JSONNodeDecoding.decode(CheckRun.self, from: Data(
            #"{"id": 1, "name": "ci", "status": "\#(status)", "conclusion": \#(conclusion.map { "\"\($0)\"" } ?? "null")}"#.utf8))
    }

    func testHeadsAreAskedOnceAFewAtATimeAndFailuresAreAskedAgain() throws {
        try onMain {
            let held = HeldRuns()
            var changes = 0
            let checks = PullRequestListChecks { try await held.fetch($0) }
            checks.onChanged = { changes += 1 }
            checks.want(["a", "b", "c", "d", "a", ""])
            waitUntil("three are asked") { held.waiting.count == 3 }
            XCTAssertEqual(held.asked, ["a", "b", "c"], "in the rows' order, \(PullRequestListChecks.concurrent) at a time")

            held.answer("a", .success([try Self.run("failure")]))
            waitUntil("d follows a") { held.asked.count == 4 }
            XCTAssertEqual(held.asked.last, "d")
            XCTAssertEqual(checks.state(ofHead: "a"), .failing)
            XCTAssertEqual(changes, 1)

            held.answer("b", .failure(GiteeError.server(status: 502, message: "bad gateway")))
            held.answer("c", .success([]))
            held.answer("d", .success([try Self.run(nil)]))
            // Each answer is taken in by its own task: b's failure may come after d's state.
            waitUntil("all answered") { held.waiting.isEmpty && checks.askingCount == 0 }
            XCTAssertNil(checks.state(ofHead: "b"), "a failed request shows no state")
            XCTAssertNil(checks.state(ofHead: "c"), "no runs: no state")
            XCTAssertEqual(checks.state(ofHead: "d"), .pending)

            checks.want(["a", "b", "c", "d"])
            waitUntil("the failed one is asked again") { held.waiting.count == 1 }
            XCTAssertEqual(held.asked, ["a", "b", "c", "d", "b"], "only the one that failed")
            checks.cancel()
            held.answer("b", .success([try Self.run("success")]))
            drainMainQueue()
            XCTAssertNil(checks.state(ofHead: "b"), "an answer after the list was left is dropped")

            checks.reset()
            checks.want(["a"])
            waitUntil("after a refresh, asked again") { held.asked.count == 6 }
            XCTAssertNil(checks.state(ofHead: "a"), "states are forgotten with the refresh")
        }
    }
}
