import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Release files come through the API's own download call with the token; a web page where a file was asked for
/// (the website's login page, a page labelled as bytes) is refused and nothing is written (issue 39, item 3).
final class ReleaseFileDownloadTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Fake.reset() }
    }

    func testWebPageCheckByTypeAndByFirstBytes() {
        XCTAssertEqual(WebPageCheck.verdict(contentType: "text/html; charset=utf-8"), true)
        XCTAssertEqual(WebPageCheck.verdict(contentType: "application/xhtml+xml"), true)
        XCTAssertEqual(WebPageCheck.verdict(contentType: "application/gzip"), false)
        XCTAssertEqual(WebPageCheck.verdict(contentType: "text/plain"), false)
        XCTAssertNil(WebPageCheck.verdict(contentType: nil))
        XCTAssertNil(WebPageCheck.verdict(contentType: "application/octet-stream"))
        XCTAssertNil(WebPageCheck.verdict(contentType: "Binary/Octet-Stream"))
        func sniff(_ text: String) -> Bool { WebPageCheck.looksLikeHTML(Data(text.utf8)) }
        XCTAssertTrue(sniff("<!DOCTYPE html><html>"))
        XCTAssertTrue(sniff("\u{FEFF}\n  <HTML lang=\"zh\">"))
        XCTAssertTrue(sniff("<head>"))
        XCTAssertTrue(sniff("<!-- a comment -->"))
        XCTAssertTrue(sniff("<p>hello"))
        XCTAssertFalse(sniff("<pre>"), "a tag must end where the standard's does")
        XCTAssertFalse(sniff("<?xml version=\"1.0\"?><svg/>"), "XML and SVG are files")
        XCTAssertFalse(sniff("<html"), "nothing after the tag yet: not a match")
        XCTAssertFalse(sniff("sha256  kunlun.tar.gz"))
        XCTAssertFalse(WebPageCheck.looksLikeHTML(Data([0x1F, 0x8B, 0x08, 0x00, 0x3C])), "gzip bytes")
        XCTAssertTrue(WebPageCheck.isWebPage(contentType: "application/octet-stream", prefix: Data("<html>".utf8)))
        XCTAssertFalse(WebPageCheck.isWebPage(contentType: "application/zip", prefix: Data("<html>".utf8)))
        XCTAssertTrue(WebPageCheck.nameIsWebPage("Manual.HTML"))
        XCTAssertFalse(WebPageCheck.nameIsWebPage("kunlun-v2.1.0-linux-amd64.tar.gz"))
    }

    /// The demo account's private project: the release (as the app reads it, its `assets` without ids) gives the
    /// file; `downloadReleaseFile` finds its id in `attach_files` and fetches it through the API byte for byte. The
    /// same file's website address answers the login page (302, then 200 text/html) even with the owner's token, and
    /// that is refused, with no file left.
    func testPrivateReleaseFileComesThroughTheAPIWhileItsWebsiteAddressAnswersTheLoginPage() {
        onMainLoop {
            let server = Fake.server, world = server.world
            let project = try XCTUnwrap(world.project(owner: "mayun-demo", repo: "private-notes"))
            XCTAssertTrue(project.isPrivate)
            let fake = try XCTUnwrap(Releases.of(project, world: world).first)
            let file = try XCTUnwrap(fake.assets.first)
            let client = Fake.client(credential: Fake.demoToken)
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }

            let release = try await client.send(Endpoints.release(owner: "mayun-demo", repo: "private-notes", tag: fake.tag))
            let asset = try XCTUnwrap(release.assets.first { $0.name == file.name })
            XCTAssertNil(asset.id, "a release's assets carry no id")
            var reported: Int64 = 0
            let saved = folder.appendingPathComponent("api").path
            try await client.downloadReleaseFile(asset, releaseID: release.id, owner: "mayun-demo", repo: "private-notes",
                                                 to: saved) { received, _ in reported = received }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: saved)), Releases.bytes(of: file), "byte for byte")
            XCTAssertEqual(reported, Int64(file.size))
            let api = "/api/v5/repos/mayun-demo/private-notes/releases/\(release.id)/attach_files"
            XCTAssertEqual(server.requestLog.map(\.path).suffix(2), [api, api + "/\(file.id)/download"])
            XCTAssertEqual(server.requestLog.last?.login, "mayun-demo", "the download went with the token")
            XCTAssertEqual(server.requestLog.last?.status, 200)

            server.clearLog()
            let website = try XCTUnwrap(URL(string: asset.url))
            let refused = folder.appendingPathComponent("website").path
            await assertThrows(.badResponse(.webPage)) { try await client.download(from: website, to: refused) }
            XCTAssertEqual(server.requestLog.map(\.status), [302, 200], "the website sent it to its login page")
            XCTAssertEqual(server.requestLog.last?.path, "/login")
            XCTAssertEqual(Self.names(in: folder), ["api"], "nothing saved from the login page")
        }
    }

    /// A page labelled `application/octet-stream` is caught by its first bytes, on the API's download call and on
    /// an archive; a page on a `text/html` answer by its type; the file is never created. A file whose own name says
    /// it is a page is saved as it comes.
    func testUntypedPagesAreRefusedAndLeaveNoFile() {
        onMainLoop {
            let server = Fake.server, world = server.world
            let project = try XCTUnwrap(world.project(owner: "mayun-demo", repo: "private-notes"))
            let release = try XCTUnwrap(Releases.of(project, world: world).first)
            let file = try XCTUnwrap(release.assets.first)
            let client = Fake.client(credential: Fake.demoToken)
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let endpoint = Endpoints.releaseFile(owner: "mayun-demo", repo: "private-notes", releaseID: release.id,
                                                 fileID: file.id, name: file.name)
            XCTAssertTrue(endpoint.refusesWebPage)
            server.addFault(Fault(kind: .untypedHTML, path: "/api/v5/repos/*/*/releases/*/attach_files/*/download", count: 1))
            await assertThrows(.badResponse(.webPage)) {
                try await client.download(endpoint, to: folder.appendingPathComponent("a").path)
            }
            server.addFault(Fault(kind: .html, path: "/api/v5/repos/*/*/tarball", count: 1))
            await assertThrows(.badResponse(.webPage)) {
                try await client.download(Endpoints.archive(owner: "mayun-demo", repo: "private-notes", ref: release.tag,
                                                            format: .tarGz), to: folder.appendingPathComponent("b").path)
            }
            XCTAssertEqual(Self.names(in: folder), [], "no file, not even an empty one")
            // Without a fault the same call saves the file (the refusal was the page, not the call).
            try await client.download(endpoint, to: folder.appendingPathComponent("a").path)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("a")), Releases.bytes(of: file))
            // A file named as a page may be one.
            let page = Endpoints.releaseFile(owner: "mayun-demo", repo: "private-notes", releaseID: release.id,
                                             fileID: file.id, name: "manual.html")
            XCTAssertFalse(page.refusesWebPage)
            server.addFault(Fault(kind: .untypedHTML, path: "/api/v5/repos/*/*/releases/*/attach_files/*/download", count: 1))
            try await client.download(page, to: folder.appendingPathComponent("c").path)
            XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("c"), encoding: .utf8).contains("<html"))
        }
    }

    /// Plain HTTP is refused before anything is sent, except to this machine.
    func testPlainHTTPIsRefusedExceptOnLoopback() {
        XCTAssertTrue(GiteeClient.isDownloadAddress(URL(string: "https://gitee.com/a/b/releases/download/v1/x.zip")!))
        XCTAssertFalse(GiteeClient.isDownloadAddress(URL(string: "http://gitee.com/a/b/releases/download/v1/x.zip")!))
        XCTAssertFalse(GiteeClient.isDownloadAddress(URL(string: "http://127.example.com/x.zip")!))
        XCTAssertTrue(GiteeClient.isDownloadAddress(URL(string: "http://127.0.0.1:8080/x.zip")!))
        XCTAssertTrue(GiteeClient.isDownloadAddress(URL(string: "http://[::1]:8080/x.zip")!))
        XCTAssertTrue(GiteeClient.isDownloadAddress(URL(string: "http://localhost/x.zip")!))
        XCTAssertFalse(GiteeClient.isDownloadAddress(URL(string: "ftp://gitee.com/x.zip")!))
        onMainLoop {
            let client = Fake.client(credential: Fake.demoToken)
            await assertThrows(.badResponse(.unexpectedStatus(0))) {
                try await client.download(from: URL(string: "http://gitee.com/a/b/releases/download/v1/x.zip")!,
                                          to: FileManager.default.temporaryDirectory.appendingPathComponent("never").path)
            }
        }
    }

    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-release-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
