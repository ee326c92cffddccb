import FakeGitee
import Foundation
@testable import GiteeKit
import GLibRuntime
@testable import MayunCore
import XCTest

/// Nothing fetched for a private repository outlives Log Out, and what Mayun writes under the XDG folders is private
/// (folders 0700, files 0600). Over loopback against FakeGitee, through the same services and ViewModels as the app.
final class PrivacyTests: XCTestCase {
    private static let marker = Data(WorldGenerator.privateReadmeMarker.utf8)
    private static let privateRepo = RepositoryID(owner: "mayun-demo", name: "private-notes")

    @MainActor private static let server = FakeGiteeServer.smallWorldForTests()

    /// The app's folders under a temporary XDG root: cache (store, http, images), data (drafts), config.
    private struct Folders {
        let root: URL
        var cache: URL { root.appendingPathComponent("cache/mayun") }
        var data: URL { root.appendingPathComponent("data/mayun") }
        var config: URL { root.appendingPathComponent("config/mayun") }
    }

    @MainActor private static func makeApp(_ folders: Folders) throws -> (Coordinator, AppServices) {
        let configuration = GiteeConfiguration(server: Self.server.baseURL, appVersion: "test",
                                               cacheDirectory: folders.cache.appendingPathComponent("http").path,
                                               retry: .none)
        let client = GiteeClient(configuration: configuration)
        let store = try OfflineStore(directory: folders.cache)
        let session = Session(client: client, store: nil, environment: [:])
        let drafts = DraftStore(directory: folders.data.appendingPathComponent("drafts"))
        let services = AppServices(client: client, store: store, session: session, drafts: drafts)
        let environment = AppEnvironment.fromXDG(server: URL(string: Self.server.baseURL)!, environment: [
            "HOME": folders.root.path, "XDG_CACHE_HOME": folders.root.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": folders.root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": folders.root.appendingPathComponent("config").path])
        return (Coordinator(testing: environment, preferences: InMemoryPreferences(), services: services), services)
    }

    /// Every file under `root` whose bytes contain `needle`.
    private static func files(under root: URL, containing needle: Data) -> [String] {
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { path in
            FileManager.default.contents(atPath: root.appendingPathComponent(path).path)?.range(of: needle) != nil
        }
    }

    func testNothingOfAPrivateRepositoryOutlivesLogOut() throws {
        try onMain {
            let folders = Folders(root: FileManager.default.temporaryDirectory
                .appendingPathComponent("mayun-privacy-\(UUID().uuidString)"))
            defer { try? FileManager.default.removeItem(at: folders.root) }
            let (coordinator, services) = try Self.makeApp(folders)
            runUntilDone("log in") { try? await services.session.logIn(personalToken: "mayun-demo-token") }
            XCTAssertEqual(services.session.user?.login, "mayun-demo")

            // Open the private repository as the app does: its page (with the README), the README page, the tree.
            coordinator.push(.project(Self.privateRepo))
            let project = try XCTUnwrap(coordinator.top?.model as? ProjectViewModel)
            project.start()
            waitUntil("the private README") { if case .text = project.readme { return true } else { return false } }
            guard case .text(let readme) = project.readme else { return XCTFail("no README") }
            XCTAssertTrue(readme.contains(WorldGenerator.privateReadmeMarker))
            coordinator.push(.readme(Self.privateRepo, ref: "master"))
            let readmePage = try XCTUnwrap(coordinator.top?.model as? BlobViewModel)
            readmePage.start()
            waitUntil("the README page") { readmePage.state == .content }
            coordinator.push(.tree(Self.privateRepo, ref: "master", path: ""))
            let tree = try XCTUnwrap(coordinator.top?.model as? TreeViewModel)
            tree.start()
            waitUntil("the tree") { tree.count > 0 }
            runUntilDone("saves land") { await services.store?.flush() }
            services.client.flushCache()
            // The test can fail: before Log Out the private text is on disk (saved for offline use).
            XCTAssertFalse(Self.files(under: folders.root, containing: Self.marker).isEmpty, "the README was saved while logged in")

            coordinator.mineTab.logOut()
            runUntilDone("the wipe lands") { await services.store?.flush() }
            services.client.flushCache()
            XCTAssertFalse(services.session.isLoggedIn)
            XCTAssertEqual(Self.files(under: folders.root, containing: Self.marker), [], "private text left on disk after Log Out")
            XCTAssertNil(services.store?.loadBlocking(String.self, key: "readme:\(Self.privateRepo)"))

            // Logged out, the repository is not there at all.
            var answer: Error?
            runUntilDone("the repository, anonymously") {
                do { _ = try await services.client.send(Endpoints.project(owner: "mayun-demo", repo: "private-notes")) }
                catch { answer = error }
            }
            guard case .notFound = answer as? GiteeError else { return XCTFail("expected 404, got \(String(describing: answer))") }
        }
    }

