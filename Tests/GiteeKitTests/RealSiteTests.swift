import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Explore against every state the undocumented v3 API may be in on the real site (strict FakeGitee over loopback),
/// logged out, with a personal token, and with an OAuth login: the lists arrive, v3 never sees a token, the login is
/// never refreshed or dropped because of v3, and the fallback is decided once per session.
final class V3StateTests: XCTestCase {
    func testEveryV3StateLoggedOut() {
        for state in V3Behaviour.allCases { browseExplore(v3: state, login: .none) }
    }

    func testEveryV3StateWithPersonalToken() {
        for state in V3Behaviour.allCases { browseExplore(v3: state, login: .personalToken) }
    }

    func testEveryV3StateWithOAuthLogin() {
        for state in V3Behaviour.allCases { browseExplore(v3: state, login: .oauth) }
    }

    /// The case from the issue: an OAuth token that has expired, v3 answering 401. Explore still works, and neither
    /// the refresh token nor the login is touched by it (the next personal call refreshes as usual).
    func testExpiredOAuthTokenIsNotSpentOnExplore() {
        onMainLoop {
            Fake.reset()
            let client = Fake.client()
            try await client.logIn(username: "demo@mayun.test", password: "mayun-demo-password")
            let credential = client.auth.credential
            Fake.server.expireAllTokens()
            Fake.server.v3Behaviour = .unauthorized
            Fake.server.clearLog()
            let popular = try await client.page(Endpoints.popular())
            let searched = try await client.page(Endpoints.search("a"))
            XCTAssertFalse(popular.items.isEmpty)
            XCTAssertTrue(popular.servedByFallback)
            XCTAssertFalse(searched.items.isEmpty)
            XCTAssertFalse(Fake.server.requestLog.contains { $0.path == "/oauth/token" }, "no refresh for public calls")
            XCTAssertEqual(client.auth.credential, credential, "still the same login")
            _ = try await client.send(Endpoints.me())
            XCTAssertEqual(Fake.server.requestLog.filter { $0.path == "/oauth/token" }.count, 1, "a personal call refreshes")
            XCTAssertTrue(client.auth.isLoggedIn)
        }
    }

    /// `--v3` is switchable at runtime through the control API (the e2e runs and demos use the command line).
    func testV3BehaviourControlRoute() {
        onMainLoop {
            Fake.reset()
            let client = Fake.client()
            let answer = try await client.send(Endpoint<Data>(.post, .root, path: "/__fake/v3", form: [QueryItem("mode", "html")]) { $0.body })
            XCTAssertEqual(try JSONNodeDecoding.decode(JSONValue.self, from: answer)["v3"]?.stringValue, "html")
            XCTAssertEqual(Fake.server.v3Behaviour, .html)
            await assertThrows(.validation("mode must be one of: ok, gone, html, redirect, 401")) {
                try await client.send(Endpoint<Data>(.post, .root, path: "/__fake/v3", form: [QueryItem("mode", "maybe")]) { $0.body })
            }
            Fake.server.v3Behaviour = .ok
        }
    }

    /// Strict FakeGitee takes a token on v3 as the site does (other clients send one; Mayun does not) and sends no
    /// viewer fields to strangers; lenient mode (kept for tests that need the old behaviour) sends them, and pages
    /// event lists by number.
    func testStrictAndLenientModes() {
        onMainLoop {
            Fake.reset()
            let transport = SoupTransport(configuration: GiteeConfiguration(server: Fake.server.baseURL))
            func get(_ path: String, token: Bool = false) async throws -> HTTPResponse {
                let headers = token ? [HTTPHeader("Authorization", "Bearer mayun-demo-token")] : []
                return try await transport.send(HTTPRequest(method: "GET", url: Fake.server.baseURL + path, headers: headers), progress: nil)
            }
            func text(_ path: String, token: Bool = false) async throws -> String {
                String(decoding: try await get(path, token: token).body, as: UTF8.self)
            }
            let project = Fake.server.world.projects[3]
            let repo = "/api/v5/repos/\(Fake.server.world.owner(of: project).login)/\(project.path)"
            let v3WithToken = try await get("/api/v3/projects/popular", token: true)
            let v3Plain = try await get("/api/v3/projects/popular")
            let plainProject = try await get(repo)
            let strangerText = try await text(repo)
            let ownerText = try await text(repo, token: true)
            let strictPage1 = try await text(repo + "/events?page=1&per_page=5")
            let strictPage2 = try await text(repo + "/events?page=2&per_page=5")
            XCTAssertEqual(v3WithToken.status, 200, "strict: v3 answers a token as the site does")
            XCTAssertEqual(v3Plain.status, 200)
            XCTAssertNil(plainProject.header("etag"), "strict: no cache headers")
            XCTAssertNil(plainProject.header("cache-control"))
            XCTAssertFalse(strangerText.contains("\"stared\""), "strict: no stared for a caller without a token")
            XCTAssertTrue(ownerText.contains("\"stared\""))
            XCTAssertEqual(strictPage1, strictPage2, "strict: page is ignored on events")

            Fake.server.setStrict(false)
            defer { Fake.server.setStrict(true) }
            let lenientV3 = try await get("/api/v3/projects/popular", token: true)
            let lenientStranger = try await text(repo)
            let lenientPage1 = try await text(repo + "/events?page=1&per_page=5")
            let lenientPage2 = try await text(repo + "/events?page=2&per_page=5")
            XCTAssertEqual(lenientV3.status, 200, "lenient: v3 takes a token")
            XCTAssertTrue(lenientStranger.contains("\"stared\""))
            XCTAssertNotEqual(lenientPage1, lenientPage2, "lenient: plain pages work")
        }
    }

