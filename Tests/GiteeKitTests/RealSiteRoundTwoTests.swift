import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Explore against a flaky or vanishing v3 (strict FakeGitee over loopback): one fault never switches it, a list
/// never mixes v3 and search, and a list whose source goes away starts again at page 1 of search.
final class ExploreFallbackTests: XCTestCase {
    private static func ids(_ page: Page<Project>) -> [Int] { page.items.map(\.id) }

    /// Popular's first three pages from a v3 that answers normally: what a flaky run must show too.
    @MainActor
    private static func referencePages() async throws -> [[Int]] {
        let client = Fake.client()
        let first = try await client.page(Endpoints.popular())
        let second = try await client.page(Endpoints.popular(), at: first.next)
        let third = try await client.page(Endpoints.popular(), at: second.next)
        return [Self.ids(first), Self.ids(second), Self.ids(third)]
    }

    /// Every other v3 answer a 502: the retries absorb it, the session keeps v3, three pages in v3's order.
    func testEveryOtherAnswerA5xxKeepsV3ThroughPageThree() {
        onMainLoop {
            Fake.reset()
            let reference = try await Self.referencePages()
            _ = Fake.server.addFault(Fault(kind: .status, path: "/api/v3/**", status: 502, every: 2))
            Fake.server.clearLog()
            let client = Fake.client()
            let first = try await client.page(Endpoints.popular())
            let second = try await client.page(Endpoints.popular(), at: first.next)
            let third = try await client.page(Endpoints.popular(), at: second.next)
            XCTAssertEqual([Self.ids(first), Self.ids(second), Self.ids(third)], reference)
            XCTAssertFalse([first, second, third].contains { $0.servedByFallback || $0.restartsList })
            XCTAssertTrue(client.unavailableAPIs.isEmpty)
            let log = Fake.server.requestLog
            XCTAssertTrue(log.contains { $0.status == 502 }, "the faults were served")
            XCTAssertFalse(log.contains { $0.path.hasPrefix("/api/v5/search") }, "search never asked")
        }
    }

    /// Every other v3 answer a firewall page (no retry helps): a later page fails alone and its retry (the list's
    /// retry row) gets it from v3; no two pieces of evidence come in a row, so v3 stays.
    func testEveryOtherAnswerAnHTMLPageKeepsV3AndTheRetryContinuesIt() {
        onMainLoop {
            Fake.reset()
            let reference = try await Self.referencePages()
            _ = Fake.server.addFault(Fault(kind: .html, path: "/api/v3/**", every: 2))
            let client = Fake.client()
            let first = try await client.page(Endpoints.popular())
            var pages = [first]
            for _ in 0..<2 {
                let next = pages[pages.count - 1].next
                await assertThrows(.badResponse(.htmlPage)) { try await client.page(Endpoints.popular(), at: next) }
                pages.append(try await client.page(Endpoints.popular(), at: next))
            }
            XCTAssertEqual(pages.map { Self.ids($0) }, reference)
            XCTAssertFalse(pages.contains { $0.servedByFallback || $0.restartsList })
            XCTAssertTrue(client.unavailableAPIs.isEmpty)
        }
    }

    /// v3 goes away while Popular is on page 2: page 3 fails once, and on its retry the list starts over at page 1
    /// of search (replacing the rows), then continues with search's page 2. Other lists go straight to search,
    /// and v3 is asked again once the retry interval has passed.
    func testV3GoneMidScrollRestartsTheListAtPageOneOfSearch() {
        onMainLoop {
            Fake.reset()
            let client = Fake.client()
            var lines: [String] = []
            client.log = { lines.append($0) }
            let first = try await client.page(Endpoints.popular())
            let second = try await client.page(Endpoints.popular(), at: first.next)
            XCTAssertFalse(second.servedByFallback)
            Fake.server.v3Behaviour = .gone
            await assertThrows(.notFound("410 Gone: API v3 is no longer available")) {
                try await client.page(Endpoints.popular(), at: second.next)
            }
            XCTAssertTrue(client.unavailableAPIs.isEmpty, "one answer is not enough")
            let restarted = try await client.page(Endpoints.popular(), at: second.next)
            XCTAssertTrue(restarted.restartsList)
            XCTAssertTrue(restarted.servedByFallback)
            let searchFirst = try await Fake.client().page(Endpoints.search("a", sort: .stars))
            XCTAssertEqual(Self.ids(restarted), Self.ids(searchFirst), "page 1 of search, not page 3")
            let afterRestart = try await client.page(Endpoints.popular(), at: restarted.next)
            XCTAssertFalse(afterRestart.restartsList)
            let searchSecond = try await Fake.client().page(Endpoints.search("a", sort: .stars), at: searchFirst.next)
            XCTAssertEqual(Self.ids(afterRestart), Self.ids(searchSecond))
            XCTAssertEqual(client.unavailableAPIs, ["/api/v3"])
            XCTAssertEqual(lines.filter { $0.contains("unavailable") }.count, 1, "switched once")

            Fake.server.clearLog()
            let latest = try await client.page(Endpoints.latest())
            XCTAssertTrue(latest.servedByFallback)
            XCTAssertFalse(Fake.server.requestLog.contains { $0.path.hasPrefix("/api/v3") }, "v3 is not asked meanwhile")

            Fake.server.v3Behaviour = .ok
            client.unavailableAPIRetryInterval = 0  // the interval (30 min in the app) has passed
            let again = try await client.page(Endpoints.popular())
            XCTAssertFalse(again.servedByFallback, "v3 is asked again later, and used when it answers")
            XCTAssertTrue(client.unavailableAPIs.isEmpty)
        }
    }

