import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

@MainActor private func coordinator(_ transport: StubTransport) -> Coordinator {
    Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                preferences: InMemoryPreferences(), services: makeServices(transport: transport))
}

private func sample(_ name: String) throws -> Data {
    try Data(contentsOf: repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/gitee/samples/\(name)"))
}

/// An organisation's page, reached from a project it owns; its projects and members; Mine's list of organisations.
final class OrganizationViewModelTests: XCTestCase {
    func testAProjectOfAnOrganisationOpensTheOrganisationsPage() throws {
        try onMain {
            let transport = StubTransport()
            // samples/openharmony_org_repo_item.json is a project in a "group" namespace.
            transport.responses["/api/v5/repos/openharmony/docs"] = HTTPResponse(status: 200, body: try sample("openharmony_org_repo_item.json"))
            transport.responses["/api/v5/orgs/kit101-personal"] = HTTPResponse(status: 200, body: try sample("org.json"))
            transport.responses["/api/v5/orgs/kit101-personal/repos"] = HTTPResponse(status: 200, body: try sample("repos.json"))
            transport.responses["/api/v5/orgs/kit101-personal/members"] = HTTPResponse(status: 200, body: Data(
                #"[{"id":7,"login":"kit101","name":"kit101"}]"#.utf8))
            let coordinator = coordinator(transport)
            let item = try JSONNodeDecoding.decode(Project.self, from: try sample("openharmony_org_repo_item.json"))
            let namespace = try XCTUnwrap(item.namespace)
            XCTAssertEqual(namespace.kind, "group")
            coordinator.push(.project(RepositoryID(owner: "openharmony", name: "docs")))
            guard case .project(let project)? = coordinator.top?.content else { return XCTFail("no project page") }
            project.start()
            waitUntil("the project loads") { project.project != nil }
            project.openOwner()
            XCTAssertEqual(coordinator.routes.last, .organization(login: namespace.path))

            coordinator.push(.organization(login: "kit101-personal"))
            guard case .organization(let org)? = coordinator.top?.content else { return XCTFail("no organisation page") }
            org.start()
            waitUntil("the profile and projects load") { org.organization != nil && !org.projects.list.items.isEmpty }
            XCTAssertEqual(org.name, "kit101-personal")
            XCTAssertEqual(org.subtitle, "", "a name that is the login is not said twice")
            XCTAssertNotNil(org.avatarURL)
            XCTAssertTrue(transport.requests.contains { $0.url.contains("/orgs/kit101-personal/repos") })
            XCTAssertFalse(transport.requests.contains { $0.url.contains("/members") }, "members load when their tab opens")
            org.selectList(1)
            waitUntil("the members load") { org.members.people.items.count == 1 }
            org.members.activate(at: 0)
            XCTAssertEqual(coordinator.routes.last, .user(login: "kit101"))
        }
    }

    func testMineListsTheOrganisationsAndEachOpensItsPage() throws {
        try onMain {
            let transport = StubTransport()
            let coordinator = coordinator(transport)
            coordinator.mineTab.onOpenOrganizations()
            guard case .organizations(let loggedOut)? = coordinator.top?.content else { return XCTFail("no list") }
            XCTAssertEqual(loggedOut.title, tr("Organisations"))
            loggedOut.start()
            waitUntil("the list settles") { loggedOut.organizations.state != .loading }
            XCTAssertFalse(transport.requests.contains { $0.url.contains("/user/orgs") }, "never asked without a token")

            let orgs = try JSONNodeDecoding.decode([Organization].self, from: try sample("orgs.json"))
            let navigator = RecordingNavigator()
            let list = OrganizationListViewModel(pages: CachedPages(saved: nil) { _ in
                Page(items: orgs, next: nil, totalCount: nil, totalPages: nil, servedByFallback: false)
            }, navigator: navigator)
            list.start()
            waitUntil("the organisations load") { list.organizations.items.count == orgs.count }
            XCTAssertEqual(list.row(at: 0)?.title, "kit101-personal")
            XCTAssertNotNil(list.row(at: 0)?.avatarURL)
            list.activate(at: 0)
            XCTAssertEqual(navigator.pushed, [.organization(login: "kit101-personal")])
            XCTAssertEqual(try JSONNodeDecoding.decode([Organization].self, from: try JSONEncoder().encode(orgs)), orgs,
                           "a saved copy decodes like a fresh one")
        }
    }
}
