import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// The token reaches the configured server's origin only, including across redirects in both directions, and
/// bodies stop at their byte cap while streaming.
final class TokenOriginTests: XCTestCase {
    /// A second server on another loopback port: another origin. It knows the demo account too, so a leaked token
    /// would be accepted there, and its log says whether one came.
    @MainActor private static var strangerServer: FakeGiteeServer?
    @MainActor private static var stranger: FakeGiteeServer {
        if let strangerServer { return strangerServer }
        var options = FakeGiteeServer.Options()
        options.projectCount = 60
        options.userCount = 40
        let server = FakeGiteeServer(options: options)
        do { try server.start(port: 0) } catch { fatalError("second FakeGitee did not start: \(error)") }
        strangerServer = server
        return server
    }

    @MainActor private static func transport() -> SoupTransport {
        SoupTransport(configuration: GiteeConfiguration(server: Fake.server.baseURL, appVersion: "test", timeout: 5))
    }

    @MainActor private static func get(_ url: String, token: Bool = true, cap: Int64? = nil) async throws -> HTTPResponse {
        let headers = token ? [HTTPHeader("Authorization", "Bearer mayun-demo-token")] : []
        return try await Self.transport().send(HTTPRequest(method: "GET", url: url, headers: headers, maxBodyBytes: cap),
                                          progress: nil)
    }

    private static func encoded(_ url: String) -> String {
        url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
    }

    func testRedirectFromTheServerToAnotherOriginDropsTheToken() {
        onMainLoop {
            Fake.reset()
            Self.stranger.clearLog()
            let project = Self.stranger.world.projects[2]
            let path = "/api/v5/repos/\(Self.stranger.world.fullName(of: project))"
            let target = Self.stranger.baseURL + path
            let response = try await Self.get("\(Fake.server.baseURL)/redirect?to=\(Self.encoded(target))")
            XCTAssertEqual(response.status, 200, "the redirect was followed")
            XCTAssertEqual(Fake.server.requestLog.last?.path, "/redirect")
            XCTAssertEqual(Fake.server.requestLog.last?.tokenSource, "bearer", "the server itself gets the token")
            let seen = try XCTUnwrap(Self.stranger.requestLog.last)
            XCTAssertEqual(seen.path, path)
            XCTAssertNil(seen.tokenSource, "the other origin must not see the token")
        }
    }

    func testRedirectFromAnotherOriginBackToTheServerNeverShowsTheTokenToTheStranger() {
        onMainLoop {
            Fake.reset()
            Self.stranger.clearLog()
            let target = "\(Fake.server.baseURL)/api/v5/users/mayun-demo"
            let response = try await Self.get("\(Self.stranger.baseURL)/redirect?to=\(Self.encoded(target))")
            XCTAssertEqual(response.status, 200)
            let first = try XCTUnwrap(Self.stranger.requestLog.last)
            XCTAssertEqual(first.path, "/redirect")
            XCTAssertNil(first.tokenSource, "a request to another origin leaves without the token")
            XCTAssertEqual(Fake.server.requestLog.last?.path, "/api/v5/users/mayun-demo")
            XCTAssertNil(Fake.server.requestLog.last?.tokenSource,
                         "a stranger's redirect does not earn the token back (it never had it)")
        }
    }

    func testRedirectWithinTheServerKeepsTheToken() {
        onMainLoop {
            Fake.reset()
            let target = "\(Fake.server.baseURL)/api/v5/user"
            let response = try await Self.get("\(Fake.server.baseURL)/redirect?to=\(Self.encoded(target))")
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(Fake.server.requestLog.last?.path, "/api/v5/user")
            XCTAssertEqual(Fake.server.requestLog.last?.tokenSource, "bearer")
            XCTAssertEqual(Fake.server.requestLog.last?.login, "mayun-demo")
        }
    }

    func testFetchImageFromAnotherHostNeverCarriesTheToken() {
        onMainLoop {
            Self.stranger.clearLog()
            let client = Fake.client(credential: Fake.demoToken)
            let project = Self.stranger.world.projects[3]
            let owner = Self.stranger.world.owner(of: project).login
            let url = try XCTUnwrap(URL(string: "\(Self.stranger.baseURL)/api/v5/repos/\(owner)/\(project.path)/raw/docs/images/logo.png"))
            let image = try await client.fetchImage(url, maxBytes: 1 << 20)
            XCTAssertFalse(image.wasAuthenticated)
            XCTAssertNil(Self.stranger.requestLog.last?.tokenSource)
        }
    }

    func testOriginRule() {
        let rule = TokenOrigin(server: "https://gitee.com")
        XCTAssertTrue(rule.allows("https://gitee.com/api/v5/user"))
        XCTAssertTrue(rule.allows("https://GITEE.com:443/x"))
        XCTAssertFalse(rule.allows("http://gitee.com/api/v5/user"), "another scheme is another origin")
        XCTAssertFalse(rule.allows("https://gitee.com:8443/api"), "another port is another origin")
        XCTAssertFalse(rule.allows("https://gitee.com.evil.example/api"))
        XCTAssertFalse(rule.allows("https://evil.example/https://gitee.com/"))
        XCTAssertFalse(rule.allows("file:///etc/passwd"))
        XCTAssertFalse(TokenOrigin(server: "not a url").allows("https://gitee.com/"))
    }

    // MARK: Byte caps

    @MainActor private static func rawURL(_ path: String) -> String {
        let project = Fake.server.world.projects[7]
        let owner = Fake.server.world.owner(of: project).login
        return "\(Fake.server.baseURL)/api/v5/repos/\(owner)/\(project.path)/raw/\(path)"
    }

    func testBodyWithoutALengthStopsAtTheCapWhileStreaming() {
        onMainLoop {
            Fake.reset()
            // The slow fault sends the body chunked: no Content-Length to trust or refuse up front.
            Fake.server.addFault(Fault(kind: .slow, path: "/api/v5/repos/**", delayMs: 5, count: 1))
            await assertThrows(.badResponse(.tooLarge(limit: 100))) {
                try await Self.get(Self.rawURL("docs/images/screenshot.jpg"), token: false, cap: 100)
            }
        }
    }

    func testAnnouncedLengthOverTheCapIsRefusedBeforeReading() {
        onMainLoop {
            Fake.reset()
            await assertThrows(.badResponse(.tooLarge(limit: 100))) {
                try await Self.get(Self.rawURL("docs/images/logo.png"), token: false, cap: 100)
            }
        }
    }

    func testBodyWithinTheCapArrivesWhole() {
        onMainLoop {
            Fake.reset()
            let whole = try await Self.get(Self.rawURL("docs/images/logo.png"), token: false)
            let capped = try await Self.get(Self.rawURL("docs/images/logo.png"), token: false, cap: Int64(whole.body.count))
            XCTAssertGreaterThan(whole.body.count, 100)
            XCTAssertEqual(capped.body, whole.body)
        }
    }
}
