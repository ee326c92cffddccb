import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Password and refresh grants, silent refresh on 401, "log in again" when that fails, tokens only in headers.
final class AuthTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Fake.reset() }
    }

    func testPasswordLoginThenAuthenticatedCalls() {
        onMainLoop {
            let client = Fake.client()
            var changes: [GiteeAuth.Credential?] = []
            client.auth.onChange = { changes.append($0) }
            let token = try await client.logIn(username: "demo@mayun.test", password: "mayun-demo-password")
            XCTAssertEqual(token.expiresIn, 86_400)
            XCTAssertNotNil(token.refreshToken)
            XCTAssertEqual(changes.count, 1)
            let me = try await client.send(Endpoints.me())
            XCTAssertEqual(me.login, "mayun-demo")
            let tokenRequest = try XCTUnwrap(Fake.server.requestLog.first { $0.path == "/oauth/token" })
            XCTAssertEqual(tokenRequest.fields["password"], "***", "the log never holds secrets")
            XCTAssertEqual(tokenRequest.fields["grant_type"], "password")
            for entry in Fake.server.requestLog {
                XCTAssertNil(entry.fields["access_token"], "tokens never travel in URLs")
                XCTAssertFalse(entry.path.contains(token.accessToken))
            }
            XCTAssertEqual(Fake.server.requestLog.last?.tokenSource, "bearer")
        }
    }

    /// A wrong password is OAuth's `invalid_grant`, named as such (not a generic "unauthorized"), with the message.
    func testWrongPasswordIsInvalidGrantWithMessage() {
        onMainLoop {
            let client = Fake.client()
            do {
                try await client.logIn(username: "demo@mayun.test", password: "wrong")
                XCTFail("expected a failure")
            } catch GiteeError.oauth(let failure) {
                XCTAssertEqual(failure.reason, .invalidGrant)
                XCTAssertEqual(failure.code, "invalid_grant")
                XCTAssertNotNil(failure.description)
            }
            XCTAssertFalse(client.auth.isLoggedIn)
        }
    }

    func testExpiredTokenIsRefreshedOnceSilently() {
        onMainLoop {
            let client = Fake.client()
            let first = try await client.logIn(username: "tester", password: "secret-pass")
            Fake.server.expireAllTokens()
            Fake.server.clearLog()
            // Two calls at once: one refresh serves both.
            async let a = client.send(Endpoints.me())
            async let b = client.send(Endpoints.myStarred())
            let (me, _) = try await (a, b)
            XCTAssertEqual(me.login, "tester")
            XCTAssertEqual(Fake.server.requestLog.filter { $0.path == "/oauth/token" }.count, 1)
            guard case .oauth(let renewed)? = client.auth.credential else { return XCTFail("no OAuth credential") }
            XCTAssertNotEqual(renewed.accessToken, first.accessToken)
            XCTAssertEqual(Fake.server.requestLog.first { $0.path == "/oauth/token" }?.fields["grant_type"], "refresh_token")
        }
    }

    func testShortTokenLifetimeRefreshesBeforeUse() {
        onMainLoop {
            Fake.server.tokenLifetime = 30  // under the client's 60 s margin: already "about to expire"
            let client = Fake.client()
            try await client.logIn(username: "tester", password: "secret-pass")
            Fake.server.clearLog()
            _ = try await client.send(Endpoints.me())
            XCTAssertEqual(Fake.server.requestLog.map(\.path), ["/oauth/token", "/api/v5/user"], "no 401 round trip needed")
        }
    }

    func testFailedRefreshMeansLoginNeeded() {
        onMainLoop {
            let client = Fake.client()
            var last: GiteeAuth.Credential?? = nil
            client.auth.onChange = { last = $0 }
            try await client.logIn(username: "tester", password: "secret-pass")
            // A refresh token that the server does not know any more (used elsewhere).
            guard case .oauth(var token)? = client.auth.credential else { return XCTFail("no token") }
            token.refreshToken = "revoked"
            client.auth.use(.oauth(token))
            Fake.server.expireAllTokens()
            do {
                _ = try await client.send(Endpoints.me())
                XCTFail("expected unauthorized")
            } catch let error as GiteeError {
                XCTAssertTrue(error.needsLogin)
            }
            XCTAssertFalse(client.auth.isLoggedIn)
            XCTAssertEqual(last, .some(nil), "the app is told to forget the credential")
        }
    }

    func testPersonalTokenLogin() {
        onMainLoop {
            let client = Fake.client()
            let user = try await client.logIn(personalToken: "mayun-demo-token")
            XCTAssertEqual(user.login, "mayun-demo")
            XCTAssertEqual(client.auth.credential, .personalToken("mayun-demo-token"))
            let other = Fake.client()
            await assertThrows(.unauthorized("401 Unauthorized: Invalid access token")) { try await other.logIn(personalToken: "nope") }
            XCTAssertFalse(other.auth.isLoggedIn)
        }
    }

    func testPasswordLoginNeedsAnOAuthApplication() {
        onMainLoop {
            let client = GiteeClient(configuration: GiteeConfiguration(server: Fake.server.baseURL))
            do {
                try await client.logIn(username: "a", password: "b")
                XCTFail("expected validation")
            } catch GiteeError.validation {}
            // Settings supplies the application later: the same client can log in.
            client.oauthClient = Fake.oauthClient
            try await client.logIn(username: "tester", password: "secret-pass")
            XCTAssertTrue(client.auth.isLoggedIn)
            let other = GiteeClient(configuration: GiteeConfiguration(server: Fake.server.baseURL))
            try await other.logIn(username: "tester", password: "secret-pass", application: Fake.oauthClient)
            XCTAssertTrue(other.auth.isLoggedIn)
        }
    }
}