    /// Rows saved while logged in belong to that login: another account (or no account) does not read them.
    func testSavedRowsAreReadOnlyByTheirOwner() throws {
        try onMain {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-owner-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try OfflineStore(directory: directory)
            var account = OfflineStore.Account.login("alice")
            store.account = { account }
            store.save("alice's secret", key: "readme:alice/notes")
            account = .anonymous
            store.save("public", key: "readme:x/y")
            account = .unknown
            store.save("nobody knows whose", key: "readme:z/z")
            runUntilDone("saves") { await store.flush() }
            account = .login("alice")
            XCTAssertEqual(store.loadBlocking(String.self, key: "readme:alice/notes")?.value, "alice's secret")
            XCTAssertEqual(store.loadBlocking(String.self, key: "readme:x/y")?.value, "public")
            XCTAssertNil(store.loadBlocking(String.self, key: "readme:z/z"), "an account without a known login saves nothing")
            account = .login("bob")
            XCTAssertNil(store.loadBlocking(String.self, key: "readme:alice/notes"))
            account = .anonymous
            XCTAssertNil(store.loadBlocking(String.self, key: "readme:alice/notes"))
            store.forgetAccounts()
            runUntilDone("wipe") { await store.flush() }
            account = .login("alice")
            XCTAssertNil(store.loadBlocking(String.self, key: "readme:alice/notes"))
            XCTAssertEqual(store.loadBlocking(String.self, key: "readme:x/y")?.value, "public", "public rows stay")
            XCTAssertNil(FileManager.default.contents(atPath: store.fileURL.path)?.range(of: Data("alice's secret".utf8)),
                         "no freed page keeps the text (secure_delete; Debian's SQLite also defaults to it)")
        }
    }

    func testFoldersAre0700AndFiles0600() throws {
        try onMain {
            let folders = Folders(root: FileManager.default.temporaryDirectory
                .appendingPathComponent("mayun-modes-\(UUID().uuidString)"))
            defer { try? FileManager.default.removeItem(at: folders.root) }
            let previous = umask(0o022)  // the usual umask: the modes must not depend on it
            defer { umask(previous) }
            let (_, services) = try Self.makeApp(folders)
            services.store?.save("x", key: "k")
            services.drafts.save(IssueDraft(title: "t", body: "b"), for: Self.privateRepo)
            runUntilDone("writes, and a request (the HTTP cache folder is made with the first one)") {
                await services.store?.flush()
                await services.drafts.flush()
                _ = try? await services.client.send(Endpoints.languages())
            }
            let drafts = folders.data.appendingPathComponent("drafts")
            try PrivateFiles.write(Data("image".utf8), to: folders.cache.appendingPathComponent("images/abc"))
            for folder in [folders.cache, drafts, folders.cache.appendingPathComponent("http"),
                           folders.cache.appendingPathComponent("images")] {
                XCTAssertEqual(try Self.mode(of: folder), 0o700, folder.path)
            }
            let files = [services.store!.fileURL, folders.cache.appendingPathComponent("images/abc")]
                + (try FileManager.default.contentsOfDirectory(at: drafts, includingPropertiesForKeys: nil))
            XCTAssertEqual(files.count, 3)
            for file in files { XCTAssertEqual(try Self.mode(of: file), 0o600, file.path) }
        }
    }

    private static func mode(of url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
