import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "kit101", name: "drone-yml-test")
private let projectPath = "/api/v5/repos/kit101/drone-yml-test"
private let readmePath = "/api/v5/repos/kit101/drone-yml-test/readme"
private let issuesPath = "/api/v5/repos/kit101/drone-yml-test/issues"

/// A cached client over a stub transport and a store in a fresh temporary folder.
@MainActor
private final class Fixture {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cached-client-\(UUID())")
    let transport = StubTransport()
    let store: OfflineStore
    let cached: CachedClient
    var account = OfflineStore.Account.anonymous

    init() throws {
        store = try OfflineStore(directory: directory)
        cached = CachedClient(client: GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"),
                                                  transport: transport), store: store)
        store.account = { [unowned self] in account }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func serveProject(description: String) throws {
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: repositoryRoot
            .deletingLastPathComponent().appendingPathComponent("shared/gitee/samples/repo.json"))) as? [String: Any])
        json["description"] = description
        transport.responses[projectPath] = HTTPResponse(status: 200, body: try JSONSerialization.data(withJSONObject: json))
    }

    func serveReadme(_ text: String) {
        transport.responses[readmePath] = HTTPResponse(status: 200, body: Data(
            #"{"type":"file","name":"README.md","path":"README.md","encoding":"base64","size":\#(text.utf8.count),"content":"\#(Data(text.utf8).base64EncodedString())"}"#.utf8))
    }

    /// The project's issue list answers these (whatever state is asked for: the test switches between filters).
    func serveIssues(_ numbers: [String], state: String) {
        let rows = numbers.map { #"{"id":1,"number":"\#($0)","state":"\#(state)","title":"Issue \#($0)"}"# }
        let query = "?state=\(state)&sort=created&direction=desc&page=1&per_page=\(Endpoints.defaultPageSize)"
        transport.responses[issuesPath + query] = HTTPResponse(status: 200, body: Data(("[" + rows.joined(separator: ",") + "]").utf8))
    }

    func flush() {
        let store = store
        runUntilDone("the store's writes land") { await store.flush() }
    }
}

final class CachedClientTests: XCTestCase {
    func testSavedCopyFirstThenFreshWhichIsSavedForNextTime() throws {
        try onMain {
            let fixture = try Fixture()
            try fixture.serveProject(description: "first visit")
            let first = RemoteResource(fixture.cached.project(repo))
            first.start()
            XCTAssertNil(first.value, "nothing saved yet")
            waitUntil("the first visit loads") { first.phase == .loaded }
            fixture.flush()

            try fixture.serveProject(description: "second visit")
            let second = RemoteResource(fixture.cached.project(repo))
            // The saved copy alone first (with `start()` the stub's fast answer can replace it before a check runs;
            // that the request waits for the saved copy is RemoteResourceTests' to show, with answers it holds).
            XCTAssertEqual(awaited { await second.showSavedCopy(); return second.value?.description }, "first visit",
                           "the saved copy")
            XCTAssertEqual(second.phase, .savedWhileOffline)
            second.start()
            waitUntil("the fresh answer") { second.phase == .loaded }
            XCTAssertEqual(second.value?.description, "second visit")
            fixture.flush()
            XCTAssertEqual(awaited { await fixture.cached.project(repo).saved() }?.description, "second visit",
                           "the fresh answer replaced the saved copy")
        }
    }

    func testAFailedFetchKeepsTheSavedCopyAndSaysOffline() throws {
        try onMain {
            let fixture = try Fixture()
            fixture.serveReadme("# Saved\n")
            let readme = fixture.cached.readme(repo, ref: nil)
            runUntilDone("the fetch") { _ = try? await readme.fetch() }
            fixture.flush()

            fixture.transport.failure = .offline
            let resource = RemoteResource(fixture.cached.readme(repo, ref: "master"))
            resource.start()
            waitUntil("the fetch fails") { resource.banner != nil }
            XCTAssertEqual(resource.value, .file(path: "README.md", text: "# Saved\n"), "the saved copy stays")
            XCTAssertEqual(resource.state, .content)
            XCTAssertTrue(resource.banner?.hasPrefix("Offline: showing saved data.") ?? false, resource.banner ?? "")
            XCTAssertEqual(awaited { await fixture.cached.readme(repo, ref: nil).saved() }, .file(path: "README.md", text: "# Saved\n"),
                           "a failure saves nothing over the copy")
        }
    }

    func testSavedCopiesBelongToTheAccountThatFetchedThem() throws {
        try onMain {
            let fixture = try Fixture()
            fixture.account = .login("alice")
            fixture.serveReadme("alice's view\n")
            runUntilDone("the fetch") { _ = try? await fixture.cached.readme(repo, ref: nil).fetch() }
            fixture.flush()
            XCTAssertNotNil(awaited { await fixture.cached.readme(repo, ref: nil).saved() }, "alice reads her own copy")

            fixture.account = .login("bob")
            XCTAssertNil(awaited { await fixture.cached.readme(repo, ref: nil).saved() }, "bob does not see alice's copy")
            fixture.account = .anonymous
            XCTAssertNil(awaited { await fixture.cached.readme(repo, ref: nil).saved() }, "nor does anyone logged out")

            fixture.account = .unknown
            fixture.serveReadme("nobody's\n")
            runUntilDone("the fetch") { _ = try? await fixture.cached.readme(repo, ref: nil).fetch() }
            fixture.flush()
            fixture.account = .anonymous
            XCTAssertNil(awaited { await fixture.cached.readme(repo, ref: nil).saved() }, "a login not known yet saves nothing")

            fixture.account = .login("alice")
            fixture.store.forgetAccounts()
            fixture.flush()
            XCTAssertNil(awaited { await fixture.cached.readme(repo, ref: nil).saved() }, "Log Out wipes alice's rows")
        }
    }

    func testListsKeepTheirFirstPage() throws {
        try onMain {
            let fixture = try Fixture()
            fixture.transport.responses["/api/v5/users/alice/followers"] = HTTPResponse(status: 200, body: Data(
                #"[{"id":1,"login":"bob","name":"Bob"}]"#.utf8))
            let first = PagedListViewModel(emptyText: "", fixture.cached.followers(of: "alice"))
            first.start()
            waitUntil("the list loads") { first.state == .content }
            fixture.flush()
            fixture.transport.failure = .offline
            let again = PagedListViewModel(emptyText: "", fixture.cached.followers(of: "alice"))
            again.start()
            waitUntil("the saved first page") { !again.items.isEmpty }
            XCTAssertEqual(again.items.map(\.login), ["bob"], "the saved first page shows")
            XCTAssertTrue(again.isShowingSavedData)
            XCTAssertNil(fixture.cached.live(Endpoints.followers("alice")).saved, "a live list keeps nothing")
        }
    }

    /// Closed's first page used to be saved under Open's key: offline, Open then showed the closed issues.
    func testEachIssueFilterKeepsItsOwnFirstPage() throws {
        try onMain {
            let fixture = try Fixture()
            let navigator = RecordingNavigator()
            fixture.serveIssues(["OPEN1"], state: "open")
            fixture.serveIssues(["BUSY1"], state: "progressing")
            let first = IssuesViewModel(repo: repo, cached: fixture.cached, navigator: navigator)
            first.start()
            waitUntil("the unfinished issues load") { first.issues.items.map(\.number) == ["BUSY1", "OPEN1"] }
            fixture.serveIssues(["CLOSED1", "CLOSED2"], state: "closed")
            first.selectFilter(.closed)
            waitUntil("the closed issues load") { first.issues.items.map(\.number) == ["CLOSED1", "CLOSED2"] }
            fixture.flush()

            fixture.transport.failure = .offline
            let again = IssuesViewModel(repo: repo, cached: fixture.cached, navigator: navigator)
            again.start()
            waitUntil("the saved first page") { !again.issues.items.isEmpty }
            XCTAssertEqual(again.issues.items.map(\.number), ["BUSY1", "OPEN1"],
                           "the first view shows its own saved rows, not Closed's")
            XCTAssertTrue(again.issues.isShowingSavedData)
            XCTAssertEqual(awaited { await fixture.cached.issues(repo, filter: .closed).saved?.load() }?.map(\.number), ["CLOSED1", "CLOSED2"],
                           "Closed's first page is kept as Closed's")
            XCTAssertNil(awaited { await fixture.cached.issues(repo, filter: .all).saved?.load() }, "All was never shown, so nothing is kept")
            XCTAssertNil(awaited { await fixture.cached.issues(repo, filter: .open).saved?.load() }, "nor was Open alone")
        }
    }

    /// Only the cached client (and the store beneath it) spells store keys; the services wire the store's account.
    func testNoScreenKnowsAStoreKey() throws {
        let core = repositoryRoot.appendingPathComponent("Sources/MayunCore")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: core, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 50)
        let allowed: Set<String> = ["Store/OfflineStore.swift", "Store/OfflineKeys.swift", "Store/CachedClient.swift",
                                    "Store/CacheMaintenance.swift", "App/AppServices.swift",
                                    // Accounts wire the shared store to each account (owners), never a key.
                                    "Accounts/AccountUpgrade.swift", "Accounts/AccountServicesFactory.swift"]
        for file in files {
            let relative = String(file.path.dropFirst(core.path.count + 1))
            guard !allowed.contains(relative) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for word in ["OfflineKey", "OfflineStore", "listCache(", "savedCopy(of", "store?.save(", "store?.load("] {
                XCTAssertFalse(text.contains(word), "\(relative) mentions \(word)")
            }
        }
    }
}
