import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Releases: decoding in both shapes of `assets` (the published description's strings and the site's objects), the
/// endpoints' requests, and the calls against FakeGitee (paged, newest first, strict about `direction`).
final class ReleaseTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Fake.reset() }
    }

    /// The spec's `Release` schema: `assets` an array of strings, `author` a UserBasic, `prerelease` a boolean.
    func testDecodesTheSpecShapeWithStringAssets() throws {
        let json = #"""
        [{"id": 7, "tag_name": "v2.0.0", "target_commitish": "master", "prerelease": true, "name": "Two",
          "body": "## Notes", "author": {"id": 1, "login": "alice", "name": "Alice"},
          "created_at": "2024-03-01T10:00:00+08:00",
          "assets": ["https://gitee.com/a/b/releases/download/v2.0.0/b-linux%20x64.tar.gz", ""]}]
        """#
        let releases = try JSONNodeDecoding.decode([Release].self, from: Data(json.utf8))
        XCTAssertEqual(releases.count, 1)
        let release = releases[0]
        XCTAssertEqual(release.id, 7)
        XCTAssertEqual(release.tagName, "v2.0.0")
        XCTAssertTrue(release.isPrerelease)
        XCTAssertEqual(release.author?.login, "alice")
        XCTAssertEqual(release.createdAt?.text, "2024-03-01T10:00:00+08:00")
        // The empty address is dropped; the name comes from the address, decoded.
        XCTAssertEqual(release.assets, [ReleaseAsset(name: "b-linux x64.tar.gz",
                                                     url: "https://gitee.com/a/b/releases/download/v2.0.0/b-linux%20x64.tar.gz")])
    }

    /// What the site sends: objects with `browser_download_url` and `name`; odd values are tolerated, not fatal.
    func testDecodesTheSiteShapeTolerantly() throws {
        let json = #"""
        {"id": "x", "tag_name": "v1", "prerelease": null, "name": null, "body": "",
         "assets": [{"browser_download_url": "https://gitee.com/a/b/releases/download/v1/app.zip", "name": "app.zip",
                     "size": -5}, {"name": "no address"}, 42, "file:///etc/passwd"]}
        """#
        let release = try JSONNodeDecoding.decode(Release.self, from: Data(json.utf8))
        XCTAssertEqual(release.id, 0)
        XCTAssertFalse(release.isPrerelease)
        XCTAssertEqual(release.name, "")
        XCTAssertNil(release.body)
        XCTAssertEqual(release.assets.map(\.name), ["app.zip"])
        XCTAssertEqual(release.assets.first?.size, 0, "a negative size is clamped")
        // Saved copies decode to the same value.
        let saved = try JSONEncoder().encode(release)
        XCTAssertEqual(try JSONNodeDecoding.decode(Release.self, from: saved), release)
    }

    func testEndpointsAskAsTheSpecSays() {
        let list = Endpoints.releases(owner: "o", repo: "r")
        XCTAssertEqual(list.summary, "GET /api/v5/repos/o/r/releases?direction=desc")
        XCTAssertEqual(list.paging, .numbered(perPage: 20))
        XCTAssertEqual(Endpoints.release(owner: "o", repo: "r", tag: "v1/rc").path, "/repos/o/r/releases/tags/v1%2Frc")
        XCTAssertEqual(Endpoints.archive(owner: "o", repo: "r", ref: "v1.0", format: .zip).summary,
                       "GET /api/v5/repos/o/r/zipball?ref=v1.0")
        XCTAssertEqual(Endpoints.archive(owner: "o", repo: "r", ref: "v1.0", format: .tarGz).summary,
                       "GET /api/v5/repos/o/r/tarball?ref=v1.0")
        XCTAssertEqual(Endpoints.archiveFileName(repo: "r", ref: "release/1.0", format: .tarGz), "r-release-1.0.tar.gz")
    }

    func testFakeGiteeServesReleasesPagedNewestFirst() {
        onMainLoop {
            let server = Fake.server
            let project = try XCTUnwrap(server.world.projects.first { Releases.of($0, world: server.world).count > 20 })
            let expected = Releases.of(project, world: server.world)
            let client = Fake.client()
            let endpoint = Endpoints.releases(owner: server.world.owner(of: project).login, repo: project.path)
            let first = try await client.page(endpoint)
            XCTAssertEqual(first.items.map(\.tagName), expected.prefix(20).map(\.tag))
            XCTAssertEqual(first.totalCount, expected.count)
            XCTAssertTrue(zip(first.items, first.items.dropFirst()).allSatisfy {
                ($0.createdAt?.date ?? .distantPast) > ($1.createdAt?.date ?? .distantPast)
            })
            let second = try await client.page(endpoint, at: first.next)
            XCTAssertEqual(second.items.map(\.tagName), expected.dropFirst(20).map(\.tag))
            XCTAssertTrue(second.isLast)
            // One by its tag, with its files.
            let withFiles = try XCTUnwrap(expected.first { !$0.assets.isEmpty })
            let one = try await client.send(Endpoints.release(owner: server.world.owner(of: project).login,
                                                              repo: project.path, tag: withFiles.tag))
            XCTAssertEqual(one.assets.map(\.name), withFiles.assets.map(\.name))
            XCTAssertTrue(one.assets.allSatisfy { $0.url.hasPrefix(server.baseURL + "/") })
            // Strict as the site: a direction outside the spec's enum is refused.
            var sideways = endpoint
            sideways.query = [QueryItem("direction", "sideways")]
            await assertThrows(.validation("direction does not have a valid value")) { try await client.page(sideways) }
            await assertThrows(.notFound("404 Release Not Found")) {
                try await client.send(Endpoints.release(owner: server.world.owner(of: project).login, repo: project.path,
                                                        tag: "v999"))
            }
        }
    }

    /// A release file at its website address and a tag's archive through the API, streamed to disk; the token goes
    /// with both (same origin as the configured server); a ref that does not exist is a 404, not a file.
    func testFilesAndArchivesDownload() {
        onMainLoop {
            let server = Fake.server
            let world = server.world
            let project = try XCTUnwrap(world.projects.first { Releases.of($0, world: world).contains { !$0.assets.isEmpty } })
            let release = try XCTUnwrap(Releases.of(project, world: world).first { !$0.assets.isEmpty })
            let owner = world.owner(of: project).login
            let client = Fake.client(credential: Fake.demoToken)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-release-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let asset = release.assets[0]
            let url = try XCTUnwrap(URL(string: "\(server.baseURL)/\(owner)/\(project.path)/releases/download/\(release.tag)/\(asset.name)"))
            var reported: Int64 = 0
            try await client.download(from: url, to: folder.appendingPathComponent("a").path) { received, _ in reported = received }
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("a")), Releases.bytes(of: asset))
            XCTAssertEqual(reported, Int64(asset.size))
            XCTAssertEqual(server.requestLog.last?.login, "mayun-demo", "the token went to the server's own origin")
            try await client.download(Endpoints.archive(owner: owner, repo: project.path, ref: release.tag, format: .tarGz),
                                      to: folder.appendingPathComponent("b").path)
            XCTAssertGreaterThan((try Data(contentsOf: folder.appendingPathComponent("b"))).count, 10_000)
            await assertThrows(.notFound("404 Not Found")) {
                try await client.download(Endpoints.archive(owner: owner, repo: project.path, ref: "no-such-tag", format: .zip),
                                          to: folder.appendingPathComponent("c").path)
            }
            await assertThrows(.badResponse(.unexpectedStatus(0))) {
                try await client.download(from: URL(fileURLWithPath: "/etc/passwd"), to: folder.appendingPathComponent("d").path)
            }
            // A file this machine cannot write is said as such by both ways of downloading, never as a network failure.
            let unwritable = folder.appendingPathComponent("no-such-folder/e").path
            let attempts: [@MainActor () async throws -> Void] = [
                { try await client.download(from: url, to: unwritable) },
                { try await client.download(Endpoints.archive(owner: owner, repo: project.path, ref: release.tag,
                                                              format: .zip), to: unwritable) },
            ]
            for attempt in attempts {
                do {
                    try await attempt()
                    XCTFail("a file was written into a folder that does not exist")
                } catch {
                    XCTAssertTrue(error is LocalFileError, "said as \(error)")
                }
            }
        }
    }
}
