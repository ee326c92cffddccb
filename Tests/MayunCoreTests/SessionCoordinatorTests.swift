import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The session as the Coordinator uses it: the login route, Mine, and a Star click while logged out.
final class SessionCoordinatorTests: XCTestCase {
    typealias F = SessionFixtures

    @MainActor private static func coordinator(_ transport: ScriptedTransport) -> Coordinator {
        let client = GiteeClient(configuration: GiteeConfiguration(server: F.server, retry: .none), transport: transport)
        let services = AppServices(client: client, session: Session(client: client, store: InMemoryCredentialStore(),
                                                                     environment: [:]))
        return Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                           preferences: InMemoryPreferences(), services: services)
    }

    func testLoginRouteAndMineUseTheSession() {
        onMain {
            let coordinator = Self.coordinator(ScriptedTransport())
            XCTAssertTrue(coordinator.makeContent(for: .login).model is LoginViewModel)
            XCTAssertTrue(coordinator.mineTab.session === coordinator.services.session)
            coordinator.mineTab.login.openSettings()
            XCTAssertNotNil(coordinator.settings?.oauth, "Preferences has the Password Login section")
            XCTAssertEqual(coordinator.settings?.section, .passwordLogin,
                           "Open Preferences on Mine's form opens Preferences at Password Login")
            XCTAssertEqual(coordinator.routes, [], "no page is pushed: Preferences is a window")
        }
    }

    func testStarWhileLoggedOutLogsInThenFinishesTheStar() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.user())
            let coordinator = Self.coordinator(transport)
            let repo = RepositoryID(owner: "o", name: "r")
            coordinator.push(.project(repo))
            var starred = 0
            coordinator.requireLogin { starred += 1 }
            XCTAssertEqual(coordinator.routes, [.project(repo), .login])
            guard let form = coordinator.top?.model as? LoginViewModel else { return XCTFail("login page on top") }
            form.select(.token)
            form.setToken("mayun-demo-token")
            runUntilDone("login") { await form.logIn() }
            XCTAssertEqual(starred, 1)
            XCTAssertEqual(coordinator.routes, [.project(repo)], "the login page closed itself")
            XCTAssertTrue(coordinator.mineTab.isLoggedIn, "Mine follows the same session")
        }
    }
}
