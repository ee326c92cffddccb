import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Each of FakeGitee's fault modes reaches the app as the right `GiteeError`.
final class FaultTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Fake.reset() }
    }


    func testStatusCodesMapToErrors() {
        onMainLoop {
            let (owner, repo) = someProject()
            let client = Fake.client(retry: .none)
            let cases: [(Int, GiteeError)] = [
                (401, .unauthorized("Injected error 401")), (403, .forbidden("Injected error 403")),
                (404, .notFound("Injected error 404")), (422, .validation("Injected error 422")),
                (500, .server(status: 500, message: "Internal Server Error (injected)")),
                (502, .server(status: 502, message: "Internal Server Error (injected)")),
                (503, .server(status: 503, message: "Internal Server Error (injected)")),
            ]
            for (status, expected) in cases {
                Fake.server.addFault(Fault(kind: .status, path: projectPattern, status: status, count: 1))
                await assertThrows(expected) { try await client.send(Endpoints.project(owner: owner, repo: repo)) }
            }
            // The fault was used up: the next call works.
            _ = try await client.send(Endpoints.project(owner: owner, repo: repo))
        }
    }

    func testRateLimitCarriesResetTime() {
        onMainLoop {
            let (owner, repo) = someProject()
            Fake.server.addFault(Fault(kind: .status, path: projectPattern, status: 429, retryAfter: 60, count: 1))
            do {
                _ = try await Fake.client().send(Endpoints.project(owner: owner, repo: repo))
                XCTFail("expected a rate limit")
            } catch GiteeError.rateLimited(let resetAt) {
                XCTAssertEqual(resetAt?.timeIntervalSinceNow ?? 0, 60, accuracy: 3, "Retry-After beyond the wait limit is reported, not waited for")
            }
        }
    }

    func testRetriesHonourRetryAfterThenSucceed() {
        onMainLoop {
            let (owner, repo) = someProject()
            Fake.server.addFault(Fault(kind: .status, path: projectPattern, status: 429, retryAfter: 1, count: 1))
            Fake.server.addFault(Fault(kind: .status, path: projectPattern, status: 503, count: 1))
            let started = Date()
            let project = try await Fake.client().send(Endpoints.project(owner: owner, repo: repo))
            XCTAssertEqual(project.repoPath, repo)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.9, "waited the Retry-After second")
            XCTAssertEqual(Fake.server.requestLog.map(\.status), [429, 503, 200])
        }
    }

    func testPostIsNeverRetried() {
        onMainLoop {
            let (owner, repo) = someProject()
            Fake.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/issues", method: "POST", status: 500, count: 1))
            let client = Fake.client(credential: Fake.demoToken)
            let before = try await client.page(Endpoints.issues(owner: owner, repo: repo, state: .all, perPage: 100)).items.count
            await assertThrows(.server(status: 500, message: "Internal Server Error (injected)")) {
                try await client.send(Endpoints.createIssue(owner: owner, repo: repo, title: "must not exist", body: nil))
            }
            let after = try await client.page(Endpoints.issues(owner: owner, repo: repo, state: .all, perPage: 100)).items.count
            XCTAssertEqual(after, before, "a failed create creates nothing")
            XCTAssertEqual(Fake.server.requestLog.filter { $0.method == "POST" }.count, 1)
            _ = try await client.send(Endpoints.createIssue(owner: owner, repo: repo, title: "second try works", body: nil))
        }
    }

    func testHTMLFirewallPage() {
        onMainLoop {
            let (owner, repo) = someProject()
            Fake.server.addFault(Fault(kind: .html, path: projectPattern, count: 1))
            await assertThrows(.badResponse(.htmlPage)) { try await Fake.client().send(Endpoints.project(owner: owner, repo: repo)) }
            Fake.server.addFault(Fault(kind: .html, path: projectPattern, status: 403, count: 1))
            await assertThrows(.badResponse(.htmlPage)) { try await Fake.client().send(Endpoints.project(owner: owner, repo: repo)) }
        }
    }

    func testMalformedJSON() {
        onMainLoop {
            Fake.server.addFault(Fault(kind: .malformedJSON, path: "/api/v5/search/**", count: 1))
            do {
                _ = try await Fake.client().page(Endpoints.search("a"))
                XCTFail("expected bad response")
            } catch GiteeError.badResponse(.malformedJSON) {}
        }
    }

    func testTruncatedBody() {
        onMainLoop {
            Fake.server.addFault(Fault(kind: .truncated, path: "/api/v5/search/**", count: 1))
            await assertThrows(.badResponse(.truncated)) { try await Fake.client(retry: .none).page(Endpoints.search("a", perPage: 100)) }
        }
    }

    func testConnectionReset() {
        onMainLoop {
            Fake.server.addFault(Fault(kind: .reset, path: "/api/v3/**", count: 1))
            do {
                _ = try await Fake.client(retry: .none).page(Endpoints.popular())
                XCTFail("expected a failure")
            } catch GiteeError.unreachable {}
        }
    }

    func testNoAnswerTimesOut() {
        onMainLoop {
            Fake.server.addFault(Fault(kind: .noAnswer, path: "/api/v3/**", count: 1))
            let started = Date()
            await assertThrows(.timeout) { try await Fake.client(timeout: 1, retry: .none).page(Endpoints.popular()) }
            XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        }
    }

    func testSlowDripStillArrivesWhole() {
        onMainLoop {
            Fake.server.addFault(Fault(kind: .slow, path: "/api/v3/**", delayMs: 20, count: 1))
            let page = try await Fake.client().page(Endpoints.popular(perPage: 30))
            XCTAssertEqual(page.items.count, 30)
        }
    }

    /// A fault that only holds the answer back logs the answer's real status (a created issue is 201, not 200).
    func testAHeldBackAnswerIsLoggedWithItsRealStatus() {
        onMainLoop {
            let (owner, repo) = someProject()
            Fake.server.clearLog()
            Fake.server.addFault(Fault(kind: .slow, path: "/api/v5/repos/*/issues", method: "POST", delayMs: 5, count: 1))
            Fake.server.addFault(Fault(kind: .latency, path: "/api/v5/repos/*/issues", method: "POST", delayMs: 5,
                                       count: 1))
            let client = Fake.client(credential: Fake.demoToken)
            for title in ["held back by a drip", "held back by latency"] {
                _ = try await client.send(Endpoints.createIssue(owner: owner, repo: repo, title: title, body: nil))
            }
            let posts = Fake.server.requestLog.filter { $0.method == "POST" }
            XCTAssertEqual(posts.map(\.status), [201, 201])
        }
    }

    func testLatencyDelaysTheAnswer() {
        onMainLoop {
            Fake.server.latencyMs = 150
            let started = Date()
            _ = try await Fake.client().page(Endpoints.latest())
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.14)
        }
    }

    func testCancellationIsNotAnError() {
        onMainLoop {
            Fake.server.addFault(Fault(kind: .latency, path: "/api/v3/**", delayMs: 2_000, count: 1))
            let client = Fake.client()
            let task = Task { @MainActor in try await client.page(Endpoints.popular()) }
            task.cancel()
            do {
                _ = try await task.value
                XCTFail("expected cancellation")
            } catch let error as GiteeError {
                XCTAssertEqual(error, .cancelled)
                XCTAssertFalse(error.isShown)
            }
        }
    }

    /// The app proves "leaving a page stops its request" against FakeGitee's log: a cancelled request whose answer
    /// was held back is logged `aborted` (the client closed the connection), an answered one is not.
    func testACancelledHeldRequestIsLoggedAborted() {
        onMainLoop {
            Fake.server.addFault(Fault(kind: .latency, path: "/api/v3/**", delayMs: 10_000, count: 1))
            // A timeout longer than the test's patience: only the cancel can close the connection.
            let client = Fake.client(timeout: 60)
            let task = Task { @MainActor in try await client.page(Endpoints.popular()) }
            try await until("the request reaches the server") { !Fake.server.requestLog.isEmpty }
            XCTAssertFalse(Fake.server.requestLog[0].aborted, "held, not yet given up")
            task.cancel()
            try await until("the server sees the connection closed", seconds: 5) { Fake.server.requestLog[0].aborted }
            XCTAssertEqual(Fake.server.requestLog.count, 1, "nothing was asked again")

            Fake.server.clearLog()
            Fake.server.latencyMs = 20
            _ = try await client.page(Endpoints.popular())
            XCTAssertEqual(Fake.server.requestLog.map(\.aborted), [false], "an answered request is not aborted")
        }
    }

    func testUnreachableServer() {
        onMainLoop {
            let configuration = GiteeConfiguration(server: "http://127.0.0.1:1", retry: .none)
            do {
                _ = try await GiteeClient(configuration: configuration).send(Endpoints.languages())
                XCTFail("expected a failure")
            } catch let failure as GiteeError {
                // A refused connection never reached the server (a write may wait in the outbox, never settled).
                XCTAssertTrue(failure.neverReachedServer, "\(failure)")
                XCTAssertFalse(failure.leavesOutcomeUnknown, "\(failure)")
            }
        }
    }
}

private let projectPattern = "/api/v5/repos/*/*"

/// Polls `condition` on the main loop (which serves FakeGitee) until it holds, failing after `seconds`.
@MainActor private func until(_ what: String, seconds: Double = 8, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { throw TimedOut(what) }
        try await Task.sleep(for: .milliseconds(5))
    }
}

private struct TimedOut: Error, CustomStringConvertible {
    let what: String
    init(_ what: String) { self.what = what }
    var description: String { "timed out waiting until \(what)" }
}

@MainActor private func someProject() -> (String, String) {
    let project = Fake.server.world.projects[10]
    return (Fake.server.world.owner(of: project).login, project.path)
}