    /// A language that search does not list (Vue, in FakeGitee's v3 list) browses through v3 only; search's own
    /// language names are sent as search spells them, others never.
    func testLanguagesOffSearchsListBrowseThroughV3Only() {
        onMainLoop {
            Fake.reset()
            let vue = Endpoints.languageProjects(id: 21, name: "Vue")
            XCTAssertEqual(vue.api, .v3)
            XCTAssertTrue(vue.fallbacks.isEmpty)
            let matlab = Endpoints.languageProjects(id: 23, name: "MATLAB")
            XCTAssertEqual(matlab.fallbacks.first?.query.first { $0.name == "language" }?.value, "Matlab")
            XCTAssertFalse(Endpoints.search("x", language: "Vue").query.contains { $0.name == "language" })
            XCTAssertTrue(Language.searchLanguages.contains { $0.name == "other" })

            let client = Fake.client()
            let page = try await client.page(vue)
            XCTAssertFalse(page.items.isEmpty)
            XCTAssertTrue(page.items.allSatisfy { $0.language == "Vue" })
            Fake.server.v3Behaviour = .gone
            await assertThrows(.notFound("410 Gone: API v3 is no longer available")) { try await client.page(vue) }
            XCTAssertFalse(Fake.server.requestLog.contains { $0.fields["language"] == "Vue" }, "Vue is never sent to search")
        }
    }
}

