import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private let sampleRepo = RepositoryID(owner: "kit101", name: "drone-yml-test")
private let projectPath = "/api/v5/repos/kit101/drone-yml-test"
private let starPath = "/api/v5/user/starred/kit101/drone-yml-test"

@MainActor
private func fixture(loggedIn: Bool) throws -> (Coordinator, StubTransport, ProjectViewModel) {
    let transport = StubTransport()
    let body = try Data(contentsOf: repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/gitee/samples/repo.json"))
    transport.responses[projectPath] = HTTPResponse(status: 200, body: body)
    let services = makeServices(transport: transport)
    if loggedIn { services.client.auth.use(.personalToken("secret-token")) }
    let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                  preferences: InMemoryPreferences(), services: services)
    coordinator.push(.project(sampleRepo))
    let viewModel = try XCTUnwrap(coordinator.top?.model as? ProjectViewModel)
    viewModel.start()
    waitUntil("the project loads") { viewModel.state == .content }
    return (coordinator, transport, viewModel)
}

final class ProjectViewModelTests: XCTestCase {
    func testHeaderIsFormattedFromTheRealSample() throws {
        try onMain {
            let (coordinator, _, viewModel) = try fixture(loggedIn: false)
            defer { withExtendedLifetime(coordinator) {} }
            XCTAssertEqual(viewModel.header?.fullName, "kit101/drone-yml-test")
            XCTAssertEqual(viewModel.header?.webURL?.absoluteString, "https://gitee.com/kit101/drone-yml-test")
            XCTAssertEqual(viewModel.star.label, "Star")
        }
    }

    func testStarIsOptimisticAndReachesTheServerWithTheToken() throws {
        try onMain {
            let (coordinator, transport, viewModel) = try fixture(loggedIn: true)
            defer { withExtendedLifetime(coordinator) {} }
            transport.responses[starPath] = HTTPResponse(status: 204)
            let before = viewModel.star.count
            viewModel.toggleStar()
            XCTAssertTrue(viewModel.star.isOn, "the button changes at once")
            XCTAssertEqual(viewModel.star.count, before + 1)
            XCTAssertEqual(viewModel.star.accessibleLabel, "Unstar, \(before + 1)")
            waitUntil("the PUT is sent") { transport.requests.contains { $0.method == "PUT" } }
            let put = try XCTUnwrap(transport.requests.first { $0.method == "PUT" })
            XCTAssertTrue(put.url.hasSuffix(starPath))
            XCTAssertEqual(put.header("Authorization"), "Bearer secret-token")
            XCTAssertFalse(put.url.contains("secret-token"), "tokens never go into URLs")
        }
    }

    func testFailedStarRollsBackAndSaysWhy() throws {
        try onMain {
            let (coordinator, transport, viewModel) = try fixture(loggedIn: true)
            transport.responses[starPath] = HTTPResponse(status: 403, body: Data(#"{"message":"Forbidden"}"#.utf8))
            let before = viewModel.star.count
            viewModel.toggleStar()
            XCTAssertTrue(viewModel.star.isOn)
            waitUntil("the rollback") { !viewModel.star.isBusy }
            XCTAssertFalse(viewModel.star.isOn)
            XCTAssertEqual(viewModel.star.count, before)
            XCTAssertEqual(coordinator.toast?.message.hasPrefix("Could not star:"), true, coordinator.toast?.message ?? "")
        }
    }

    func testStarWhileLoggedOutOpensLoginAndFinishesAfterIt() throws {
        try onMain {
            let (coordinator, transport, viewModel) = try fixture(loggedIn: false)
            transport.responses[starPath] = HTTPResponse(status: 204)
            viewModel.toggleStar()
            XCTAssertEqual(coordinator.routes.last, .login)
            XCTAssertFalse(viewModel.star.isOn, "nothing changes before the login")
            transport.responses["/api/v5/user"] = HTTPResponse(status: 200, body: Data(#"{"id":7,"login":"li"}"#.utf8))
            guard let login = coordinator.top?.model as? LoginViewModel else { return XCTFail("no login page") }
            login.select(.token)
            login.setToken("fresh")
            login.submit()
            waitUntil("the login page closes") { coordinator.routes.last == .project(sampleRepo) }
            XCTAssertTrue(viewModel.star.isOn, "and the star the person asked for happens")
            waitUntil("the PUT") { transport.requests.contains { $0.method == "PUT" } }
            let put = try XCTUnwrap(transport.requests.first { $0.method == "PUT" })
            XCTAssertEqual(put.header("Authorization"), "Bearer fresh")
        }
    }

    func testShareActionsGoThroughThePlatform() throws {
        try onMain {
            let (coordinator, _, viewModel) = try fixture(loggedIn: false)
            let platform = RecordingPlatform()
            coordinator.platform = platform
            viewModel.copyCloneURL(ssh: false)
            viewModel.openWebsite()
            XCTAssertEqual(platform.copied, ["https://gitee.com/kit101/drone-yml-test.git"])
            XCTAssertEqual(platform.opened.map(\.absoluteString), ["https://gitee.com/kit101/drone-yml-test"])
            XCTAssertEqual(coordinator.toast?.message, "Clone URL copied")
        }
    }

    func testSavedProjectShowsOfflineWithABanner() throws {
        try onMain {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-store-\(getpid())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try OfflineStore(directory: directory)
            let (onlineCoordinator, _, online) = try fixture(loggedIn: false)
            defer { withExtendedLifetime(onlineCoordinator) {} }
            let offline = StubTransport()  // answers 404 to everything... make it unreachable instead:
            // The services first: they set the store's prefix for this server's public rows, which the save uses.
            let services = makeServices(transport: offline, store: store)
            store.save(try XCTUnwrap(online.project), key: "project:\(sampleRepo)")
            let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                          preferences: InMemoryPreferences(), services: services)
            waitUntil("the save lands") { store.loadBlocking(Project.self, key: "project:\(sampleRepo)") != nil }
            offline.failure = .offline
            coordinator.push(.project(sampleRepo))
            let viewModel = try XCTUnwrap(coordinator.top?.model as? ProjectViewModel)
            viewModel.start()
            waitUntil("the saved copy") { viewModel.state == .content }
            XCTAssertEqual(viewModel.state, .content, "the saved copy shows")
            XCTAssertEqual(viewModel.header?.fullName, "kit101/drone-yml-test")
            waitUntil("the offline banner") { viewModel.banner != nil }
            XCTAssertTrue(viewModel.banner?.hasPrefix("Offline") == true)
        }
    }
}
