import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

struct NoSuchProject: Error {}

/// One FakeGitee for the issue tests, and the app around it: logged in as the demo account (or not), a project the
/// demo account owns (a member) or not, an issue in a given state opened as the app opens it.
enum IssueFixture {
    @MainActor static let server = FakeGiteeServer.startedForTests {
        $0.projectCount = 200
        $0.userCount = 40
        // Shared by many tests that merge: no generated review rules; the tests of them set their own.
        $0.requiredReviews = false
    }

    @MainActor struct App {
        let coordinator: Coordinator
        let services: AppServices
        var client: GiteeClient { services.client }
    }

    /// `transport` (given the configuration) stands between the app and FakeGitee when set (a test that holds answers).
    /// `store` keeps what the pages fetched (nil: nothing is kept).
    @MainActor static func makeApp(drafts: DraftStore? = nil, loggedIn: Bool = true, store: OfflineStore? = nil,
                                   transport: ((GiteeConfiguration) -> any Transport)? = nil) -> App {
        Self.server.clearFaults()
        let configuration = GiteeConfiguration(server: server.baseURL, appVersion: "test", retry: .none)
        let client = GiteeClient(configuration: configuration, transport: transport?(configuration))
        let session = Session(client: client, store: nil, environment: [:])
        let services = AppServices(client: client, store: store, session: session, drafts: drafts)
        let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                      preferences: InMemoryPreferences(), services: services)
        if loggedIn { runUntilDone("log in") { try? await session.logIn(personalToken: "mayun-demo-token") } }
        return App(coordinator: coordinator, services: services)
    }

    /// A project of `owner`'s (the demo account's own, or someone else's) with issues in each of `states`.
    @MainActor static func project(ownedByDemo: Bool, with states: Set<String>, client: GiteeClient) throws -> RepositoryID {
        let demo = try XCTUnwrap(server.world.user(login: "mayun-demo"))
        for project in server.world.projects where (project.ownerID == demo.id) == ownedByDemo && !project.isEmpty {
            let repo = RepositoryID(owner: server.world.owner(of: project).login, name: project.path)
            var issues: [Issue] = []
            runUntilDone("the issues of \(repo)") {
                issues = (try? await client.all(Endpoints.issues(owner: repo.owner, repo: repo.name, state: .all, perPage: 100))) ?? []
            }
            if states.isSubset(of: Set(issues.map(\.state))) { return repo }
        }
        XCTFail("no project with issues in \(states.sorted())")  // the seeded world always has one
        throw NoSuchProject()
    }

    @MainActor static func openIssue(_ app: App, _ repo: RepositoryID, state: String) throws -> IssueViewModel {
        var issues: [Issue] = []
        runUntilDone("the issues") {
            issues = (try? await app.client.all(Endpoints.issues(owner: repo.owner, repo: repo.name, state: .all, perPage: 100))) ?? []
        }
        // A seeded issue, not one a test made (tests create issues as mayun-demo in these projects, newest first):
        // the tests that open one rely on the world's authors and comments.
        let issue = try XCTUnwrap(issues.first { $0.state == state && $0.author?.login != "mayun-demo" }
                                  ?? issues.first { $0.state == state })
        app.coordinator.push(.issue(repo, number: issue.number))
        let viewModel = try XCTUnwrap(app.coordinator.top?.model as? IssueViewModel)
        viewModel.start()
        waitUntil("the issue loads") { viewModel.state == .content && viewModel.comments.state != .loading }
        return viewModel
    }

    static func makeDrafts() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mayun-comment-drafts-\(UUID().uuidString)")
    }

}
