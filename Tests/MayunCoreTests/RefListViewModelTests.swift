import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "kit101", name: "drone-yml-test")

private func sample(_ name: String) throws -> Data {
    try Data(contentsOf: repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/gitee/samples/\(name)"))
}

/// A project's branches and tags: rows from the real answers' shape, a row opens the files at that ref, the first
/// page is kept for offline use and shows at once the next time.
final class RefListViewModelTests: XCTestCase {

    func testTagRowsCarryCommitAndDateAndOpenTheTreeAtTheTag() throws {
        try onMain {
            let transport = StubTransport()
            transport.responses["/api/v5/repos/kit101/drone-yml-test/tags"] = HTTPResponse(status: 200, body: try sample("tags.json"))
            let navigator = RecordingNavigator()
            let tags = RefListViewModel(tagsOf: repo, cached: makeServices(transport: transport).cached, navigator: navigator)
            tags.start()
            waitUntil("the tags load") { tags.refs.state == .content }
            XCTAssertEqual(tags.refs.items.map(\.name), ["release-test", "1.1", "1.0", "1.2"])
            let now = try XCTUnwrap(Timestamp("2021-03-26T11:29:35+08:00").date)
            let row = try XCTUnwrap(tags.row(at: 1, now: now))
            XCTAssertEqual(row.title, "1.1")
            XCTAssertEqual(row.trailing, "5e7876ef", "the tagged commit, short")
            XCTAssertTrue(row.subtitle.hasPrefix("1.1  ·  "), "the message, then when: \(row.subtitle)")
            XCTAssertEqual(row.subtitle, "1.1  ·  " + (RelativeTime.describe(Timestamp("2021-03-24T11:29:35+08:00").date, now: now) ?? "?"))
            XCTAssertEqual(tags.row(at: 0, now: now)?.subtitle.contains("·"), false, "an empty message leaves only the date")
            tags.activate(at: 1)
            XCTAssertEqual(navigator.pushed, [.tree(repo, ref: "1.1", path: "")])
            XCTAssertEqual(tags.menu(at: 1).map(\.title), [tr("Browse Files"), tr("Commits")])
            tags.menu(at: 1)[1].perform()
            XCTAssertEqual(navigator.pushed.last, .commits(repo, ref: "1.1"))
            let request = try XCTUnwrap(transport.requests.last?.url)
            XCTAssertTrue(request.contains("sort=updated") && request.contains("direction=desc") && request.contains("per_page=20"),
                          "newest first, 20 a page: \(request)")
        }
    }

    func testBranchRowsOpenTheTreeAtTheBranchAndThePageIsKeptOffline() throws {
        try onMain {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("refs-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try OfflineStore(directory: directory)
            store.account = { .anonymous }
            let transport = StubTransport()
            transport.responses["/api/v5/repos/kit101/drone-yml-test/branches"] = HTTPResponse(status: 200, body: Data("""
                [{"name": "master", "commit": {"sha": "e3c0ff4d5cef439ea11b30866fb1ed79b420801d", "url": "u"}, "protected": true},
                 {"name": "feature/x", "commit": {"sha": "0123456789abcdef", "url": "u"}, "protected": false}]
                """.utf8))
            let services = makeServices(transport: transport, store: store)
            let navigator = RecordingNavigator()
            let branches = RefListViewModel(branchesOf: repo, cached: services.cached, navigator: navigator)
            branches.start()
            waitUntil("the branches load") { branches.refs.state == .content }
            XCTAssertEqual(branches.row(at: 0)?.title, "master")
            XCTAssertEqual(branches.row(at: 0)?.subtitle, tr("Protected"))
            XCTAssertEqual(branches.row(at: 0)?.trailing, "e3c0ff4d")
            XCTAssertEqual(branches.row(at: 1)?.subtitle, "")
            XCTAssertNil(branches.row(at: 2))
            branches.activate(at: 1)
            XCTAssertEqual(navigator.pushed, [.tree(repo, ref: "feature/x", path: "")])
            runUntilDone("the store's writes land") { await store.flush() }

            transport.failure = .offline
            let offline = RefListViewModel(branchesOf: repo, cached: services.cached, navigator: navigator)
            offline.start()
            waitUntil("the saved first page") { !offline.refs.items.isEmpty }
            XCTAssertEqual(offline.refs.items.map(\.name), ["master", "feature/x"], "the saved first page shows")
            XCTAssertEqual(offline.refs.items.first?.isProtected, true)
            XCTAssertTrue(offline.refs.isShowingSavedData)
        }
    }

    func testAnEmptyTagListSaysSo() {
        onMain {
            let transport = StubTransport()
            transport.responses["/api/v5/repos/kit101/drone-yml-test/tags"] = HTTPResponse(status: 200, body: Data("[]".utf8))
            let tags = RefListViewModel(tagsOf: repo, cached: makeServices(transport: transport).cached,
                                        navigator: RecordingNavigator())
            tags.start()
            waitUntil("the list settles") { tags.refs.state == .empty(text: tr("This project has no tags.")) }
            XCTAssertTrue(tags.refs.items.isEmpty)
        }
    }

    func testTheProjectPageLeadsToBranchesAndTags() {
        onMain {
            let navigator = RecordingNavigator()
            let project = ProjectViewModel(repo: repo, cached: makeServices().cached, server: URL(string: "http://127.0.0.1:9")!,
                                           nightMode: nil, navigator: navigator)
            project.openBranches()
            project.openTags()
            XCTAssertEqual(navigator.pushed, [.branches(repo), .tags(repo)])
            XCTAssertEqual(Route.branches(repo).title, tr("Branches"))
            XCTAssertEqual(Route.tags(repo).title, tr("Tags"))
        }
    }
}