    enum Login { case none, personalToken, oauth }

    private func browseExplore(v3 state: V3Behaviour, login: Login, file: StaticString = #filePath, line: UInt = #line) {
        onMainLoop(file: file, line: line) {
            Fake.reset()
            let client = Fake.client(credential: login == .personalToken ? Fake.demoToken : nil)
            if login == .oauth { try await client.logIn(username: "demo@mayun.test", password: "mayun-demo-password") }
            let credential = client.auth.credential
            var lines: [String] = []
            client.log = { lines.append($0) }
            Fake.server.v3Behaviour = state
            Fake.server.clearLog()
            let context = "v3 \(state.rawValue), login \(login)"

            let popular = try await client.page(Endpoints.popular())
            XCTAssertEqual(popular.items.count, 20, context, file: file, line: line)
            let popular2 = try await client.page(Endpoints.popular(), at: popular.next)
            XCTAssertEqual(popular2.items.count, 20, context, file: file, line: line)
            XCTAssertTrue(Set(popular.items.map(\.id)).isDisjoint(with: popular2.items.map(\.id)), context, file: file, line: line)
            let latest = try await client.page(Endpoints.latest())
            XCTAssertEqual(latest.items.count, 20, context, file: file, line: line)
            let pushes = latest.items.compactMap { $0.pushedAt?.date }
            XCTAssertEqual(pushes.count, 20, context, file: file, line: line)
            XCTAssertEqual(pushes, pushes.sorted(by: >), "newest push first: \(context)", file: file, line: line)
            let featured = try await client.page(Endpoints.featured())
            XCTAssertFalse(featured.items.isEmpty, context, file: file, line: line)
            let languages = try await client.send(Endpoints.languages())
            let java = try XCTUnwrap(languages.first { $0.name == "Java" }, context, file: file, line: line)
            let javaProjects = try await client.page(Endpoints.languageProjects(id: java.id, name: java.name))
            XCTAssertEqual(javaProjects.items.count, 20, context, file: file, line: line)
            XCTAssertTrue(javaProjects.items.allSatisfy { $0.language == "Java" }, context, file: file, line: line)

            let fellBack = state != .ok
            for page in [popular.servedByFallback, popular2.servedByFallback, latest.servedByFallback, featured.servedByFallback] {
                XCTAssertEqual(page, fellBack, context, file: file, line: line)
            }
            XCTAssertEqual(java.id < 0, fellBack, "the search language list stands in: \(context)", file: file, line: line)
            let log = Fake.server.requestLog
            let v3 = log.filter { $0.path.hasPrefix("/api/v3/") }
            // Working v3 answers all six calls; a failing one is asked twice (one failure is not enough evidence:
            // Popular's first page then came from search, and so does page 2 of that list), then the session uses
            // search for every list, from page 1.
            XCTAssertEqual(v3.count, fellBack ? 2 : 6, "v3 requests: \(context)", file: file, line: line)
            XCTAssertEqual(client.unavailableAPIs.contains("/api/v3"), fellBack, context, file: file, line: line)
            XCTAssertEqual(lines.filter { $0.contains("unavailable") }.count, fellBack ? 1 : 0, "one log line: \(context)",
                           file: file, line: line)
            XCTAssertTrue(v3.allSatisfy { $0.tokenSource == nil }, "no token to v3: \(context)", file: file, line: line)
            XCTAssertTrue(log.allSatisfy { $0.tokenSource == nil }, "public calls carry no token: \(context)", file: file, line: line)
            XCTAssertFalse(log.contains { $0.path == "/oauth/token" }, "no refresh: \(context)", file: file, line: line)
            if state == .redirect {
                XCTAssertTrue(log.contains { $0.path == "/login" && $0.tokenSource == nil }, "followed to the login page: \(context)",
                              file: file, line: line)
            }
            XCTAssertEqual(client.auth.credential, credential, "the login is untouched: \(context)", file: file, line: line)
        }
    }
}

