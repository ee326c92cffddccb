import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The pull request list's "Review requested" filter beside "Created by me" and "Test requested": each sends the
/// description's list parameter (`assignee`: a reviewer, one of the pull request's `assignees`; `tester`: one of its
/// `testers`; `author`), and FakeGitee answers with the pull requests where that person has that role.
final class PullRequestReviewFilterTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }

    func testEachScopeSendsItsListParameter() {
        let repo = RepositoryID(owner: "o", name: "r")
        func query(_ scope: PullRequestFilters.Scope) -> [String: String] {
            let endpoint = PullRequestFilters(scope: scope).endpoint(repo, login: "ann")
            return Dictionary(endpoint.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        XCTAssertNil(query(.everyone)["author"])
        XCTAssertNil(query(.everyone)["assignee"])
        XCTAssertNil(query(.everyone)["tester"])
        XCTAssertEqual(query(.createdByMe)["author"], "ann")
        XCTAssertEqual(query(.reviewRequested)["assignee"], "ann", "reviewers are a pull request's assignees")
        XCTAssertNil(query(.reviewRequested)["tester"])
        XCTAssertEqual(query(.assignedToMe)["tester"], "ann")
        XCTAssertNil(query(.assignedToMe)["assignee"])
        // A remembered filter survives a round trip; an unknown one falls back to everyone's.
        let saved = try? JSONEncoder().encode(PullRequestFilters(scope: .reviewRequested))
        XCTAssertEqual(saved.flatMap { try? JSONDecoder().decode(PullRequestFilters.self, from: $0) }?.scope,
                       .reviewRequested)
        let unknown = Data(#"{"state":"open","sort":"created","scope":"mentioned"}"#.utf8)
        XCTAssertEqual((try? JSONDecoder().decode(PullRequestFilters.self, from: unknown))?.scope, .everyone)
    }

    /// Asked to review one pull request and to test another, the demo account finds each under its own filter and
    /// not under the other; a login nobody has matches nothing.
    func testReviewRequestedAndAssignedToMeListThePullRequestsWhereIHaveThatRole() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let demo = try XCTUnwrap(Self.server.world.user(login: "mayun-demo"))
            let client = app.client
            // One of the demo account's projects with two open pull requests (it owns them: it may ask anyone).
            var found: (repo: RepositoryID, open: [PullRequest])?
            for project in Self.server.world.projects where project.ownerID == demo.id && !project.isEmpty {
                let repo = RepositoryID(owner: "mayun-demo", name: project.path)
                var open: [PullRequest] = []
                runUntilDone("the open pull requests of \(repo)") {
                    open = (try? await client.all(Endpoints.pullRequests(owner: repo.owner, repo: repo.name,
                                                                         state: .open, perPage: 100))) ?? []
                }
                if open.count >= 2 { found = (repo, open); break }
            }
            let (repo, open) = try XCTUnwrap(found, "the demo account has a project with two open pull requests")
            let reviewed = open[0].number, tested = open[1].number
            runUntilDone("asked to review and to test") {
                _ = try? await client.send(Endpoints.assign(["mayun-demo"], as: .reviewers, owner: repo.owner,
                                                            repo: repo.name, number: reviewed))
                _ = try? await client.send(Endpoints.assign(["mayun-demo"], as: .testers, owner: repo.owner,
                                                            repo: repo.name, number: tested))
            }

            app.coordinator.push(.pullRequests(repo))
            let list = try XCTUnwrap(app.coordinator.top?.model as? PullRequestsViewModel)
            list.start()
            waitUntil("loaded") { list.pullRequests.state != .loading }
            XCTAssertEqual(list.scopeChoices.map(\.scope), [.everyone, .createdByMe, .assignedToMe, .reviewRequested])
            XCTAssertEqual(list.scopeChoices.last?.title, "Review requested")

            Self.server.clearLog()
            list.selectScope(.reviewRequested)
            waitUntil("the list asks for my reviews") {
                Self.server.requestLog.contains { $0.path.hasSuffix("/pulls") && $0.fields["assignee"] == "mayun-demo" }
            }
            waitUntil("the one I review is listed") {
                list.pullRequests.state != .loading && list.pullRequests.items.contains { $0.number == reviewed }
            }
            XCTAssertTrue(list.pullRequests.items.allSatisfy { $0.reviewers.contains { $0.login == "mayun-demo" } },
                          "only pull requests I am asked to review")
            XCTAssertFalse(list.pullRequests.items.contains { $0.number == tested })

            list.selectScope(.assignedToMe)
            waitUntil("the list asks for my tests") {
                Self.server.requestLog.contains { $0.path.hasSuffix("/pulls") && $0.fields["tester"] == "mayun-demo" }
            }
            waitUntil("the one I test is listed") {
                list.pullRequests.state != .loading && list.pullRequests.items.contains { $0.number == tested }
            }
            XCTAssertTrue(list.pullRequests.items.allSatisfy { $0.testers.contains { $0.login == "mayun-demo" } },
                          "only pull requests I am asked to test")
            XCTAssertFalse(list.pullRequests.items.contains { $0.number == reviewed })

            var nobody: [PullRequest] = []
            runUntilDone("a login nobody has") {
                nobody = (try? await client.all(Endpoints.pullRequests(owner: repo.owner, repo: repo.name, state: .all,
                                                                       sort: .created, assignee: "no-such-person-x"))) ?? [PullRequest]()
            }
            XCTAssertTrue(nobody.isEmpty)
        }
    }

    /// Found writing the fuzz target `stored`: a project with long names got a filter file name past 255 bytes, so its
    /// filters were never remembered.
    func testFiltersOfAProjectWithLongNamesAreRemembered() throws {
        try onMain {
            let data = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-filters-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: data) }
            let store = PullRequestFilterStore(directory: data)
            let repo = RepositoryID(owner: String(repeating: "o", count: 150), name: String(repeating: "r", count: 150))
            let filters = PullRequestFilters(state: .merged, sort: .updated, scope: .reviewRequested)
            store.save(filters, for: repo)
            XCTAssertEqual(store.filters(for: repo), filters)
            XCTAssertLessThanOrEqual(store.file(for: repo).lastPathComponent.utf8.count, 255)
        }
    }
}
