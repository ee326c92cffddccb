import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Session-level behaviour: User-Agent, the HTTP disk cache, and the client's logic over a stub transport.
final class ClientBehaviourTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Fake.reset() }
    }

    func testUserAgentIsSent() {
        onMainLoop {
            _ = try await Fake.client().send(Endpoints.languages())
            XCTAssertEqual(Fake.server.requestLog.last?.userAgent, "Mayun/test")
        }
    }

    /// `fetchImage` (used by the app's image loader): the token goes to this site's API only.
    func testFetchImageSendsTheTokenOnlyToTheAPI() {
        onMainLoop {
            let client = Fake.client(credential: Fake.demoToken)
            let user = try await client.send(Endpoints.user("mayun-demo"))
            let avatar = try await client.fetchImage(try XCTUnwrap(user.avatarURL.flatMap(URL.init(string:))), maxBytes: 1 << 20)
            XCTAssertEqual(Array(avatar.data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
            XCTAssertFalse(avatar.wasAuthenticated)
            let project = Fake.server.world.projects[7]
            let owner = Fake.server.world.owner(of: project).login
            let url = try XCTUnwrap(URL(string: "\(Fake.server.baseURL)/api/v5/repos/\(owner)/\(project.path)/raw/docs/images/demo.gif"))
            let gif = try await client.fetchImage(url, maxBytes: 1 << 20)
            XCTAssertEqual(String(decoding: gif.data.prefix(6), as: UTF8.self), "GIF89a")
            XCTAssertTrue(gif.wasAuthenticated, "so the image loader keeps it out of the disk cache")
            XCTAssertEqual(Fake.server.requestLog.last?.tokenSource, "bearer")
            XCTAssertEqual(Fake.server.requestLog.last?.login, "mayun-demo")
        }
    }

    /// Log Out clears the HTTP disk cache: the next request is not a revalidation, and no entry keeps the body.
    func testClearCacheRemovesEveryEntry() {
        onMainLoop {
            let directory = NSTemporaryDirectory() + "mayun-http-clear-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            Fake.reset()
            // Strict FakeGitee sends no cache headers unless asked; this test needs an entry to clear.
            Fake.server.sendsCacheHeaders = true
            defer { Fake.server.sendsCacheHeaders = false }
            let client = Fake.client(cacheDirectory: directory)
            let project = Fake.server.world.projects[9]
            let owner = Fake.server.world.owner(of: project).login
            let readme = try await client.send(Endpoints.readme(owner: owner, repo: project.path))
            for _ in 0..<10 where Fake.server.requestLog.last?.status != 304 {
                _ = try await client.send(Endpoints.readme(owner: owner, repo: project.path))
            }
            XCTAssertEqual(Fake.server.requestLog.last?.status, 304, "cached before clearing")
            client.flushCache()
            let body = try XCTUnwrap(readme?.content.flatMap { Data($0.utf8) })
            func filesWithBody() -> [String] {
                (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []).filter {
                    FileManager.default.contents(atPath: directory + "/" + $0)?.range(of: body) != nil
                }
            }
            XCTAssertFalse(filesWithBody().isEmpty, "the entry is on disk before clearing")
            client.clearCache()
            XCTAssertEqual(filesWithBody(), [])
            Fake.server.clearLog()
            _ = try await client.send(Endpoints.readme(owner: owner, repo: project.path))
            XCTAssertEqual(Fake.server.requestLog.last?.status, 200, "nothing left to revalidate")
        }
    }

    func testClientLogNeverShowsTokens() {
        onMainLoop {
            let client = Fake.client()
            var lines: [String] = []
            client.log = { lines.append($0) }
            let token = try await client.logIn(username: "tester", password: "secret-pass")
            _ = try await client.send(Endpoints.me())
            Fake.server.expireAllTokens()
            _ = try await client.send(Endpoints.myStarred())
            XCTAssertGreaterThanOrEqual(lines.count, 4)
            for line in lines {
                XCTAssertFalse(line.contains(token.accessToken), line)
                XCTAssertFalse(line.contains(token.refreshToken ?? "-"), line)
                XCTAssertFalse(line.contains("secret-pass"), line)
            }
        }
    }

    /// When a server does send ETags (FakeGitee only when asked: gitee.com is not known to), shareable GETs made
    /// without a token are revalidated from the disk cache (304); personal ones, and anything sent with the token (it
    /// may be a private repository's), never touch it: they are revalidated from memory (`RevalidatedAnswers`), for
    /// the same account only. The cache is an optimisation only.
    func testDiskCacheRevalidatesShareableAnswersOnly() {
        onMainLoop {
            Fake.reset()
            Fake.server.sendsCacheHeaders = true
            defer { Fake.server.sendsCacheHeaders = false }
            let directory = NSTemporaryDirectory() + "mayun-http-cache-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let client = Fake.client(cacheDirectory: directory)
            let project = Fake.server.world.projects[5]
            let owner = Fake.server.world.owner(of: project).login
            let first = try await client.send(Endpoints.readme(owner: owner, repo: project.path))
            // SoupCache finishes writing an entry asynchronously (low-priority writes after the body's end), so the
            // very next request may still go out plainly; within a few requests it must be a revalidation.
            var again = first
            for _ in 0..<10 where Fake.server.requestLog.last?.status != 304 {
                again = try await client.send(Endpoints.readme(owner: owner, repo: project.path))
            }
            XCTAssertEqual(first?.text, again?.text)
            XCTAssertNotNil(again?.text)
            XCTAssertEqual(Fake.server.requestLog.first?.status, 200)
            XCTAssertEqual(Fake.server.requestLog.last?.status, 304, "answers came from the cache after revalidation")
            Fake.server.clearLog()
            let withToken = Fake.client(credential: Fake.demoToken, cacheDirectory: directory)
            let me = try await withToken.send(Endpoints.me())
            let meAgain = try await withToken.send(Endpoints.me())
            XCTAssertEqual(Fake.server.requestLog.map(\.status), [200, 304], "personal answers are asked only if changed")
            XCTAssertEqual(meAgain.login, me.login, "a 304 is answered with the answer kept in memory")
            Fake.server.clearLog()
            let other = Fake.server.world.projects[6]
            let otherOwner = Fake.server.world.owner(of: other).login
            var readmes: [String?] = []
            for _ in 0..<3 { readmes.append(try await withToken.send(Endpoints.readme(owner: otherOwner, repo: other.path))?.text) }
            XCTAssertEqual(Fake.server.requestLog.map(\.status), [200, 304, 304],
                           "answers fetched with the token bypass the shared disk cache, revalidated from memory")
            XCTAssertEqual(Set(readmes).count, 1)
            XCTAssertNotNil(readmes[0])
            Fake.server.clearLog()
            // Log out and in again as the same person: a new account, whose requests are not conditioned on the old.
            withToken.auth.use(nil)
            withToken.auth.use(.personalToken("mayun-demo-token"))
            _ = try await withToken.send(Endpoints.me())
            XCTAssertEqual(Fake.server.requestLog.map(\.status), [200], "another account's answers are not offered")
            XCTAssertTrue(Fake.server.requestLog.allSatisfy { $0.tokenSource == "bearer" })
            withToken.flushCache()
            client.flushCache()
            // The token must not be anywhere on disk: not in cached bodies, headers or the index.
            let token = Data("mayun-demo-token".utf8)
            let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
            XCTAssertFalse(files.isEmpty, "the cache wrote something")
            for file in files {
                guard let contents = FileManager.default.contents(atPath: directory + "/" + file) else { continue }
                XCTAssertNil(contents.range(of: token), "token found in cache file \(file)")
            }
        }
    }

    /// The client's decisions over a scripted transport: refresh once on 401, then retry the original call.
    func testRefreshOn401WithStubTransport() {
        onMainLoop {
            let stub = StubTransport()
            stub.replies = [
                HTTPResponse(status: 401, body: Data(#"{"message": "401 Unauthorized: Access token is expired"}"#.utf8)),
                HTTPResponse(status: 200, body: Data(#"{"access_token": "new", "token_type": "bearer", "refresh_token": "r2", "expires_in": 86400, "created_at": 1}"#.utf8)),
                HTTPResponse(status: 200, body: Data(#"{"id": 1, "login": "me"}"#.utf8)),
            ]
            let token = Token(accessToken: "old", refreshToken: "r1")
            let client = GiteeClient(configuration: GiteeConfiguration(server: "https://gitee.example", oauthClient: Fake.oauthClient),
                                     auth: GiteeAuth(credential: .oauth(token)), transport: stub)
            let me = try await client.send(Endpoints.me())
            XCTAssertEqual(me.login, "me")
            // Gitee's documented form: the grant in the query, the registered application in the body.
            XCTAssertEqual(stub.sent.map(\.url), ["https://gitee.example/api/v5/user",
                                                  "https://gitee.example/oauth/token?grant_type=refresh_token&refresh_token=r1",
                                                  "https://gitee.example/api/v5/user"])
            XCTAssertEqual(stub.sent[1].method, "POST")
            XCTAssertEqual(stub.sent[0].header("Authorization"), "Bearer old")
            XCTAssertNil(stub.sent[1].header("Authorization"), "the token call carries no bearer")
            XCTAssertEqual(String(decoding: stub.sent[1].body ?? Data(), as: UTF8.self),
                           "client_id=mayun-tests&client_secret=not-a-secret")
            XCTAssertEqual(stub.sent[2].header("Authorization"), "Bearer new")
            XCTAssertFalse(stub.sent.contains { $0.url.contains("access_token") })
        }
    }

    func testBackoffWithoutRetryAfterThenGiveUp() {
        onMainLoop {
            let stub = StubTransport()
            stub.replies = Array(repeating: HTTPResponse(status: 502), count: 3)
            let client = GiteeClient(configuration: GiteeConfiguration(server: "https://gitee.example",
                                                                       retry: RetryPolicy(maxRetries: 2, baseDelay: 0.01)),
                                     transport: stub)
            // (A call without a substitute: v3 languages would fall back to the search language list instead.)
            await assertThrows(.server(status: 502, message: nil)) { try await client.send(Endpoints.user("someone")) }
            XCTAssertEqual(stub.sent.count, 3, "one try and two retries")
        }
    }
}

/// `RevalidatedAnswers` alone: what it keeps and for how long.
final class RevalidatedAnswersTests: XCTestCase {
    func testKeptAnswersAreBoundedAndOnlyThoseWithValidatorsAreKept() {
        MainActor.assumeIsolated {
            let answers = RevalidatedAnswers()
            func ok(_ size: Int, tag: String? = "\"t\"") -> HTTPResponse {
                HTTPResponse(status: 200, headers: tag.map { ["ETag": $0] } ?? [:], body: Data(count: size))
            }
            var request = HTTPRequest(method: "GET", url: "https://gitee.example/a")
            _ = answers.answer(ok(10, tag: nil), conditionedOn: nil, key: "a", account: 0)
            XCTAssertNil(answers.condition(&request, key: "a", account: 0), "no validator: nothing to ask with")
            XCTAssertTrue(request.headers.isEmpty)

            _ = answers.answer(ok(10), conditionedOn: nil, key: "a", account: 0)
            XCTAssertNil(answers.condition(&request, key: "a", account: 1), "not for another account")
            let held = answers.condition(&request, key: "a", account: 0)
            XCTAssertEqual(request.header("If-None-Match"), "\"t\"")
            XCTAssertEqual(answers.answer(HTTPResponse(status: 304), conditionedOn: held, key: "a", account: 0), ok(10))
            _ = answers.answer(HTTPResponse(status: 404), conditionedOn: held, key: "a", account: 0)
            XCTAssertEqual(answers.keptBytes, 0, "an answer that is not a 200 drops what was kept")

            let tenth = RevalidatedAnswers.byteLimit / 10
            _ = answers.answer(ok(tenth + 1), conditionedOn: nil, key: "big", account: 0)
            XCTAssertEqual(answers.keptBytes, 0, "an answer over a tenth of the bound is not kept")
            for index in 0..<12 { _ = answers.answer(ok(tenth), conditionedOn: nil, key: "k\(index)", account: 0) }
            XCTAssertLessThanOrEqual(answers.keptBytes, RevalidatedAnswers.byteLimit)
            var probe = request
            XCTAssertNil(answers.condition(&probe, key: "k0", account: 0), "the least recently used went first")
            XCTAssertNotNil(answers.condition(&probe, key: "k11", account: 0))
        }
    }
}
