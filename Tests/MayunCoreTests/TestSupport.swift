import Foundation
// onMain, waitUntil, drainMainQueue, StubTransport and repositoryRoot, for every file of this target.
@_exported import TestSupport
@_exported import MayunPlatform

import CSoup
@testable import GiteeKit
import GLibRuntime
@testable import MayunCore
import XCTest

@MainActor
func makeServices(transport: StubTransport = StubTransport(), store: OfflineStore? = nil) -> AppServices {
    AppServices(client: GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"), transport: transport),
                store: store)
}
