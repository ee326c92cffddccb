import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// FakeGitee's bench-only `POST /__fake/bench-pages` (bench/pages.py, issue 29) makes the large pages the page
/// benchmark opens, on a server of its own (the shared test server must never see these sizes).
final class BenchPagesFixtureTests: XCTestCase {
    func testSeedsTheLargeIssuePullRequestAndNotificationsOnce() {
        onMainLoop(timeout: 120) {
            let server = FakeGiteeServer.smallWorldForTests()
            defer { server.stop() }
            let configuration = GiteeConfiguration(server: server.baseURL, appVersion: "test", timeout: 30)
            let client = GiteeClient(configuration: configuration, auth: GiteeAuth(credential: Fake.demoToken))
            func get(_ path: String, _ query: [QueryItem] = [], method: Endpoint<Data>.Method = .get) async throws -> JSONValue {
                // The v5 calls as v5 (the token goes with them), the control call at the root.
                let v5 = path.hasPrefix("/api/v5/")
                var endpoint = Endpoint<Data>(method, v5 ? .v5 : .root, path: v5 ? String(path.dropFirst(7)) : path,
                                              form: method == .post ? [] : nil, requiresAuth: v5) { $0.body }
                endpoint.query = query
                do {
                    return try JSONNodeDecoding.decode(JSONValue.self, from: try await client.send(endpoint))
                } catch {
                    XCTFail("\(method.rawValue) \(path): \(error)")
                    throw error
                }
            }

            let seeded = try await get("/__fake/bench-pages", method: .post)
            let repo = try XCTUnwrap(seeded["repo"]?.stringValue)
            let issue = try XCTUnwrap(seeded["issue"]?.stringValue)
            let pull = try XCTUnwrap(seeded["pull"]?.intValue)
            XCTAssertEqual(seeded["readmes"]?.arrayValue.count, 50)

            let issueJSON = try await get("/api/v5/repos/\(repo)/issues/\(issue)")
            XCTAssertEqual(issueJSON["comments"]?.intValue, 1_000, "the issue counts its 1,000 comments")
            let lastPage = try await get("/api/v5/repos/\(repo)/issues/\(issue)/comments",
                                         [QueryItem("page", "10"), QueryItem("per_page", "100")])
            XCTAssertEqual(lastPage.arrayValue.count, 100, "and serves them, 100 a page")

            let files = try await get("/api/v5/repos/\(repo)/pulls/\(pull)/files").arrayValue
            XCTAssertEqual(files.count, 300, "Gitee's cap on a pull request's files")
            let lines = files.map { ($0["patch"]?["diff"]?.stringValue ?? "").split(separator: "\n").count - 1 }
            XCTAssertGreaterThanOrEqual(lines.reduce(0, +), 9_900, "about 10,000 changed and context lines")
            XCTAssertEqual(files.compactMap { Int($0["additions"]?.stringValue ?? "") }.reduce(0, +), 300 * 11)

            let threads = try await get("/api/v5/notifications/threads", [QueryItem("per_page", "1")])
            XCTAssertEqual(threads["total_count"]?.intValue, 500)

            // Again: nothing more.
            _ = try await get("/__fake/bench-pages", method: .post)
            let again = try await get("/api/v5/repos/\(repo)/issues/\(issue)")
            XCTAssertEqual(again["comments"]?.intValue, 1_000)
            let threadsAgain = try await get("/api/v5/notifications/threads", [QueryItem("per_page", "1")])
            XCTAssertEqual(threadsAgain["total_count"]?.intValue, 500)
        }
    }
}