/// FakeGitee refuses what gitee.com refuses, and answers limits and expired tokens in Gitee's words; the client
/// understands them.
final class StrictAnswersTests: XCTestCase {
    @MainActor
    private static func status(_ path: String, token: String? = nil, scheme: String = "Bearer") async throws -> (Int, String) {
        let transport = SoupTransport(configuration: GiteeConfiguration(server: Fake.server.baseURL))
        let headers = token.map { [HTTPHeader("Authorization", "\(scheme) \($0)")] } ?? []
        let response = try await transport.send(HTTPRequest(method: "GET", url: Fake.server.baseURL + path, headers: headers), progress: nil)
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    func testParametersOffThePublishedListsAreRefused() {
        onMainLoop {
            Fake.reset()
            let project = Fake.server.world.projects[3]
            let issues = "/api/v5/repos/\(Fake.server.world.owner(of: project).login)/\(project.path)/issues"
            let refused = ["/api/v5/search/repositories?q=a&per_page=101", "/api/v5/search/repositories?q=a&per_page=0",
                           "/api/v5/search/repositories?q=a&sort=stars", "/api/v5/search/repositories?q=a&order=up",
                           "/api/v5/search/repositories?q=a&language=Vue", issues + "?state=merged",
                           issues + "?direction=down", issues + "?sort=comments"]
            for path in refused {
                let (code, body) = try await Self.status(path)
                XCTAssertEqual(code, 400, path)
                XCTAssertTrue(body.contains("does not have a valid value"), body)
            }
            for path in ["/api/v5/search/repositories?q=a&per_page=100&language=other", issues + "?state=progressing",
                         issues + "?state=rejected&sort=updated&direction=asc"] {
                let (code, body) = try await Self.status(path)
                XCTAssertEqual(code, 200, "\(path): \(body)")
            }
        }
    }

    /// Search matches words: every result of `q=spring` has the word "spring" somewhere, and a fragment of a word
    /// ("sprin") finds nothing that only contains it.
    func testSearchMatchesWordsNotSubstrings() {
        onMainLoop {
            Fake.reset()
            let client = Fake.client()
            let spring = try await client.page(Endpoints.search("spring", perPage: 100)).items
            XCTAssertFalse(spring.isEmpty)
            for project in spring {
                let text = [project.fullName, project.name, project.description ?? "", project.language ?? ""].joined(separator: " ")
                let words = text.lowercased().split { !($0.isLetter || $0.isNumber) }
                XCTAssertTrue(words.contains("spring"), text)
            }
            let fragment = try await client.page(Endpoints.search("sprin", perPage: 100)).items
            XCTAssertTrue(fragment.isEmpty, fragment.map(\.fullName).joined(separator: ", "))
        }
    }

    func testTokenSchemeAndATokenOnV3AreAcceptedAsTheSiteDoes() {
        onMainLoop {
            Fake.reset()
            let (code, body) = try await Self.status("/api/v5/user", token: "mayun-demo-token", scheme: "token")
            XCTAssertEqual(code, 200)
            XCTAssertTrue(body.contains("\"login\":\"mayun-demo\"") || body.contains("\"login\": \"mayun-demo\""), body)
            XCTAssertEqual(Fake.server.requestLog.last?.tokenSource, "token")
            let (v3, _) = try await Self.status("/api/v3/projects/popular", token: "mayun-demo-token")
            XCTAssertEqual(v3, 200)
        }
    }

    func testPasswordGrantChecksTheApplicationAndItsScopes() {
        onMainLoop {
            Fake.reset()
            let client = Fake.client()
            func attempt(_ application: OAuthClient) async -> GiteeError? {
                do { try await client.logIn(username: "demo@mayun.test", password: "mayun-demo-password", application: application); return nil }
                catch { return GiteeError.from(error) }
            }
            let unknown = await attempt(OAuthClient(id: "not-registered", secret: "x"))
            let wrongSecret = await attempt(OAuthClient(id: "mayun-tests", secret: "wrong"))
            let noNotes = await attempt(OAuthClient(id: "mayun-no-notes", secret: "mayun-no-notes-secret"))
            for error in [unknown, wrongSecret] {
                guard case .oauth(let failure) = error else { return XCTFail("expected invalid_client: \(String(describing: error))") }
                XCTAssertEqual(failure.reason, .invalidClient)
            }
            guard case .oauth(let scope) = noNotes else { return XCTFail("expected invalid_scope: \(String(describing: noNotes))") }
            XCTAssertEqual(scope.reason, .invalidScope)
            XCTAssertFalse(client.auth.isLoggedIn)
            // The same application, asked only for what it has, is fine.
            let fewer = await attempt(OAuthClient(id: "mayun-no-notes", secret: "mayun-no-notes-secret", scope: "user_info projects"))
            XCTAssertNil(fewer)
            XCTAssertTrue(client.auth.isLoggedIn)
        }
    }

    func testRateLimitAsGiteeSendsIt() {
        onMainLoop {
            Fake.reset()
            _ = Fake.server.addFault(Fault(kind: .rateLimit, path: "/api/v5/search/**", count: 1))
            let client = Fake.client()
            await assertThrows(.rateLimited(resetAt: nil)) { try await client.page(Endpoints.search("a")) }
            XCTAssertEqual(Fake.server.requestLog.last?.status, 403)
            // With a short Retry-After the client waits and tries again by itself.
            _ = Fake.server.addFault(Fault(kind: .rateLimit, path: "/api/v5/search/**", retryAfter: 1, count: 1))
            let page = try await client.page(Endpoints.search("a"))
            XCTAssertFalse(page.items.isEmpty)
        }
    }

    func testExpiredTokenAnswered403IsRefreshed() {
        onMainLoop {
            Fake.reset()
            Fake.server.expiredTokenStatus = 403
            let client = Fake.client()
            try await client.logIn(username: "demo@mayun.test", password: "mayun-demo-password")
            let before = client.auth.credential
            Fake.server.expireAllTokens()
            Fake.server.clearLog()
            let me = try await client.send(Endpoints.me())
            XCTAssertEqual(me.login, "mayun-demo")
            let log = Fake.server.requestLog
            XCTAssertEqual(log.first?.status, 403)
            XCTAssertEqual(log.filter { $0.path == "/oauth/token" }.count, 1)
            XCTAssertNotEqual(client.auth.credential, before)
        }
    }

    /// A member sees the organisation's private project with the token and `type=all`; a stranger and a logged-out
    /// visitor do not, and logged out no token and no `type` are sent.
    func testOrganisationProjectsForMembersWithTheToken() {
        onMainLoop {
            Fake.reset()
            let org = try XCTUnwrap(Fake.server.world.users.first { $0.isOrganization })
            let member = Fake.client(credential: Fake.demoToken)
            let memberList = try await member.all(Endpoints.organizationProjects(org.login, loggedIn: true, perPage: 100))
            XCTAssertTrue(memberList.contains { $0.path == "internal-handbook" && $0.isPrivate })
            let request = try XCTUnwrap(Fake.server.requestLog.last)
            XCTAssertEqual(request.fields["type"], "all")
            XCTAssertEqual(request.login, "mayun-demo")

            let stranger = Fake.client()
            try await stranger.logIn(username: "tester", password: "secret-pass")
            let strangerList = try await stranger.all(Endpoints.organizationProjects(org.login, loggedIn: true, perPage: 100))
            XCTAssertFalse(strangerList.contains { $0.path == "internal-handbook" })
            XCTAssertEqual(strangerList.count, memberList.count - 1)

            Fake.server.clearLog()
            let visitorList = try await Fake.client().all(Endpoints.organizationProjects(org.login, perPage: 100))
            XCTAssertEqual(Set(visitorList.map(\.id)), Set(strangerList.map(\.id)))
            XCTAssertTrue(Fake.server.requestLog.allSatisfy { $0.tokenSource == nil && $0.fields["type"] == nil })
        }
    }
}
