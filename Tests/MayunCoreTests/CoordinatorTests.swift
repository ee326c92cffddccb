@testable import GiteeKit
@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "openharmony", name: "docs")

@MainActor private func makeCoordinator() -> Coordinator {
    Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                preferences: InMemoryPreferences(), services: makeServices())
}

final class CoordinatorTests: XCTestCase {
    func testStartsOnProjectsWithTheThreeExploreLists() {
        onMain {
            let coordinator = makeCoordinator()
            XCTAssertEqual(coordinator.selectedTab, .projects)
            XCTAssertTrue(coordinator.stack.isEmpty)
            XCTAssertEqual(coordinator.projectsTab.lists.map(\.title), ["Featured", "Popular", "Latest"])
            for list in coordinator.projectsTab.lists {
                XCTAssertEqual(list.list.state, .notLoaded(message: "Not loaded yet"), "lists load when first shown")
                XCTAssertEqual(list.count, 0)
            }
        }
    }

    func testPushPopAndReplaceKeepAStackOfRoutes() {
        onMain {
            let coordinator = makeCoordinator()
            coordinator.push(.project(repo))
            coordinator.push(.tree(repo, ref: "master", path: "src"))
            XCTAssertEqual(coordinator.routes, [.project(repo), .tree(repo, ref: "master", path: "src")])
            coordinator.replace(with: .blob(repo, ref: "master", path: "src/main.swift"))
            XCTAssertEqual(coordinator.routes, [.project(repo), .blob(repo, ref: "master", path: "src/main.swift")])
            coordinator.pop()
            XCTAssertEqual(coordinator.routes, [.project(repo)])
            coordinator.pop()
            coordinator.pop()  // at the tabs: nothing to close
            XCTAssertTrue(coordinator.routes.isEmpty)
            XCTAssertFalse(coordinator.canGoBack)
        }
    }

    func testPushingTheTopRouteAgainIsOnePage() {
        onMain {
            let coordinator = makeCoordinator()
            coordinator.push(.notifications)
            coordinator.push(.notifications)
            XCTAssertEqual(coordinator.routes, [.notifications])
        }
    }

    /// Settings is the Preferences window over the page that asked for it, not a page: the stack stays, one model
    /// serves repeated requests (turning to the page asked for), and closing the window drops it.
    func testSettingsOpenAsAWindowOverThePageAndCloseAgain() {
        onMain {
            let coordinator = makeCoordinator()
            coordinator.push(.project(repo))
            coordinator.openSettings()
            let settings = coordinator.settings
            XCTAssertEqual(settings?.section, .general)
            XCTAssertEqual(coordinator.routes, [.project(repo)], "the page under it stays")
            coordinator.openSettings(at: .passwordLogin)
            XCTAssertTrue(coordinator.settings === settings, "still the one window")
            XCTAssertEqual(coordinator.settings?.section, .passwordLogin)
            coordinator.closeSettings()
            XCTAssertNil(coordinator.settings)
            coordinator.mineTab.onOpenSettings(.general)
            XCTAssertEqual(coordinator.settings?.section, .general, "Mine's Preferences button opens General")
        }
    }

    func testEachPushGetsItsOwnScreenIdentity() {
        onMain {
            let coordinator = makeCoordinator()
            coordinator.push(.user(login: "a"))
            coordinator.push(.user(login: "b"))
            coordinator.push(.user(login: "a"))
            XCTAssertEqual(Set(coordinator.stack.map(\.id)).count, 3)
        }
    }

    func testSelectingATabClosesPushedPages() {
        onMain {
            let coordinator = makeCoordinator()
            coordinator.push(.project(repo))
            coordinator.select(.discover)
            XCTAssertEqual(coordinator.selectedTab, .discover)
            XCTAssertTrue(coordinator.stack.isEmpty)
        }
    }

    func testRoutesGetTheirModels() {
        onMain {
            let coordinator = makeCoordinator()
            XCTAssertTrue(coordinator.makeContent(for: .projects(.popular)).model is ProjectListViewModel)
            XCTAssertTrue(coordinator.makeContent(for: .issues(repo)).model is IssuesViewModel)
            XCTAssertTrue(coordinator.makeContent(for: .tree(repo, ref: "dev", path: "src")).model is TreeViewModel)
            XCTAssertTrue(coordinator.makeContent(for: .user(login: "li")).model is UserViewModel)
            XCTAssertTrue(coordinator.makeContent(for: .readme(repo, ref: nil)).model is BlobViewModel)
        }
    }

    /// Every route makes a screen whose model carries the route's title: no route leads to a placeholder.
    func testEveryRouteMakesItsScreen() {
        onMain {
            let coordinator = makeCoordinator()
            for route in everyRoute {
                let model = coordinator.makeContent(for: route).model
                XCTAssertFalse(model.title.isEmpty, "\(route) has a title")
            }
        }
    }

