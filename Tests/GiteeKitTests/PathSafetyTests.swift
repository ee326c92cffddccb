import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// A path part taken from a stranger (a link, a file name, a ref) can never make a request reach another project:
/// either the client refuses it before sending (`GiteeError.unsafePath`), or the server receives exactly the path the
/// endpoint was built with (libsoup removes dot segments, `%2E%2E` included, so "exactly" is the real test).
final class PathSafetyTests: XCTestCase {
    func testDotSegmentsEncodedSlashesAndControlsAreRefused() {
        let hostile = ["..", ".", "", "a/b", "..\\x", "a\u{0}b", "a\u{85}b"]
        for part in hostile {
            XCTAssertNotNil(PathSafety.problem(inEncodedPath: Endpoints.project(owner: part, repo: "r").path), part)
            XCTAssertNotNil(PathSafety.problem(inEncodedPath: Endpoints.project(owner: "o", repo: part).path), part)
        }
        let traversal = "../../../other/secret/contents/README.md"
        XCTAssertNotNil(PathSafety.problem(inEncodedPath: Endpoints.file(owner: "o", repo: "r", path: traversal).path))
        XCTAssertNotNil(PathSafety.problem(inEncodedPath: Endpoints.createFile(owner: "o", repo: "r", path: "docs/../../x/y",
                                                                                content: Data(), message: "m", branch: nil).path))
        XCTAssertNotNil(PathSafety.problem(inEncodedPath: "/repos/o/r/contents/%2E%2E/%2e%2E/x"))
        XCTAssertNotNil(PathSafety.problem(inEncodedPath: Endpoints.release(owner: "o", repo: "r", tag: "../../x").path))
        XCTAssertNotNil(PathSafety.problem(inEncodedPath: Endpoints.user("a/../b").path))
    }

    func testOrdinaryPathsPass() {
        let fine = [
            Endpoints.project(owner: "oschina", repo: "gitee.ai").path,
            Endpoints.file(owner: "o", repo: "r", path: "docs/中文 名.md").path,
            Endpoints.file(owner: "o", repo: "r", path: "..hidden/...three/.env").path,
            Endpoints.release(owner: "o", repo: "r", tag: "release/1.0").path,
            Endpoints.folder(owner: "o", repo: "r").path,
            Endpoints.file(owner: "o", repo: "r", path: String(repeating: "x", count: 4000)).path,
        ]
        for path in fine { XCTAssertNil(PathSafety.problem(inEncodedPath: path), path) }
    }

    /// Generated hostile parts, sent for real: what FakeGitee's log says arrived is the intended path, or nothing
    /// arrived and the client said why.
    func testWhatLibsoupSendsIsWhatWasBuiltOrNothing() {
        let pieces = ["..", ".", "%2E%2E", "%2e.", "/", "%2F", "\\", "\u{0}", "\u{7F}", "a", "中", "-", " ", "?", "#",
                      String(repeating: "z", count: 300)]
        var generator = SystemRandomNumberGenerator()
        var parts: [String] = []
        for _ in 0..<120 {
            let count = Int.random(in: 1...6, using: &generator)
            parts.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        onMainLoop {
            Fake.reset()
            let client = Fake.client()
            var refused = 0
            var sent = 0
            for part in parts {
                let endpoints = [
                    Endpoints.file(owner: "o", repo: "r", path: part).path,
                    Endpoints.project(owner: part, repo: "r").path,
                    Endpoints.release(owner: "o", repo: "r", tag: part).path,
                ]
                for (index, path) in endpoints.enumerated() {
                    Fake.server.clearLog()
                    let endpoint = Endpoint<NoContent>(.get, .v5, path: path, isPublic: true)
                    do {
                        _ = try await client.send(endpoint)
                    } catch GiteeError.unsafePath {
                        refused += 1
                        XCTAssertTrue(Fake.server.requestLog.isEmpty, "refused but sent: \(path)")
                        continue
                    } catch {}
                    sent += 1
                    // FakeGitee logs the path decoded (as GUri gives it to a server): a dot segment removed on the
                    // way would be missing from it.
                    let arrived = Fake.server.requestLog.map(\.path)
                    XCTAssertEqual(arrived, [("/api/v5" + path).removingPercentEncoding ?? ""],
                                   "endpoint \(index), part \(part.debugDescription)")
                }
            }
            XCTAssertGreaterThan(refused, 0)
            XCTAssertGreaterThan(sent, 0)
        }
    }
}

/// Issue 36, item 9: every answer held in memory has a byte cap (a JSON answer too), so a server cannot fill the
/// memory; the transport stops reading there and the error says "too large" in words.
final class AnswerCapTests: XCTestCase {
    func testEveryJSONRequestCarriesTheCapAndATooLargeAnswerIsSaidInWords() {
        onMainLoop {
            let stub = StubTransport()
            stub.replies = [HTTPResponse(status: 200, body: Data(#"{"id": 1, "login": "me"}"#.utf8))]
            let client = GiteeClient(configuration: GiteeConfiguration(server: "https://gitee.example"),
                                     auth: GiteeAuth(credential: .personalToken("t")), transport: stub)
            _ = try await client.send(Endpoints.me())
            XCTAssertEqual(stub.sent.first?.maxBodyBytes, GiteeClient.maxAnswerBytes)
            let error = GiteeError.badResponse(.tooLarge(limit: GiteeClient.maxAnswerBytes))
            XCTAssertTrue(error.explanation.contains("too large"), error.explanation)
        }
    }
}

/// Issue 41: a page's parallel requests are not queued two by two behind libsoup's default.
final class ConnectionLimitTests: XCTestCase {
    func testTheSessionOpensSixConnectionsPerHost() {
        onMainLoop {
            let transport = SoupTransport(configuration: GiteeConfiguration(server: "http://127.0.0.1:9", appVersion: "test"))
            let limits = transport.connectionLimits()
            XCTAssertEqual(limits.perHost, SoupTransport.maxConnectionsPerHost)
            XCTAssertEqual(limits.total, SoupTransport.maxConnections)
        }
    }
}
