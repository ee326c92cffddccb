@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "openharmony", name: "docs")

@MainActor private func makeCoordinator() -> Coordinator {
    Coordinator(environment: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
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
            coordinator.push(.settings)
            coordinator.push(.settings)
            XCTAssertEqual(coordinator.routes, [.settings])
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

    func testRoutesGetTheirViewModels() {
        onMain {
            let coordinator = makeCoordinator()
            XCTAssertTrue(coordinator.makeViewModel(for: .settings) is SettingsViewModel)
            XCTAssertTrue(coordinator.makeViewModel(for: .projects(.popular)) is ProjectListViewModel)
            XCTAssertTrue(coordinator.makeViewModel(for: .issues(repo)) is IssuesViewModel)
            XCTAssertTrue(coordinator.makeViewModel(for: .tree(repo, ref: "dev", path: "src")) is TreeViewModel)
            XCTAssertTrue(coordinator.makeViewModel(for: .user(login: "li")) is UserViewModel)
            let pending = coordinator.makeViewModel(for: .userList(login: "li", .starred)) as? PendingScreenViewModel
            XCTAssertEqual(pending?.message, "Not loaded yet")
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
