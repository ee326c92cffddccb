import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

@MainActor private func discover(_ transport: StubTransport, navigator: RecordingNavigator) -> DiscoverViewModel {
    let cached = makeServices(transport: transport).cached
    return DiscoverViewModel(cached: cached, makeList: { title, empty, pages in
        ProjectListViewModel(title: title, list: PagedListViewModel(emptyText: empty, pages)) { _ in }
    }, navigator: navigator)
}

/// Search for people and issues beside projects: the kind switch, the filters each API offers, rows that open what
/// they name, and an empty state that says what was searched.
final class SearchKindsTests: XCTestCase {
    func testPeopleSearchOpensThePersonAndSaysWhatFoundNothing() throws {
        try onMain {
            let transport = StubTransport()
            transport.responses["/api/v5/search/users"] = HTTPResponse(status: 200, body: Data(
                #"[{"id":3,"login":"zhang","name":"张三","html_url":"https://gitee.com/zhang"}]"#.utf8))
            let navigator = RecordingNavigator()
            let model = discover(transport, navigator: navigator)
            model.selectKind(.people)
            XCTAssertEqual(model.placeholder, tr("Search people"))
            XCTAssertTrue(transport.requests.isEmpty, "no query yet, nothing asked")
            model.search("zhang")
            waitUntil("people found") { model.people.items.count == 1 }
            XCTAssertEqual(model.personRow(at: 0)?.title, "张三")
            XCTAssertEqual(model.personRow(at: 0)?.subtitle, "zhang")
            model.openPerson(at: 0)
            XCTAssertEqual(navigator.pushed, [.user(login: "zhang")])
            // The row's menu opens the same person; a row past the list has no row, no menu and opens nothing.
            let menu = model.personMenu(at: 0)
            XCTAssertEqual(menu.first?.title, tr("Open Profile"))
            menu.first?.perform()
            XCTAssertEqual(navigator.pushed, [.user(login: "zhang"), .user(login: "zhang")])
            XCTAssertNil(model.personRow(at: 1))
            XCTAssertTrue(model.personMenu(at: 1).isEmpty)
            model.openPerson(at: 1)
            XCTAssertEqual(navigator.pushed.count, 2)
            let asked = try XCTUnwrap(transport.requests.last?.url)
            XCTAssertTrue(asked.contains("/search/users?q=zhang") && !asked.contains("sort="), asked)

            model.selectPeopleSort(.newest)
            waitUntil("sorted again") { transport.requests.last?.url.contains("sort=joined_at&order=desc") == true }

            transport.responses["/api/v5/search/users"] = HTTPResponse(status: 200, body: Data("[]".utf8))
            model.search("nobody-here")
            waitUntil("nothing found") { model.people.state != .loading }
            XCTAssertEqual(model.people.state, .empty(text: String(format: tr("No people match “%@”."), "nobody-here")))
        }
    }

    func testIssueSearchFiltersByStateAndOpensTheIssueInItsProject() throws {
        try onMain {
            let transport = StubTransport()
            let issue = try String(contentsOf: repositoryRoot.deletingLastPathComponent()
                .appendingPathComponent("shared/gitee/samples/issue.json"), encoding: .utf8)
            transport.responses["/api/v5/search/issues"] = HTTPResponse(status: 200, body: Data("[\(issue)]".utf8))
            let navigator = RecordingNavigator()
            let model = discover(transport, navigator: navigator)
            model.search("crash")
            waitUntil("projects asked") { transport.requests.count == 1 }
            XCTAssertTrue(try XCTUnwrap(transport.requests.last?.url).contains("/search/repositories"))
            model.selectKind(.issues)
            waitUntil("issues found") { model.issues.items.count == 1 }
            let found = model.issues.items[0]
            let project = try XCTUnwrap(found.repository)
            XCTAssertTrue(try XCTUnwrap(model.issueRow(at: 0)?.subtitle).contains(project.fullName + "#" + found.number),
                          "a result says which project it is in")
            model.openIssue(at: 0)
            XCTAssertEqual(navigator.pushed, [.issue(RepositoryID(owner: project.ownerPath, name: project.repoPath),
                                                     number: found.number)])

            model.selectIssueState(.closed)
            model.selectIssueSort(.comments)
            waitUntil("filtered") {
                transport.requests.last?.url.contains("state=closed&sort=notes_count&order=desc") == true
            }
            transport.responses["/api/v5/search/issues"] = HTTPResponse(status: 200, body: Data("[]".utf8))
            model.search("nothing")
            waitUntil("nothing found") { model.issues.state != .loading }
            XCTAssertEqual(model.issues.state, .empty(text: String(format: tr("No %@ issues match “%@”."), tr("closed"), "nothing")))
            model.refresh()
            waitUntil("F5 asks again") { transport.requests.filter { $0.url.contains("q=nothing") }.count == 2 }
        }
    }

    func testProjectSearchSaysWhatFoundNothing() {
        onMain {
            let transport = StubTransport()
            transport.responses["/api/v5/search/repositories"] = HTTPResponse(status: 200, body: Data("[]".utf8))
            let model = discover(transport, navigator: RecordingNavigator())
            model.search("zzz")
            waitUntil("nothing found") { model.results.list.state != .loading }
            XCTAssertEqual(model.results.list.state, .empty(text: String(format: tr("No projects match “%@”."), "zzz")))
        }
    }
}
