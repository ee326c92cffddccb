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

    /// A folder and a branch's commits share one `BranchChoice`: the project's branches arrive with the page, the
    /// branch in use changes nothing, another one replaces the page with the same place on that branch.
    func testTheBranchPickerOfAFolderAndOfTheCommitsSwitchesTheWholePage() {
        onMain {
            let repo = RepositoryID(owner: "o", name: "r")
            let transport = StubTransport()
            transport.responses["/api/v5/repos/o/r/branches"] = HTTPResponse(status: 200, body: Data("""
                [{"name": "dev"}, {"name": "main"}]
                """.utf8))
            let navigator = RecordingNavigator()
            let services = makeServices(transport: transport)
            let tree = TreeViewModel(repo: repo, ref: "dev", path: "src", cached: services.cached, navigator: navigator)
            let commits = CommitsViewModel(repo: repo, ref: nil, client: services.client, navigator: navigator)
            XCTAssertEqual(tree.branch.title, "dev")
            XCTAssertEqual(commits.branch.title, "Default branch")
            tree.start()
            commits.start()
            waitUntil("both pages have the branches") { tree.branch.names.count == 2 && commits.branch.names.count == 2 }
            XCTAssertEqual(tree.branch.names, ["dev", "main"])
            tree.branch.select("dev")
            XCTAssertEqual(navigator.pushed, [], "the branch in use is not opened again")
            tree.branch.select("main")
            commits.branch.select("dev")
            XCTAssertEqual(navigator.pushed, [.tree(repo, ref: "main", path: "src"), .commits(repo, ref: "dev")])
        }
    }
}
