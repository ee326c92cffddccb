import FakeGitee
import Foundation
@testable import GiteeKit
import GLibRuntime
@testable import MayunCore
import XCTest

/// Taking part in an issue against FakeGitee (as strict as the site): the four states by name, the unfinished first
/// view and the filters, moving an issue (members only), and comments with drafts, rollback, edit and delete.
final class IssueTakingPartTests: XCTestCase {
    // MARK: States

    func testStatesAreShownByTheSiteNames() {
        XCTAssertEqual(IssueStatus(site: "open").name, "Open")
        XCTAssertEqual(IssueStatus(site: "progressing").name, "In progress")
        XCTAssertEqual(IssueStatus(site: "closed").name, "Closed")
        XCTAssertEqual(IssueStatus(site: "rejected").name, "Rejected")
        XCTAssertEqual(IssueStatus(site: "suspended").name, "suspended", "an unknown state is shown as sent, never guessed")
        XCTAssertFalse(IssueStatus.progressing.isFinished)
        XCTAssertTrue(IssueStatus.rejected.isFinished)
        XCTAssertEqual(IssueFilter.allCases.map(\.title), ["Unfinished", "Open", "In progress", "Closed", "Rejected", "All"])
    }

    func testTheFirstViewShowsInProgressThenOpenAndEachFilterReachesItsState() throws {
        try onMain {
            let app = IssueFixture.makeApp(loggedIn: false)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open", "progressing", "closed", "rejected"], client: app.client)
            app.coordinator.push(.issues(repo))
            let list = try XCTUnwrap(app.coordinator.top?.model as? IssuesViewModel)
            list.start()
            waitUntil("the first view") { list.issues.state == .content }
            while !list.issues.reachedEnd { list.issues.loadMore(); waitUntil("more") { !list.issues.isLoadingMore } }
            let states = list.issues.items.map(\.state)
            XCTAssertEqual(list.filter, .unfinished)
            XCTAssertEqual(Set(states), ["progressing", "open"], "the unfinished ones, both kinds")
            XCTAssertEqual(states, states.sorted { $0 == "progressing" && $1 == "open" }, "in progress first, then open")
            let progressingRow = try XCTUnwrap(list.row(at: 0))
            XCTAssertTrue(progressingRow.subtitle.hasPrefix("In progress"), progressingRow.subtitle)
            for filter in [IssueFilter.open, .progressing, .closed, .rejected] {
                list.selectFilter(filter)
                waitUntil("the \(filter) list") { list.issues.state == .content }
                XCTAssertEqual(Set(list.issues.items.map(\.state)), [filter.rawValue])
            }
            list.selectFilter(.all)
            waitUntil("all") { list.issues.state == .content }
            XCTAssertGreaterThan(Set(list.issues.items.map(\.state)).count, 1)
        }
    }

    func testFakeGiteeRefusesAStateItDoesNotKnow() throws {
        onMain {
            var status = 0
            let url = URL(string: "\(IssueFixture.server.baseURL)/api/v5/repos/\(IssueFixture.server.world.fullName(of: IssueFixture.server.world.projects[0]))/issues?state=opened")!
            runUntilDone("the request") {
                status = (try? await URLSessionless.status(of: url)) ?? 0
            }
            XCTAssertEqual(status, 400)
        }
    }

    // MARK: Moving an issue

    func testAMemberMovesTheIssueToInProgressThenClosed() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the permission") { issue.canChangeState }
            XCTAssertEqual(issue.stateMoves.map(\.status), [.progressing, .closed])
            issue.move(to: .progressing)
            XCTAssertEqual(issue.stateText, "In progress", "shown at once")
            waitUntil("the PATCH settles") { !issue.writes.isWriting }
            XCTAssertEqual(issue.issue?.state, "progressing")
            let patch = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.path, "/api/v5/repos/\(repo.owner)/issues/\(issue.number)")
            XCTAssertEqual(patch.fields["repo"], repo.name)
            XCTAssertEqual(patch.fields["state"], "progressing")
            issue.move(to: .closed)
            waitUntil("the second PATCH settles") { !issue.writes.isWriting }
            XCTAssertEqual(issue.issue?.state, "closed")
            XCTAssertEqual(issue.stateMoves.map(\.title), ["Reopen", "Start progress"])
        }
    }

    func testAnIssueClosedOnItsPageLeavesTheUnfinishedListBelow() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            app.coordinator.push(.issues(repo))
            let list = try XCTUnwrap(app.coordinator.top?.model as? IssuesViewModel)
            list.start()
            waitUntil("the list") { list.issues.state == .content }
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            XCTAssertTrue(list.issues.items.contains { $0.number == issue.number }, "an open issue is unfinished")
            waitUntil("the permission") { issue.canChangeState }
            issue.move(to: .progressing)
            waitUntil("in progress") { !issue.writes.isWriting }
            XCTAssertEqual(list.issues.items.first { $0.number == issue.number }?.state, "progressing", "still listed, in its new state")
            issue.move(to: .closed)
            waitUntil("closed") { !issue.writes.isWriting }
            XCTAssertFalse(list.issues.items.contains { $0.number == issue.number }, "a closed issue leaves Unfinished")
        }
    }

    func testSomeoneWhoIsNotAMemberSeesNoStateControlsAndTheServerRefusesThem() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the permission") { issue.permission != nil }
            XCTAssertFalse(issue.canChangeState)
            XCTAssertTrue(issue.stateMoves.isEmpty)
            var refusal: GiteeError?
            runUntilDone("the PATCH") {
                do { _ = try await app.client.send(Endpoints.setIssueState(owner: repo.owner, repo: repo.name,
                                                                        number: issue.number, to: .closed)) }
                catch { refusal = error as? GiteeError }
            }
            guard case .forbidden? = refusal else { return XCTFail("expected 403, got \(String(describing: refusal))") }
        }
    }

    func testAFailedMovePutsTheStateBackAndSaysWhy() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the permission") { issue.canChangeState }
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/issues/*", method: "PATCH", status: 500, count: 1))
            issue.move(to: .closed)
            XCTAssertEqual(issue.stateText, "Closed")
            waitUntil("the rollback") { !issue.writes.isWriting }
            XCTAssertEqual(issue.stateText, "Open")
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not change the state:"), true)
        }
    }
}

/// A plain GET without the app's client (to see FakeGitee's own answer to a request the app never sends).
private enum URLSessionless {
    @MainActor static func status(of url: URL) async throws -> Int {
        let client = GiteeClient(configuration: GiteeConfiguration(server: "\(url.scheme!)://\(url.host!):\(url.port!)",
                                                                   appVersion: "test", retry: .none))
        let path = String(url.path.dropFirst("/api/v5".count))
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let endpoint = Endpoint<[Issue]>(.get, .v5, path: path, query: query.map { QueryItem($0.name, $0.value ?? "") })
        do {
            _ = try await client.send(endpoint)
            return 200
        } catch GiteeError.validation {
            return 400
        } catch GiteeError.server(let status, _) {
            return status
        }
    }
}