/// A server that ignores `page` (or `prev_id`) cannot make a list endless: a page that begins like the previous one
/// ends the list.
final class EndlessListTests: XCTestCase {
    private static func projects(_ ids: ClosedRange<Int>) -> Data {
        Data(("[" + ids.map { #"{"id": \#($0), "full_name": "o/p\#($0)", "path": "p\#($0)", "name": "p\#($0)"}"# }.joined(separator: ",") + "]").utf8)
    }

    func testNumberedListThatIgnoresPageEnds() {
        onMainLoop {
            let stub = StubTransport()
            // Every page is the same full page, and there is no total_page header to stop at.
            stub.replies = Array(repeating: HTTPResponse(status: 200, body: Self.projects(1...20)), count: 10)
            let client = GiteeClient(configuration: GiteeConfiguration(server: "https://gitee.example"), transport: stub)
            let first = try await client.page(Endpoints.search("a"))
            XCTAssertEqual(first.items.count, 20)
            let second = try await client.page(Endpoints.search("a"), at: first.next)
            XCTAssertTrue(second.items.isEmpty, "the repeated rows are not shown twice")
            XCTAssertTrue(second.isLast)
            XCTAssertEqual(stub.sent.count, 2)
            XCTAssertTrue(stub.sent[1].url.contains("page=2"))
        }
    }

    func testAfterIDListThatIgnoresPrevIDEnds() {
        onMainLoop {
            let stub = StubTransport()
            stub.replies = Array(repeating: HTTPResponse(status: 200, body: Self.projects(1...20)), count: 10)
            let client = GiteeClient(configuration: GiteeConfiguration(server: "https://gitee.example"), transport: stub)
            let all = try await client.all(Endpoints.userStarred("someone"))
            XCTAssertEqual(all.map(\.id), Array(1...20))
            XCTAssertEqual(stub.sent.count, 2)
            XCTAssertTrue(stub.sent[1].url.contains("prev_id=20"))
        }
    }

    /// Branches have no id: the whole first item is compared. `all` also stops at `maxPages` whatever happens.
    func testAllPagesOfBranchesStopOnARepeat() {
        onMainLoop {
            let stub = StubTransport()
            let page = Data(("[" + (1...2).map { #"{"name": "b\#($0)", "commit": {"sha": "s\#($0)"}}"# }.joined(separator: ",") + "]").utf8)
            stub.replies = Array(repeating: HTTPResponse(status: 200, body: page), count: 10)
            let client = GiteeClient(configuration: GiteeConfiguration(server: "https://gitee.example"), transport: stub)
            let branches = try await client.all(Endpoints.branches(owner: "o", repo: "r", perPage: 2))
            XCTAssertEqual(branches.map(\.name), ["b1", "b2"])
            XCTAssertEqual(stub.sent.count, 2)
            XCTAssertTrue(stub.sent[0].url.hasSuffix("/branches?page=1&per_page=2"))
        }
    }

    /// Strict FakeGitee ignores `page` on repository events (the spec's prev_id/limit only): GiteeKit pages them by
    /// prev_id, sees every event once, and stops.
    func testRepositoryEventsByPrevIDOnStrictServer() {
        onMainLoop {
            Fake.reset()
            let client = Fake.client()
            let project = Fake.server.world.projects[3]
            let owner = Fake.server.world.owner(of: project).login
            let endpoint = Endpoints.repositoryEvents(owner: owner, repo: project.path, limit: 5)
            let events = try await client.all(endpoint)
            XCTAssertGreaterThan(events.count, 5, "more than one page")
            XCTAssertEqual(Set(events.map(\.id)).count, events.count, "no event twice")
            let asked = Fake.server.requestLog.filter { $0.path.hasSuffix("/events") }
            XCTAssertTrue(asked.allSatisfy { $0.fields["page"] == nil && $0.fields["limit"] == "5" })
            XCTAssertEqual(asked.dropFirst().compactMap { $0.fields["prev_id"] }.count, asked.count - 1)
            // The same list paged by number (what GiteeKit used to do) repeats itself on a strict server...
            let byPage = Endpoint<[Event]>(.get, .v5, path: endpoint.path, paging: .numbered(perPage: 5))
            let first = try await client.page(byPage)
            let second = try await client.page(byPage, at: first.next)
            // ...and ends at once instead of showing the same five events forever.
            XCTAssertTrue(second.items.isEmpty && second.isLast)
        }
    }

    /// Strict FakeGitee pages branches (20 by default); `all` fetches every page.
    func testAllBranchesAcrossPages() {
        onMainLoop {
            Fake.reset()
            let client = Fake.client()
            let project = try XCTUnwrap(Fake.server.world.projects.first { $0.branches.count >= 3 })
            let owner = Fake.server.world.owner(of: project).login
            let branches = try await client.all(Endpoints.branches(owner: owner, repo: project.path, perPage: 2))
            XCTAssertEqual(branches.map(\.name), project.branches)
            XCTAssertEqual(Fake.server.requestLog.filter { $0.path.hasSuffix("/branches") }.count, (project.branches.count + 2) / 2)
        }
    }
}

/// The refresh grant as Gitee documents it, with the registered application, against a FakeGitee that requires it.
final class RefreshGrantTests: XCTestCase {
    /// A strict FakeGitee with one registered application (a second server: the shared one accepts any client).
    @MainActor private static let server = FakeGiteeServer.startedForTests {
        $0.projectCount = 50
        $0.userCount = 30
        $0.accounts = AccountsFixture(accounts: [.demo], clients: [(id: "mayun", secret: "s3cret")])
    }

    @MainActor private static func makeClient(_ application: OAuthClient?) -> GiteeClient {
        GiteeClient(configuration: GiteeConfiguration(server: Self.server.baseURL, appVersion: "test", oauthClient: application))
    }

    func testRefreshNamesTheRegisteredApplication() {
        onMainLoop {
            let client = Self.makeClient(OAuthClient(id: "mayun", secret: "s3cret"))
            try await client.logIn(username: "demo@mayun.test", password: "mayun-demo-password")
            let before = client.auth.credential
            Self.server.expireAllTokens()
            Self.server.clearLog()
            let me = try await client.send(Endpoints.me())
            XCTAssertEqual(me.login, "mayun-demo")
            XCTAssertNotEqual(client.auth.credential, before, "a new token")
            let refresh = try XCTUnwrap(Self.server.requestLog.first { $0.path == "/oauth/token" })
            XCTAssertEqual(refresh.method, "POST")
            XCTAssertEqual(refresh.fields["grant_type"], "refresh_token")
            XCTAssertEqual(refresh.fields["client_id"], "mayun")
            XCTAssertEqual(refresh.fields["client_secret"], "***", "sent (and masked in the log)")
            XCTAssertEqual(refresh.status, 200)
        }
    }

    /// The application given at login is the one its token's refreshes name, even when none was configured.
    func testRefreshUsesTheApplicationOfTheLogin() {
        onMainLoop {
            let client = Self.makeClient(nil)
            try await client.logIn(username: "demo@mayun.test", password: "mayun-demo-password",
                                   application: OAuthClient(id: "mayun", secret: "s3cret"))
            Self.server.expireAllTokens()
            _ = try await client.send(Endpoints.me())
            XCTAssertTrue(client.auth.isLoggedIn)
        }
    }

    /// Without the application's credentials a strict server refuses the refresh: the login ends cleanly.
    func testRefreshWithoutCredentialsIsRefused() {
        onMainLoop {
            let client = Self.makeClient(OAuthClient(id: "mayun", secret: "s3cret"))
            try await client.logIn(username: "demo@mayun.test", password: "mayun-demo-password")
            client.oauthClient = nil
            Self.server.expireAllTokens()
            Self.server.clearLog()
            await assertThrows(.unauthorized(nil)) { try await client.send(Endpoints.me()) }
            XCTAssertEqual(Self.server.requestLog.first { $0.path == "/oauth/token" }?.status, 401)
            XCTAssertFalse(client.auth.isLoggedIn)
        }
    }
}
