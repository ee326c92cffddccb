import Foundation

/// XCTest on Linux cannot call `@MainActor` test methods; tests run on the main thread, so they enter the main
/// actor's isolation explicitly.
func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// The repository root (this file is <repo>/Tests/MayunCoreTests/TestSupport.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

import CSoup
@testable import GiteeKit
import GLibRuntime
@testable import MayunCore
import XCTest

/// Turns the GLib main context (with the dispatch bridge) until `condition` holds; the timeout fails the test.
@MainActor
func waitUntil(_ what: String, timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line,
               _ condition: () -> Bool) {
    MainQueueBridge.install()
    let deadline = g_get_monotonic_time() + Int(timeout * 1e6)
    while !condition() {
        if g_get_monotonic_time() > deadline {
            XCTFail("timed out waiting for \(what)", file: file, line: line)
            return
        }
        if g_main_context_iteration(nil, 0) == 0 { usleep(500) }
    }
}

/// Lets queued main-actor work run (for checks that something did *not* happen).
@MainActor
func drainMainQueue() {
    MainQueueBridge.install()
    for _ in 0..<20 { while g_main_context_iteration(nil, 0) != 0 {} }
}

/// A transport that answers from a table and records requests; unknown URLs get 404.
@MainActor
final class StubTransport: Transport {
    var responses: [String: HTTPResponse] = [:]
    /// When set, every request fails this way (no network).
    var failure: GiteeError?
    private(set) var requests: [HTTPRequest] = []

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        requests.append(request)
        if let failure { throw failure }
        let url = URL(string: request.url)
        let withoutQuery = url?.path ?? ""
        let path = withoutQuery + (url?.query.map { "?" + $0 } ?? "")
        return responses[path] ?? responses[withoutQuery] ?? HTTPResponse(status: 404, body: Data(#"{"message":"404 Not Found"}"#.utf8))
    }
}

@MainActor
func makeServices(transport: StubTransport = StubTransport(), store: OfflineStore? = nil) -> AppServices {
    AppServices(client: GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"), transport: transport),
                store: store)
}
