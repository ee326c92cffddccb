import Foundation
import XCTest
@testable import GiteeKit

/// How Gitee's own answers map to `GiteeError`, from answers shaped as the site sends them (GITEE-API.md "OAuth and
/// limits": Doorkeeper's `{error, error_description}`, the messages Gitee's IntelliJ plugin recognises).
final class GiteeAnswerMappingTests: XCTestCase {
    private static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["content-type": "application/json"].merging(headers) { $1 }, body: Data(text.utf8))
    }

    private static let tokenReply = json(200, #"{"access_token": "new", "token_type": "bearer", "expires_in": 86400, "refresh_token": "r2", "scope": "user_info projects pull_requests issues notes", "created_at": 1700000000}"#)

    // MARK: OAuth errors, by their `error` value

    @MainActor
    private static func passwordLogin(answer: HTTPResponse) async -> GiteeError? {
        let stub = StubTransport()
        stub.replies = [answer]
        let client = GiteeClient(configuration: GiteeConfiguration(server: "https://gitee.example"), transport: stub)
        do {
            try await client.logIn(username: "someone@example.com", password: "pw", application: OAuthClient(id: "id", secret: "s"))
            return nil
        } catch {
            XCTAssertEqual(stub.sent.count, 1)
            XCTAssertFalse(client.auth.isLoggedIn)
            return GiteeError.from(error)
        }
    }

    func testInvalidScopeIsNamedAndListsTheScopesToAdd() {
        onMainLoop {
            let error = await Self.passwordLogin(answer: Self.json(400, #"{"error": "invalid_scope", "error_description": "The requested scope is invalid, unknown, or malformed."}"#))
            guard case .oauth(let failure) = error else { return XCTFail("expected .oauth, got \(String(describing: error))") }
            XCTAssertEqual(failure.reason, .invalidScope)
            XCTAssertEqual(failure.namedScopes, [], "Doorkeeper's default text names no scope")
            XCTAssertTrue(failure.explanation.contains("notes"), failure.explanation)
            XCTAssertNotEqual(error?.needsLogin, true)
        }
    }

    func testInvalidScopeNamingAScopeNamesOnlyThatOne() {
        let failure = OAuthFailure(code: "invalid_scope", description: "The application is not allowed the scope: notes")
        XCTAssertEqual(failure.namedScopes, ["notes"])
        XCTAssertEqual(OAuthFailure(code: "invalid_scope", description: "issues_extra is unknown").namedScopes, [],
                       "a word merely containing a scope name is not that scope")
    }

    func testInvalidClientAndInvalidGrantAreTellingApart() {
        onMainLoop {
            let client = await Self.passwordLogin(answer: Self.json(401, #"{"error": "invalid_client", "error_description": "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method."}"#))
            let grant = await Self.passwordLogin(answer: Self.json(400, #"{"error": "invalid_grant", "error_description": "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client."}"#))
            let other = await Self.passwordLogin(answer: Self.json(400, #"{"error": "unsupported_grant_type"}"#))
            guard case .oauth(let clientFailure) = client, case .oauth(let grantFailure) = grant, case .oauth(let otherFailure) = other else {
                return XCTFail("expected .oauth for each: \(String(describing: client)), \(String(describing: grant)), \(String(describing: other))")
            }
            XCTAssertEqual(clientFailure.reason, .invalidClient)
            XCTAssertEqual(grantFailure.reason, .invalidGrant)
            XCTAssertEqual(otherFailure.reason, .other("unsupported_grant_type"))
            XCTAssertTrue(clientFailure.explanation.contains("client ID and secret"))
            XCTAssertEqual(grantFailure.explanation, "The email or password is wrong.")
        }
    }

    /// A 401 without OAuth's shape (a proxy, an old server) stays "unauthorized"; a rate limit at the token endpoint
    /// is a rate limit, not a wrong password.
    func testTokenEndpointAnswersWithoutOAuthShape() {
        onMainLoop {
            let bare = await Self.passwordLogin(answer: HTTPResponse(status: 401))
            XCTAssertEqual(bare, .unauthorized(nil))
            let limited = await Self.passwordLogin(answer: Self.json(403, #"{"message": "403 Forbidden: API rate limit exceeded"}"#))
            XCTAssertEqual(limited, .rateLimited(resetAt: nil))
        }
    }

    func testTheRequestAsksForTheOneScopeList() {
        onMainLoop {
            let stub = StubTransport()
            stub.replies = [Self.tokenReply]
            let client = GiteeClient(configuration: GiteeConfiguration(server: "https://gitee.example"), transport: stub)
            try await client.logIn(username: "a@b.c", password: "pw", application: OAuthClient(id: "id", secret: "s"))
            let form = FormEncoding.decode(String(decoding: stub.sent[0].body ?? Data(), as: UTF8.self))
            XCTAssertEqual(form.first { $0.name == "scope" }?.value, "user_info projects pull_requests issues notes")
            XCTAssertEqual(OAuthScopes.requestValue, OAuthScopes.required.joined(separator: " "))
            XCTAssertEqual(OAuthScopes.listed(and: "and"), "user_info, projects, pull_requests, issues and notes")
        }
    }

    // MARK: Rate limits and expired tokens in Gitee's words

    func testRateLimitMessagesIn403And401() {
        let now = Date()
        for status in [401, 403] {
            let plain = HTTPErrorMapping.error(for: Self.json(status, #"{"message": "\#(status) Forbidden: API rate limit exceeded for 1.2.3.4"}"#))
            XCTAssertEqual(plain, .rateLimited(resetAt: nil), "\(status)")
            XCTAssertEqual(plain.explanation, "Gitee is limiting requests. Try again in a minute.")
            let timed = HTTPErrorMapping.error(for: Self.json(status, #"{"message": "API Rate Limit Exceeded"}"#, headers: ["retry-after": "30"]))
            guard case .rateLimited(let resetAt?) = timed else { return XCTFail("expected a reset time: \(timed)") }
            XCTAssertEqual(resetAt.timeIntervalSince(now), 30, accuracy: 2)
            XCTAssertTrue(timed.explanation.contains("asks to wait"), timed.explanation)
        }
        // Headers alone still work (429; 403 with no requests left), and a 403 without either is "forbidden".
        XCTAssertEqual(HTTPErrorMapping.error(for: Self.json(429, "{}")), .rateLimited(resetAt: nil))
        XCTAssertEqual(HTTPErrorMapping.error(for: Self.json(403, "{}", headers: ["x-ratelimit-remaining": "0"])), .rateLimited(resetAt: nil))
        XCTAssertEqual(HTTPErrorMapping.error(for: Self.json(403, #"{"message": "没有权限"}"#)), .forbidden("没有权限"))
    }

    func testExpiredTokenMessagesAskForARefresh() {
        for status in [401, 403] {
            let expired = Self.json(status, #"{"message": "\#(status) Unauthorized: Access token is expired"}"#)
            XCTAssertEqual(HTTPErrorMapping.error(for: expired), .unauthorized("\(status) Unauthorized: Access token is expired"))
            XCTAssertTrue(HTTPErrorMapping.asksForRefresh(expired), "\(status)")
        }
        XCTAssertTrue(HTTPErrorMapping.asksForRefresh(Self.json(403, #"{"message": "Access token is required"}"#)))
        XCTAssertFalse(HTTPErrorMapping.asksForRefresh(Self.json(403, #"{"message": "Forbidden"}"#)))
        XCTAssertFalse(HTTPErrorMapping.asksForRefresh(Self.json(401, #"{"message": "API rate limit exceeded"}"#)),
                       "a rate limit is not spent on a refresh")
        XCTAssertEqual(GiteeError.from(response: Self.json(404, #"{"message": "404 Project Not Found"}"#)), .notFound("404 Project Not Found"))
    }

    /// A 403 "Access token is expired" refreshes the OAuth token once and repeats the call with the new one.
    func testExpired403RefreshesAndRetries() {
        onMainLoop {
            let stub = StubTransport()
            stub.replies = [Self.json(403, #"{"message": "403 Forbidden: Access token is expired"}"#), Self.tokenReply,
                            Self.json(200, #"{"id": 1, "login": "me", "name": "Me"}"#)]
            let old = Token(accessToken: "old", refreshToken: "r1", expiresIn: 86_400, createdAt: Int(Date().timeIntervalSince1970))
            let client = GiteeClient(configuration: GiteeConfiguration(server: "https://gitee.example"),
                                     auth: GiteeAuth(credential: .oauth(old)), transport: stub)
            let me = try await client.send(Endpoints.me())
            XCTAssertEqual(me.login, "me")
            XCTAssertEqual(stub.sent.count, 3)
            XCTAssertTrue(stub.sent[1].url.hasSuffix("/oauth/token?grant_type=refresh_token&refresh_token=r1"))
            XCTAssertEqual(stub.sent[2].header("Authorization"), "Bearer new")
        }
    }

    func testFromAnyErrorIsTheOneNormalisation() {
        XCTAssertEqual(GiteeError.from(GiteeError.timeout), .timeout)
        XCTAssertEqual(GiteeError.from(CancellationError()), .cancelled)
        XCTAssertEqual(GiteeError.from(JSONDecodingFailure.malformed("x")), .badResponse(.malformedJSON("x")))
        guard case .badResponse(.malformedJSON) = GiteeError.from(URLError(.badURL)) else { return XCTFail("a stray error") }
    }

    // MARK: When v3 counts as gone

    func testOneFaultNeverDecidesThatAnAPIIsGone() {
        var availability = APIAvailability(retryInterval: 60)
        let now = Date(timeIntervalSince1970: 1_000)
        for transient in [GiteeError.server(status: 502, message: nil), .rateLimited(resetAt: nil), .badResponse(.truncated),
                          .badResponse(.malformedJSON("x")), .forbidden("no"), .notFound(nil)] {
            XCTAssertFalse(availability.recordFailure("/api/v3", transient, onFirstPage: false, now: now), "\(transient)")
            XCTAssertFalse(availability.recordFailure("/api/v3", transient, onFirstPage: false, now: now), "\(transient)")
        }
        XCTAssertFalse(availability.isUnavailable("/api/v3", now: now))
        XCTAssertFalse(availability.recordFailure("/api/v3", .badResponse(.htmlPage), onFirstPage: true, now: now))
        availability.recordSuccess("/api/v3")
        XCTAssertFalse(availability.recordFailure("/api/v3", .notFound("410 Gone"), onFirstPage: false, now: now),
                       "a success in between: evidence starts again")
        XCTAssertTrue(availability.recordFailure("/api/v3", .unauthorized(nil), onFirstPage: true, now: now))
        XCTAssertTrue(availability.isUnavailable("/api/v3", now: now))
        XCTAssertEqual(availability.unavailable(now: now), ["/api/v3"])
        // Asked again after the interval; one more piece of evidence takes it away again at once.
        let later = now.addingTimeInterval(61)
        XCTAssertFalse(availability.isUnavailable("/api/v3", now: later))
        XCTAssertTrue(availability.recordFailure("/api/v3", .notFound(nil), onFirstPage: true, now: later))
        XCTAssertTrue(availability.isUnavailable("/api/v3", now: later))
    }
}
