import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "o", name: "r")

@MainActor private func coordinator(_ transport: StubTransport) -> Coordinator {
    Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                preferences: InMemoryPreferences(), services: makeServices(transport: transport))
}

/// A project's stargazers, watchers, forks and contributors: each reached from the project page, each row opening
/// what it names (a person's page, the fork), contributors (not accounts) opening nothing.
final class ProjectPeopleViewModelTests: XCTestCase {
    func testStargazersAndWatchersOpenThePersonsPage() throws {
        try onMain {
            let transport = StubTransport()
            transport.responses["/api/v5/repos/o/r/stargazers"] = HTTPResponse(status: 200, body: Data(
                #"[{"id":1,"login":"alice","name":"Alice","star_at":"2024-01-01T10:00:00+08:00"},{"id":2,"login":"bob","name":"bob"}]"#.utf8))
            transport.responses["/api/v5/repos/o/r/subscribers"] = HTTPResponse(status: 200, body: Data("[]".utf8))
            let coordinator = coordinator(transport)
            coordinator.push(.project(repo))
            guard case .project(let project)? = coordinator.top?.content else { return XCTFail("no project page") }
            project.openStargazers()
            guard case .people(let stargazers)? = coordinator.top?.content else { return XCTFail("no stargazers page") }
            XCTAssertEqual(stargazers.title, tr("Stargazers"))
            stargazers.start()
            waitUntil("the stargazers load") { stargazers.people.items.count == 2 }
            XCTAssertEqual(stargazers.row(at: 0)?.title, "Alice")
            XCTAssertEqual(stargazers.row(at: 0)?.subtitle, "alice")
            XCTAssertEqual(stargazers.row(at: 1)?.subtitle, "", "a name that is the login is not said twice")
            stargazers.activate(at: 0)
            XCTAssertEqual(coordinator.routes.last, .user(login: "alice"))
            let asked = try XCTUnwrap(transport.requests.last { $0.url.contains("stargazers") }?.url)
            XCTAssertTrue(asked.contains("page=1") && asked.contains("per_page=20"), asked)

            coordinator.pop()
            coordinator.pop()
            project.openWatchers()
            guard case .people(let watchers)? = coordinator.top?.content else { return XCTFail("no watchers page") }
            watchers.start()
            waitUntil("the watchers settle") { watchers.people.state == .empty(text: tr("No one is watching this project yet.")) }
        }
    }

    func testAForkRowOpensTheFork() throws {
        try onMain {
            let transport = StubTransport()
            let fork = try String(contentsOf: repositoryRoot.deletingLastPathComponent()
                .appendingPathComponent("shared/gitee/samples/repo.json"), encoding: .utf8)
            transport.responses["/api/v5/repos/o/r/forks"] = HTTPResponse(status: 200, body: Data("[\(fork)]".utf8))
            let coordinator = coordinator(transport)
            coordinator.push(.forks(repo))
            guard case .projectList(let forks)? = coordinator.top?.content else { return XCTFail("no forks page") }
            XCTAssertEqual(forks.title, tr("Forks"))
            forks.start()
            waitUntil("the forks load") { forks.list.items.count == 1 }
            forks.activate(at: 0)
            XCTAssertEqual(coordinator.routes.last, .project(RepositoryID(owner: "kit101", name: "drone-yml-test")))
            XCTAssertTrue(try XCTUnwrap(transport.requests.first?.url).contains("sort=newest"))
        }
    }

    func testContributorsShowCommitCountsAndOpenNothing() {
        onMain {
            let transport = StubTransport()
            transport.responses["/api/v5/repos/o/r/contributors"] = HTTPResponse(status: 200, body: Data(
                #"[{"name":"Alice","email":"alice@example.com","contributions":12},{"name":"","email":"x@y.z","contributions":1}]"#.utf8))
            let coordinator = coordinator(transport)
            coordinator.push(.contributors(repo))
            guard case .contributors(let contributors)? = coordinator.top?.content else { return XCTFail("no page") }
            contributors.start()
            waitUntil("the contributors load") { contributors.contributors.items.count == 2 }
            XCTAssertTrue(contributors.contributors.reachedEnd, "one answer, no second page asked for")
            XCTAssertEqual(contributors.row(at: 0), SimpleRow(iconName: "avatar-default-symbolic", title: "Alice",
                                                              subtitle: "alice@example.com",
                                                              trailing: String(format: trn("%d commit", "%d commits", count: 12), 12),
                                                              showsDisclosure: false))
            XCTAssertEqual(contributors.row(at: 1)?.title, "x@y.z", "no name: the e-mail names them")
            contributors.activate(at: 0)
            XCTAssertEqual(coordinator.routes, [.contributors(repo)], "a contributor is not an account")
            XCTAssertEqual(contributors.menu(at: 0).map(\.title), [tr("Copy E-mail")])
        }
    }
}
