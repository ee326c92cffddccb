import Foundation

/// XCTest on Linux cannot call `@MainActor` test methods; tests run on the main thread, so they enter the main
/// actor's isolation explicitly.
func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// The repository root (this file is <repo>/Tests/MayunCoreTests/TestSupport.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
