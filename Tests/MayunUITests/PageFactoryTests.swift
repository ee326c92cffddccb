import CGtk
import GiteeKit
@testable import GtkKit
@testable import MayunShell
@testable import MayunCore
@testable import MayunDocument
@testable import MayunUI
import XCTest

final class PageFactoryTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// Every route the Coordinator can make has a page with a title (the mapping itself is checked by the compiler).
    func testEveryRouteHasAPage() {
        onMain {
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices())
            let repo = RepositoryID(owner: "o", name: "r")
            let routes: [Route] = [
                .projects(.featured), .language(id: 1, name: "Swift"), .search(query: "gtk"), .project(repo),
                .readme(repo, ref: nil), .tree(repo, ref: nil, path: ""), .blob(repo, ref: nil, path: "a.swift"),
                .image(repo, ref: nil, path: "a.png"), .commits(repo, ref: nil), .commit(repo, sha: "abc"),
                .issues(repo), .issue(repo, number: "I1"), .createIssue(repo), .user(login: "u"),
                .followers(login: "u"), .following(login: "u"), .login, .pullRequests(repo),
                .pullRequest(repo, number: 6), .notifications,
            ]
            for route in routes {
                coordinator.push(route)
                let screen = coordinator.top!
                let page = PageFactory(images: testImages()).makePage(for: screen)
                XCTAssertFalse(page.title.isEmpty, "\(route) has a title")
                g_object_ref_sink(UnsafeMutableRawPointer(page.root))
                g_object_unref(UnsafeMutableRawPointer(page.root))
            }
        }
    }
}