    func testPoppingAPageCancelsItsRequest() {
        onMain {
            let transport = HangingTransport()
            let coordinator = Coordinator(
                testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                preferences: InMemoryPreferences(),
                services: AppServices(client: GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"),
                                                          transport: transport)))
            for route: Route in [.project(repo), .image(repo, ref: "master", path: "logo.png"),
                                 .issue(repo, number: "I1"), .user(login: "li"), .commit(repo, sha: "abc"),
                                 .pullRequest(repo, number: 6)] {
                let before = transport.cancelled
                coordinator.push(route)
                coordinator.top?.model.start()
                waitUntil("\(route) asks the server") { transport.waiting > 0 }
                coordinator.pop()
                waitUntil("\(route)'s request is cancelled") { transport.waiting == 0 }
                XCTAssertGreaterThan(transport.cancelled, before, "\(route)")
            }
        }
    }

    func testRefreshReloadsEveryKindOfPage() {
        onMain {
            let transport = StubTransport()
            let coordinator = Coordinator(
                testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                preferences: InMemoryPreferences(), services: makeServices(transport: transport))
            for route: Route in [.blob(repo, ref: "master", path: "a.swift"), .readme(repo, ref: nil),
                                 .image(repo, ref: "master", path: "logo.png"), .issue(repo, number: "I1"),
                                 .project(repo), .user(login: "li"), .commit(repo, sha: "abc"), .issues(repo)] {
                coordinator.push(route)
                coordinator.top?.model.start()
                waitUntil("\(route) asks the server") { !transport.requests.isEmpty }
                drainMainQueue()
                let before = transport.requests.count
                coordinator.refreshCurrent()
                waitUntil("F5 on \(route) asks again") { transport.requests.count > before }
                coordinator.pop()
            }
        }
    }

    func testRouteTitles() {
        XCTAssertEqual(Route.project(repo).title, "openharmony/docs")
        XCTAssertEqual(Route.blob(repo, ref: nil, path: "a/b/README.md").title, "README.md")
        XCTAssertEqual(Route.tree(repo, ref: nil, path: "").title, "docs")
        XCTAssertEqual(Route.issue(repo, number: "I4CD5P").title, "#I4CD5P")
        XCTAssertEqual(Route.commit(repo, sha: "0123456789abcdef").title, "0123456789")
    }
}

/// One route of each kind. `kindIndex` is an exhaustive switch, so a new route fails to compile here until it is
/// added, and the test below checks the list covers every kind.
@MainActor private let everyRoute: [Route] = [
    .projects(.featured), .language(id: 1, name: "Swift"), .search(query: "gtk"), .project(repo),
    .readme(repo, ref: nil), .tree(repo, ref: nil, path: ""), .blob(repo, ref: nil, path: "a.swift"),
    .image(repo, ref: nil, path: "a.png"), .commits(repo, ref: nil), .commit(repo, sha: "abc"), .issues(repo),
    .issue(repo, number: "I1"), .createIssue(repo), .user(login: "u"), .followers(login: "u"),
    .following(login: "u"), .login, .pullRequests(repo), .pullRequest(repo, number: 6), .notifications,
    .releases(repo), .release(repo, tag: "v1.0"),
    .branches(repo), .tags(repo), .stargazers(repo), .watchers(repo), .forks(repo), .contributors(repo),
    .organization(login: "org"), .myOrganizations,
    .editFile(repo, branch: nil, path: "a.txt"),
    .newPullRequest(repo, head: nil, branch: nil),

    .newFile(repo, branch: nil, folder: "docs"),
]

private func kindIndex(_ route: Route) -> Int {
    switch route {
    case .projects: 0
    case .language: 1
    case .search: 2
    case .project: 3
    case .readme: 4
    case .tree: 5
    case .blob: 6
    case .image: 7
    case .commits: 8
    case .commit: 9
    case .issues: 10
    case .issue: 11
    case .createIssue: 12
    case .user: 13
    case .followers: 14
    case .following: 15
    case .login: 16
    case .pullRequests: 17
    case .pullRequest: 18
    case .notifications: 19
    case .releases: 20
    case .release: 21
    case .branches: 22
    case .tags: 23
    case .stargazers: 24
    case .watchers: 25
    case .forks: 26
    case .contributors: 27
    case .organization: 28
    case .myOrganizations: 29
    case .editFile: 30
    case .newPullRequest: 31

    case .newFile: 32
    }
}

final class RouteCoverageTests: XCTestCase {
    func testTheRouteListCoversEveryKind() {
        onMain { XCTAssertEqual(Set(everyRoute.map(kindIndex)), Set(0...32)) }
    }
}

/// A server that never answers: each request waits until its task is cancelled.
@MainActor
final class HangingTransport: Transport {
    private(set) var waiting = 0
    private(set) var cancelled = 0

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        waiting += 1
        defer { waiting -= 1 }
        // An AsyncStream that never yields ends its iteration when the waiting task is cancelled.
        let (never, continuation) = AsyncStream<Never>.makeStream()
        for await _ in never {}
        continuation.finish()
        cancelled += 1
        throw GiteeError.cancelled
    }
}

extension CoordinatorTests {
    /// Issue 36: a link whose path leaves its project opens nothing and says why.
    func testARefusedLinkSaysWhyAndOpensNothing() {
        onMain {
            let coordinator = makeCoordinator()
            let depth = coordinator.stack.count
            coordinator.openLink("https://gitee.com/openharmony/docs/blob/master/..%2F..%2F..%2Fevil%2Fother%2Fcontents%2FREADME.md")
            XCTAssertEqual(coordinator.stack.count, depth, "no page opened")
            XCTAssertEqual(coordinator.toast?.message.contains("leaves the project"), true)
        }
    }
}
