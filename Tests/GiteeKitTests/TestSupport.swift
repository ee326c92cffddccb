import CSoup
import FakeGitee
import Foundation
import GLibRuntime
// StubTransport and the other helpers every test target shares, for every file of this target.
@_exported import TestSupport
import XCTest
@testable import GiteeKit

/// What a main-loop test run ended with.
@MainActor
private final class LoopOutcome {
    var error: Error?
    var finished = false
}

/// Runs `body` as a main-actor task while spinning a GLib main loop on this (the main) thread, the way the app runs.
/// A timeout fails the test instead of hanging it. XCTest calls tests on the main thread, hence `assumeIsolated`.
func onMainLoop(timeout: Double = 30, file: StaticString = #filePath, line: UInt = #line,
                _ body: @escaping @MainActor () async throws -> Void) {
    MainActor.assumeIsolated {
        MainQueueBridge.install()
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        let outcome = LoopOutcome()
        let task = Task { @MainActor in
            do { try await body() } catch { outcome.error = error }
            outcome.finished = true
            g_main_loop_quit(loop)
        }
        let timer = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(timeout * 1000), { loop in
            g_main_loop_quit(OpaquePointer(loop))
            return 0
        }, UnsafeMutableRawPointer(loop), nil)
        g_main_loop_run(loop)
        if outcome.finished {
            g_source_remove(timer)
        } else {
            task.cancel()
            XCTFail("timed out after \(timeout) s", file: file, line: line)
        }
        if let error = outcome.error { XCTFail("threw \(error)", file: file, line: line) }
    }
}

/// One FakeGitee for the whole test run (the 5,000-project world is generated once), reset between tests.
@MainActor
enum Fake {
    static let server = FakeGiteeServer.startedForTests {
        $0.accounts = AccountsFixture(accounts: [.demo, FakeAccount(login: "tester", email: "tester@mayun.test", password: "secret-pass")])
    }

    /// A fresh state of the controls: no faults, no latency, an empty log.
    static func reset() {
        server.clearFaults()
        server.clearLog()
        server.latencyMs = 0
        server.tokenLifetime = 86_400
        server.setStrict(true)
        server.v3Behaviour = .ok
        server.sendsCacheHeaders = false
        server.expiredTokenStatus = 401
    }

    static let oauthClient = OAuthClient(id: "mayun-tests", secret: "not-a-secret")

    /// A client against the fake with quick retries and a short timeout (so the no-answer fault is quick to test).
    static func client(credential: GiteeAuth.Credential? = nil, timeout: TimeInterval = 3,
                       retry: RetryPolicy = RetryPolicy(maxRetries: 2, baseDelay: 0.01, maxDelay: 0.05, maxRetryAfter: 3),
                       cacheDirectory: String? = nil) -> GiteeClient {
        let configuration = GiteeConfiguration(server: server.baseURL, appVersion: "test", cacheDirectory: cacheDirectory,
                                               timeout: timeout, retry: retry, oauthClient: oauthClient)
        return GiteeClient(configuration: configuration, auth: GiteeAuth(credential: credential))
    }

    static let demoToken = GiteeAuth.Credential.personalToken("mayun-demo-token")
}

/// Asserts that `body` throws exactly `expected`.
@MainActor
func assertThrows<T>(_ expected: GiteeError, file: StaticString = #filePath, line: UInt = #line,
                     _ body: () async throws -> T) async {
    do {
        let value = try await body()
        XCTFail("expected \(expected), got \(value)", file: file, line: line)
    } catch let error as GiteeError {
        XCTAssertEqual(error, expected, file: file, line: line)
    } catch {
        XCTFail("expected \(expected), got non-Gitee error \(error)", file: file, line: line)
    }
}

/// Where the real recorded responses live (`../shared/gitee/samples` next to the repository), or
/// `MAYUN_GITEE_SAMPLES`.
enum Samples {
    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["MAYUN_GITEE_SAMPLES"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/gitee/samples")
    }

    static func data(_ name: String) throws -> Data {
        let url = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw XCTSkip("sample \(name) not found at \(url.path)")
        }
        return data
    }

    static var specURL: URL { directory.deletingLastPathComponent().appendingPathComponent("spec/gitee-openapi-v5.4.86.oas3.json") }
}
