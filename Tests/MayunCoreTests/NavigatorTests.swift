import Foundation
@testable import GiteeKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// Records what a screen asked of navigation, in place of a Coordinator.
@MainActor
final class RecordingNavigator: Navigator {
    private(set) var pushed: [Route] = []
    private(set) var toasts: [String] = []
    private(set) var opened: [URL] = []
    func push(_ route: Route) { pushed.append(route) }
    func pop() {}
    func replace(with route: Route) { pushed.append(route) }
    func follow(_ target: LinkTarget) { if case .route(let file) = target { pushed.append(Route(file)) } }
    func openExternal(_ url: URL) { opened.append(url) }
    func copy(_ text: String, announcing message: String) { toasts.append(message) }
    func showToast(_ message: String) { toasts.append(message) }
    func requireLogin(then action: @escaping @MainActor () -> Void) { action() }
    func openLink(_ text: String) {}
}

/// Screens need only the narrow `Navigator` and the services they use: they run without a Coordinator.
final class NavigatorTests: XCTestCase {
    func testAFolderPageNavigatesThroughItsNavigatorAlone() {
        onMain {
            let repo = RepositoryID(owner: "o", name: "r")
            let transport = StubTransport()
            transport.responses["/api/v5/repos/o/r/contents/src"] = HTTPResponse(status: 200, body: Data("""
                [{"type": "dir", "name": "lib", "path": "src/lib"}, {"type": "file", "name": "logo.png", "path": "src/logo.png", "size": 10},
                 {"type": "file", "name": "main.swift", "path": "src/main.swift", "size": 10}]
                """.utf8))
            let navigator = RecordingNavigator()
            let tree = TreeViewModel(repo: repo, ref: "dev", path: "src", cached: makeServices(transport: transport).cached,
                                     navigator: navigator)
            tree.start()
            waitUntil("the folder lists") { tree.entries.items.count == 3 }
            for index in 0..<3 { tree.activate(at: index) }
            XCTAssertEqual(Set(navigator.pushed), [.tree(repo, ref: "dev", path: "src/lib"),
                                                   .image(repo, ref: "dev", path: "src/logo.png"),
                                                   .blob(repo, ref: "dev", path: "src/main.swift")])
        }
    }
}
