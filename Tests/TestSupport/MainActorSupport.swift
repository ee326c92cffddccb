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

/// The result of `body`, an async read on the main actor (a saved copy the offline store reads off the main thread),
/// turning the main context until it returns; nil (and a failure) also when it does not return within `timeout`.
@MainActor
public func awaited<Value>(_ what: String = "an async read", timeout: Double = 5, file: StaticString = #filePath,
                           line: UInt = #line, _ body: @escaping @MainActor () async -> Value?) -> Value? {
    var result: Value?
    var done = false
    Task { @MainActor in
        result = await body()
        done = true
    }
    waitUntil(what, timeout: timeout, file: file, line: line) { done }
    return result
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
