import CSoup
import Foundation
import GLibRuntime
import XCTest

// What every test target needs to drive main-actor code from XCTest on Linux. Each test target re-exports this
// module from one file (`@_exported import TestSupport`), so its tests use these without importing anything.

/// XCTest on Linux cannot call `@MainActor` test methods; tests run on the main thread, so they enter the main
/// actor's isolation explicitly.
public func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// Turns the GLib main context (with the dispatch bridge) until `condition` holds; the timeout is a guard that
/// fails the test, not a way to wait.
@MainActor
public func waitUntil(_ what: String, timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line,
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
public func drainMainQueue() {
    MainQueueBridge.install()
    for _ in 0..<20 { while g_main_context_iteration(nil, 0) != 0 {} }
}

/// The repository root (this file is <repo>/Tests/TestSupport/MainActorSupport.swift).
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
