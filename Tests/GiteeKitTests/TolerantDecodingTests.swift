import XCTest
@testable import GiteeKit

/// Real data bends the spec; none of these may fail a page.
final class TolerantDecodingTests: XCTestCase {
    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONNodeDecoding.decode(type, from: Data(text.utf8))
    }

    func testNumbersAsStringsAndNulls() throws {
        let project = try decode(Project.self, """
        {"id": "42", "full_name": "a/b", "path": "b", "name": "b", "owner": {"id": 1, "login": "a"},
         "stargazers_count": "1200", "forks_count": null, "watchers_count": 3.0, "language": null, "description": null,
         "license": {"name": "MIT"}, "recommend": "true", "gvp": 1, "default_branch": null, "pushed_at": null}
        """)
        XCTAssertEqual(project.id, 42)
        XCTAssertEqual(project.stargazersCount, 1200)
        XCTAssertEqual(project.forksCount, 0)
        XCTAssertEqual(project.watchersCount, 3)
        XCTAssertEqual(project.license, "MIT")
        XCTAssertTrue(project.isRecommended)
        XCTAssertTrue(project.isGVP)
        XCTAssertNil(project.defaultBranch)
        XCTAssertNil(project.pushedAt)
    }

    func testNumericIssueNumberBecomesText() throws {
        let issue = try decode(Issue.self, #"{"id": 1, "number": 17, "title": "t", "state": "closed", "labels": null}"#)
        XCTAssertEqual(issue.number, "17")
        XCTAssertFalse(issue.isOpen)
        XCTAssertEqual(issue.labels, [])
    }

    func testOddOptionalObjectIsDropped() throws {
        let project = try decode(Project.self, #"{"id": 1, "full_name": "a/b", "owner": "not an object", "permission": [1, 2]}"#)
        XCTAssertNil(project.permission)
        XCTAssertEqual(project.ownerPath, "a")
    }

    func testV3ExplorePayloadMapsIntoProject() throws {
        let projects = try decode([Project].self, """
        [{"id": 7, "name": "RuoYi", "path_with_namespace": "y_project/RuoYi", "description": "基于SpringBoot的权限管理系统",
          "language": "Java", "forks_count": 5000, "stars_count": 30000, "watches_count": 2000,
          "last_push_at": "2024-05-01T10:00:00+08:00", "owner": {"id": 9, "name": "若依", "username": "y_project",
          "new_portrait": "https://portrait.example/9.png"}, "public": true, "recomm": true}]
        """)
        let project = try XCTUnwrap(projects.first)
        XCTAssertEqual(project.fullName, "y_project/RuoYi")
        XCTAssertEqual(project.ownerPath, "y_project")
        XCTAssertEqual(project.repoPath, "RuoYi")
        XCTAssertEqual(project.stargazersCount, 30_000)
        XCTAssertEqual(project.watchersCount, 2000)
        XCTAssertEqual(project.owner.login, "y_project")
        XCTAssertEqual(project.owner.name, "若依")
        XCTAssertEqual(project.owner.avatarURL, "https://portrait.example/9.png")
        XCTAssertEqual(project.pushedAt?.text, "2024-05-01T10:00:00+08:00")
        XCTAssertTrue(project.isRecommended)
        XCTAssertFalse(project.isPrivate)
    }

    func testMalformedJSONIsATypedFailure() {
        XCTAssertThrowsError(try decode([Project].self, #"[{"id": 1, "name": "#)) { error in
            guard case JSONDecodingFailure.malformed = error else { return XCTFail("got \(error)") }
        }
        XCTAssertThrowsError(try decode([Project].self, #"{"message": "not a list"}"#)) { error in
            guard case JSONDecodingFailure.unexpectedShape = error else { return XCTFail("got \(error)") }
        }
    }

    func testUnknownEventTypeDecodes() throws {
        let events = try decode([Event].self, """
        [{"id": 3, "type": "QuantumEvent", "actor": {"id": 1, "login": "x"}, "payload": {"weird": [1, {"a": null}]}},
         {"id": 2, "type": "PushEvent", "payload": {"ref": "refs/heads/dev", "size": 5,
          "commits": [{"sha": "abc", "message": "first line\\nsecond"}]}}]
        """)
        XCTAssertEqual(events[0].kind, .unknown("QuantumEvent"))
        XCTAssertEqual(events[0].payload["weird"]?.arrayValue.count, 2)
        XCTAssertEqual(events[1].kind, .push)
        XCTAssertEqual(events[1].branch, "dev")
        XCTAssertEqual(events[1].pushSize, 5)
        XCTAssertEqual(events[1].commits.first?.message, "first line")
    }

    func testTimestamps() {
        XCTAssertEqual(Timestamp("2021-09-30T18:10:23+08:00").date, Date(timeIntervalSince1970: 1_632_996_623))
        XCTAssertEqual(Timestamp("2021-09-30T10:10:23Z").date, Date(timeIntervalSince1970: 1_632_996_623))
        XCTAssertEqual(Timestamp("2021-09-30T10:10:23.500Z").date, Date(timeIntervalSince1970: 1_632_996_623.5))
        XCTAssertNil(Timestamp("yesterday").date)
    }

    func testTokenRoundTripsForTheKeyring() throws {
        let token = try decode(Token.self, """
        {"access_token": "abc", "token_type": "bearer", "expires_in": 86400, "refresh_token": "r", "scope": "user_info", "created_at": 1700000000}
        """)
        XCTAssertEqual(token.expiresAt, Date(timeIntervalSince1970: 1_700_086_400))
        XCTAssertTrue(token.isExpired(at: Date(timeIntervalSince1970: 1_700_086_399)))
        XCTAssertFalse(token.isExpired(at: Date(timeIntervalSince1970: 1_700_000_000)))
        let credential = GiteeAuth.Credential.oauth(token)
        let stored = try JSONEncoder().encode(credential)
        XCTAssertEqual(try JSONDecoder().decode(GiteeAuth.Credential.self, from: stored), credential)
    }

    func testHTMLIsRecognised() {
        let page = HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>".utf8))
        XCTAssertTrue(HTTPErrorMapping.looksLikeHTML(page))
        let sniffed = HTTPResponse(status: 403, body: Data("\n  <!DOCTYPE html><p>blocked".utf8))
        XCTAssertEqual(HTTPErrorMapping.error(for: sniffed), .badResponse(.htmlPage))
    }

    func testStatusMapping() {
        func map(_ status: Int, _ headers: [String: String] = [:], _ body: String = #"{"message": "m"}"#) -> GiteeError {
            HTTPErrorMapping.error(for: HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
        }
        XCTAssertEqual(map(401), .unauthorized("m"))
        XCTAssertEqual(map(403), .forbidden("m"))
        XCTAssertEqual(map(404), .notFound("m"))
        XCTAssertEqual(map(422), .validation("m"))
        XCTAssertEqual(map(500), .server(status: 500, message: "m"))
        XCTAssertEqual(map(418, [:], ""), .badResponse(.unexpectedStatus(418)))
        // A refusal of any other status is explained in words (issue 39): the site's message, else the status.
        XCTAssertEqual(map(405, [:], #"{"message": "此 Pull Request 未通过审查"}"#), .validation("此 Pull Request 未通过审查"))
        XCTAssertEqual(map(400), .validation("m"))
        XCTAssertEqual(map(405, [:], "").explanation, "Gitee refused this without saying why (HTTP 405).")
        XCTAssertFalse(map(403).explanation.localizedCaseInsensitiveContains("unexpected"))
        guard case .rateLimited(let reset?) = map(429, ["Retry-After": "30"]) else { return XCTFail("no reset time") }
        XCTAssertEqual(reset.timeIntervalSinceNow, 30, accuracy: 2)
        guard case .rateLimited = map(403, ["X-RateLimit-Remaining": "0"]) else { return XCTFail("throttled 403") }
    }

    func testPagination() {
        let numbered = Pagination.first(for: .numbered(perPage: 20))
        XCTAssertEqual(numbered.queryItems, [QueryItem("page", "1"), QueryItem("per_page", "20")])
        XCTAssertEqual(numbered.next(afterReceiving: 20, lastID: nil, totalPages: nil)?.page, 2)
        XCTAssertNil(numbered.next(afterReceiving: 19, lastID: nil, totalPages: nil), "a short page ends the list")
        XCTAssertNil(numbered.next(afterReceiving: 20, lastID: nil, totalPages: 1), "total_page ends it too")
        let afterID = Pagination.first(for: .afterID(limit: 10))
        XCTAssertEqual(afterID.queryItems, [QueryItem("limit", "10")])
        let second = afterID.next(afterReceiving: 10, lastID: 99, totalPages: nil)
        XCTAssertEqual(second?.queryItems, [QueryItem("prev_id", "99"), QueryItem("limit", "10")])
        XCTAssertNil(afterID.next(afterReceiving: 3, lastID: 5, totalPages: nil))
    }

    func testErrorsExplainThemselves() {
        let all: [GiteeError] = [.offline, .unreachable("x"), .notConnected("x"), .timeout, .unauthorized(nil), .forbidden("no"), .rateLimited(resetAt: nil),
                                 .notFound(nil), .validation("Title is too long"), .server(status: 502, message: nil),
                                 .badResponse(.htmlPage), .badResponse(.truncated), .badResponse(.malformedJSON("x")), .cancelled]
        for error in all { XCTAssertFalse(error.explanation.isEmpty, "\(error)") }
        XCTAssertEqual(GiteeError.validation("Title is too long").explanation, "Title is too long")
        XCTAssertFalse(GiteeError.cancelled.isShown)
        XCTAssertTrue(GiteeError.unauthorized(nil).needsLogin)
    }

    func testEndpointPathsAreEncoded() {
        XCTAssertEqual(Endpoints.file(owner: "o", repo: "r", path: "docs/a b/说明.md").path,
                       "/repos/o/r/contents/docs/a%20b/%E8%AF%B4%E6%98%8E.md")
        XCTAssertEqual(Endpoints.star(owner: "o", repo: "r").method, .put)
        XCTAssertFalse(Endpoints.featured().fallbacks.isEmpty)
        XCTAssertEqual(Endpoints.search("vue", sort: .stars).query.first, QueryItem("q", "vue"))
    }
}
