import FakeGitee
import Foundation
@testable import GiteeKit
import GLibRuntime
@testable import MayunCore
import XCTest

/// The write path as FakeGitee's request log sees it: what one click costs, a refresh that races a write, and a page
/// left while its write is on the way. Over loopback, through the same services and ViewModels as the app.
final class WritePathLogTests: XCTestCase {
    @MainActor private static let server = FakeGiteeServer.startedForTests {
        $0.projectCount = 200
        $0.userCount = 40
    }

    /// A logged-in app on the page of a project the demo account has not starred, with an empty request log.
    @MainActor private static func openUnstarredProject() throws -> (Coordinator, ProjectViewModel, starPath: String) {
        let server = Self.server
        server.clearFaults()
        let client = GiteeClient(configuration: GiteeConfiguration(server: server.baseURL, appVersion: "test", retry: .none))
        let session = Session(client: client, store: nil, environment: [:])
        let services = AppServices(client: client, session: session)
        let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                      preferences: InMemoryPreferences(), services: services)
        runUntilDone("log in") { try? await session.logIn(personalToken: "mayun-demo-token") }
        let demo = try XCTUnwrap(server.world.user(login: "mayun-demo"))
        let project = try XCTUnwrap(server.world.projects.first { !server.state.isStarred($0, by: demo.id) && !$0.isPrivate })
        let owner = server.world.owner(of: project).login
        coordinator.push(.project(RepositoryID(owner: owner, name: project.path)))
        let viewModel = try XCTUnwrap(coordinator.top?.model as? ProjectViewModel)
        viewModel.start()
        waitUntil("the project loads") { viewModel.project?.isStarred == false }
        waitUntil("the README settles") { if case .loading = viewModel.readme { false } else { true } }
        server.clearLog()
        return (coordinator, viewModel, "/api/v5/user/starred/\(owner)/\(project.path)")
    }

    /// What the page asked. The session's own restore reads who is logged in (`GET /user`) whenever it gets to it,
    /// which since the project page asks everything at once can be after the page has settled: not the page's.
    private static func requests(_ server: FakeGiteeServer) -> [String] {
        MainActor.assumeIsolated {
            server.requestLog.map { "\($0.method) \($0.path)" }.filter { $0 != "GET /api/v5/user" }
        }
    }

    func testOneStarClickIsOnePutAndNoReRead() throws {
        try onMain {
            let (coordinator, viewModel, starPath) = try Self.openUnstarredProject()
            defer { withExtendedLifetime(coordinator) {} }
            let before = viewModel.star.count
            viewModel.toggleStar()
            waitUntil("the star settles") { !viewModel.writes.isWriting }
            XCTAssertEqual(Self.requests(Self.server), ["PUT \(starPath)"], "the 204 says enough: nothing is read again")
            XCTAssertTrue(viewModel.star.isOn)
            XCTAssertEqual(viewModel.star.count, before + 1)
            XCTAssertEqual(viewModel.project?.isStarred, true, "the project shown takes the settled value")
            XCTAssertEqual(viewModel.project?.stargazersCount, before + 1)
        }
    }

    func testARefreshThatRacesTheStarNeverShowsTheOldValue() throws {
        try onMain {
            let server = Self.server
            let (coordinator, viewModel, starPath) = try Self.openUnstarredProject()
            defer { withExtendedLifetime(coordinator) {} }
            let projectPath = String(starPath.dropFirst("/api/v5/user/starred".count))
            // First race: the project is read before the star, and its answer arrives while the PUT still waits.
            server.addFault(Fault(kind: .latency, path: "/api/v5/repos\(projectPath)", method: "GET", delayMs: 150, count: 1))
            server.addFault(Fault(kind: .latency, path: starPath, method: "PUT", delayMs: 600, count: 1))
            viewModel.refresh()
            waitUntil("the refresh reaches the server") { server.requestLog.contains { $0.method == "GET" } }
            viewModel.toggleStar()
            var sawOldValue = false
            waitUntil("the star settles") {
                if !viewModel.star.isOn { sawOldValue = true }
                return !viewModel.writes.isWriting && !viewModel.resource.isRefreshing
            }
            XCTAssertFalse(sawOldValue, "the old value came back while the star was on its way")
            XCTAssertEqual(viewModel.project?.isStarred, true)
            XCTAssertEqual(Self.requests(server).filter { $0.hasPrefix("PUT") }, ["PUT \(starPath)"])

            // Second race: the project is read before the unstar, and its answer arrives after the DELETE settled.
            server.clearLog()
            server.addFault(Fault(kind: .latency, path: "/api/v5/repos\(projectPath)", method: "GET", delayMs: 600, count: 1))
            viewModel.refresh()
            waitUntil("the second refresh reaches the server") { server.requestLog.contains { $0.method == "GET" } }
            viewModel.toggleStar()
            var sawStarred = false
            waitUntil("the unstar and the refresh end") {
                if viewModel.star.isOn { sawStarred = true }
                return !viewModel.writes.isWriting && !viewModel.resource.isRefreshing
            }
            XCTAssertFalse(sawStarred, "an answer read before the unstar does not star the project again")
            XCTAssertEqual(viewModel.project?.isStarred, false)
            XCTAssertEqual(Self.requests(server).filter { $0.hasPrefix("DELETE") }, ["DELETE \(starPath)"])
        }
    }

    func testLeavingThePageLetsTheStarFinishButNothingFollowsIt() throws {
        try onMain {
            let server = Self.server
            let (coordinator, viewModel, starPath) = try Self.openUnstarredProject()
            server.addFault(Fault(kind: .latency, path: starPath, method: "PUT", delayMs: 300, count: 1))
            viewModel.toggleStar()
            waitUntil("the PUT reaches the server") { !server.requestLog.isEmpty }
            coordinator.pop()
            waitUntil("the PUT is answered") { !viewModel.writes.isWriting }
            XCTAssertEqual(Self.requests(server), ["PUT \(starPath)"], "no re-read after the page was left")
            XCTAssertEqual(server.requestLog.first?.aborted, false, "the star the person asked for still happened")
            XCTAssertEqual(viewModel.project?.isStarred, false, "the page that has gone is not redrawn")
        }
    }
}
