import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// What the person reads when Gitee refuses a login or limits requests, and how a list whose source goes away
/// starts over (the list model's half of "a list never mixes sources").
final class GiteeRefusalTextTests: XCTestCase {
    typealias F = SessionFixtures

    private static func submitPasswordLogin(answer: HTTPResponse) -> LoginViewModel {
        MainActor.assumeIsolated {
            let transport = ScriptedTransport()
            transport.on("POST", "/oauth/token", answer)
            let session = makeSession(transport: transport, store: InMemoryCredentialStore(), environment: F.oauthEnvironment)
            let form = LoginViewModel(session: session)
            form.setEmail("demo@mayun.test")
            form.setPassword("pw")
            runUntilDone("submit") { await form.logIn() }
            return form
        }
    }

    func testEachOAuthRefusalSaysItsOwnReason() throws {
        try onMain {
            let scope = Self.submitPasswordLogin(answer: F.json(400, #"{"error":"invalid_scope","error_description":"The requested scope is invalid, unknown, or malformed."}"#))
            let message = try XCTUnwrap(scope.errorMessage)
            XCTAssertTrue(message.contains("Third-party applications"), message)
            for name in OAuthScopes.required { XCTAssertTrue(message.contains(name), "\(name) in: \(message)") }
            XCTAssertNotEqual(message, "The email or password is wrong.")

            let client = Self.submitPasswordLogin(answer: F.json(401, #"{"error":"invalid_client","error_description":"Client authentication failed"}"#))
            XCTAssertEqual(client.errorMessage, "Gitee does not recognise the OAuth application: check the client ID and secret in Preferences.")
            let grant = Self.submitPasswordLogin(answer: F.invalidGrant)
            XCTAssertEqual(grant.errorMessage, "The email or password is wrong.")
            let named = ErrorText.oauth(OAuthFailure(code: "invalid_scope", description: "scope notes is not allowed"))
            XCTAssertTrue(named.contains("these scopes: notes."), named)
        }
    }

    /// The login page, Preferences and the request all use the one scope list.
    func testInstructionsNameTheRequestedScopes() throws {
        try onMain {
            let session = makeSession(transport: ScriptedTransport(), store: nil)
            let form = LoginViewModel(session: session)
            let preferences = OAuthSettingsViewModel(session: session)
            for text in [try XCTUnwrap(form.oauthGuidance), form.tokenExplanation, preferences.explanation] {
                for name in OAuthScopes.required { XCTAssertTrue(text.contains(name), "\(name) in: \(text)") }
            }
            XCTAssertEqual(OAuthClient(id: "i", secret: "s").scope, OAuthScopes.requestValue)
        }
    }

    func testRateLimitSaysHowLongToWait() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        XCTAssertEqual(ErrorText.rateLimit(now.addingTimeInterval(42), now: now), "Gitee is limiting requests and asks to wait 42 s.")
        XCTAssertEqual(ErrorText.rateLimit(nil, now: now), "Gitee is limiting requests: try again in a minute.")
        XCTAssertEqual(ErrorText.rateLimit(now.addingTimeInterval(1e300), now: now), "Gitee is limiting requests and asks to wait 86400 s.")
    }

    /// Popular scrolled to page 2 on v3, then v3 went away (FakeGitee `--v3 gone`, over loopback): the next page
    /// fails once (retry row), and its retry replaces the rows with page 1 of search, kept on screen until it came.
    func testAListWhoseSourceGoesAwayStartsAgainAtPageOneOfTheNewSource() throws {
        try onMain {
            var options = FakeGiteeServer.Options()
            options.projectCount = 300
            options.userCount = 60
            let server = FakeGiteeServer(options: options)
            _ = try server.start(port: 0)
            defer { server.stop() }
            let client = GiteeClient(configuration: GiteeConfiguration(server: server.baseURL, retry: .none))
            let list = PagedListViewModel<Project>(emptyText: "none") { try await client.page(Endpoints.popular(), at: $0) }
            list.start()
            waitUntil("page 1") { list.items.count == 20 }
            list.loadMore()
            waitUntil("page 2") { list.items.count == 40 && !list.isLoadingMore }
            let v3Rows = list.items.map(\.id)
            server.v3Behaviour = .gone
            list.loadMore()
            waitUntil("page 3 fails") { list.loadMoreError != nil }
            XCTAssertEqual(list.items.map(\.id), v3Rows, "the rows stay")
            let generation = list.generation
            list.retry()
            XCTAssertEqual(list.items.map(\.id), v3Rows, "kept until the new first page arrives")
            waitUntil("restarted on search") { list.generation > generation }
            XCTAssertEqual(list.items.count, 20)
            XCTAssertNil(list.loadMoreError)
            XCTAssertEqual(list.state, .content)
            var searchFirst: [Int] = []
            runUntilDone("search page 1") {
                searchFirst = (try? await client.page(Endpoints.search("a", sort: .stars)))?.items.map(\.id) ?? []
            }
            XCTAssertEqual(list.items.map(\.id), searchFirst)
            list.loadMore()
            waitUntil("search page 2") { list.items.count > 20 && !list.isLoadingMore }
            XCTAssertEqual(Set(list.items.map(\.id)).count, list.items.count, "no duplicates")
            XCTAssertTrue(server.requestLog.suffix(1).allSatisfy { $0.path == "/api/v5/search/repositories" && $0.fields["page"] == "2" })
        }
    }
}
