import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// In front of the shared FakeGitee: while `holding`, every request is recorded and held until the test releases
/// it (then it goes to FakeGitee and its answer comes back). What is held is in flight: asked, not yet answered.
@MainActor
final class GatedTransport: Transport {
    private let inner: any Transport
    var holding = false
    /// "GET /api/v5/repos/o/n/labels" of every request the app sent (held or not), in order.
    private(set) var asked: [String] = []
    private var held: [(key: String, gate: CheckedContinuation<Void, Never>)] = []

    init(forwardingTo inner: any Transport) {
        self.inner = inner
    }

    /// The held requests, by method and path.
    var inFlight: [String] { held.map(\.key) }

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let key = "\(request.method) \(URL(string: request.url)?.path ?? request.url)"
        asked.append(key)
        if holding, !opened(key) { await withCheckedContinuation { held.append((key, $0)) } }
        return try await inner.send(request, progress: progress)
    }

    /// Lets the held requests whose key ends with one of `suffixes` go to the server, and those asked later too.
    func release(_ suffixes: String...) {
        passing += suffixes
        let going = held.filter { opened($0.key) }
        held.removeAll { opened($0.key) }
        for entry in going { entry.gate.resume() }
    }

    private var passing: [String] = []

    private func opened(_ key: String) -> Bool { passing.contains { key.hasSuffix($0) } }

    /// Stops holding and lets everything held go.
    func releaseAll() {
        holding = false
        let going = held
        held = []
        for entry in going { entry.gate.resume() }
    }
}

/// Issue 41 ("One round trip away"): a page asks at once for everything its link tells it it needs, so far from the
/// servers it costs one round trip, not one per wave. For a member: the triage lists (labels, collaborators,
/// milestones) and the project (its `permission`) are in flight while the issue's own answer is still held; each
/// part is drawn as its answer comes; the project and the collaborators are asked once.
final class PageRequestsTogetherTests: XCTestCase {
    @MainActor static func gatedApp(store: OfflineStore? = nil) -> (IssueFixture.App, GatedTransport) {
        var gate: GatedTransport?
        let app = IssueFixture.makeApp(store: store) { configuration in
            let made = GatedTransport(forwardingTo: SoupTransport(configuration: configuration))
            gate = made
            return made
        }
        // The session as the app has it when a page opens (restored at start), so the page waits for nobody.
        let session = app.services.session
        runUntilDone("the session") { await session.start() }
        return (app, gate!)
    }

    func testTheIssuePageAsksForTheTriageListsAndTheProjectTogetherWithTheIssue() throws {
        try onMain {
            let (app, gate) = Self.gatedApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            var issues: [Issue] = []
            runUntilDone("the issues") {
                issues = (try? await app.client.send(Endpoints.issues(owner: repo.owner, repo: repo.name, state: .open))) ?? []
            }
            let number = try XCTUnwrap(issues.first?.number)
            let base = "/api/v5/repos/\(repo.owner)/\(repo.name)"
            gate.holding = true
            app.coordinator.push(.issue(repo, number: number))
            let page = try XCTUnwrap(app.coordinator.top?.model as? IssueViewModel)
            page.start()
            let wanted = ["GET \(base)/issues/\(number)", "GET \(base)/issues/\(number)/comments", "GET \(base)",
                          "GET \(base)/labels", "GET \(base)/collaborators", "GET \(base)/milestones"]
            waitUntil("every request of the page in flight at once, the issue's answer still held") {
                Set(wanted).isSubset(of: Set(gate.inFlight))
            }
            XCTAssertNil(page.issue, "nothing has been answered yet")

            // Each part is drawn as its answer comes: the project (with its star and watch checks, which also end in
            // owner/name) and the labels, nothing else yet.
            gate.release("/\(repo.owner)/\(repo.name)", "\(base)/labels")
            waitUntil("the label menu, with the rest still in flight") { page.canEditLabels }
            XCTAssertNil(page.issue)
            XCTAssertFalse(page.canAssign, "the collaborators are still held")

            gate.releaseAll()
            waitUntil("the whole page") { page.issue != nil && page.canAssign && page.canSetMilestone }
            XCTAssertEqual(gate.asked.filter { $0 == "GET \(base)" }.count, 1, "the project is asked once")
            XCTAssertFalse(gate.asked.contains { $0.contains("/user/starred/") || $0.contains("/user/subscriptions/") },
                           "no star or watch checks: the page does not show them")
            XCTAssertEqual(gate.asked.filter { $0 == "GET \(base)/collaborators" }.count, 1,
                           "the collaborators are asked once (the mention completion shares them)")
        }
    }

    func testThePullRequestPageAsksForTheProjectAndCollaboratorsTogetherWithThePullRequest() throws {
        try onMain {
            let (app, gate) = Self.gatedApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", client: app.client)
            let base = "/api/v5/repos/\(repo.owner)/\(repo.name)"
            gate.holding = true
            app.coordinator.push(.pullRequest(repo, number: pull.number))
            let page = try XCTUnwrap(app.coordinator.top?.model as? PullRequestViewModel)
            page.start()
            let own = "\(base)/pulls/\(pull.number)"
            let wanted = ["GET \(own)", "GET \(own)/commits", "GET \(own)/files", "GET \(own)/comments", "GET \(base)",
                          "GET \(base)/collaborators"]
            waitUntil("every request of the page in flight at once, the pull request's answer still held") {
                Set(wanted).isSubset(of: Set(gate.inFlight))
            }
            XCTAssertNil(page.pullRequest, "nothing has been answered yet")

            gate.release("/\(repo.owner)/\(repo.name)", "\(base)/collaborators")
            waitUntil("the reviewers to choose from, with the rest still in flight") {
                page.canAct && !page.collaborators.isEmpty
            }
            XCTAssertNil(page.pullRequest)

            gate.releaseAll()
            waitUntil("the whole page") { page.pullRequest != nil && page.commitList.value != nil && page.fileList.value != nil }
            XCTAssertEqual(gate.asked.filter { $0 == "GET \(base)" }.count, 1, "the project is asked once")
            XCTAssertFalse(gate.asked.contains { $0.contains("/user/starred/") || $0.contains("/user/subscriptions/") },
                           "no star or watch checks: the page does not show them")
            XCTAssertEqual(gate.asked.filter { $0 == "GET \(base)/collaborators" }.count, 1,
                           "the collaborators are asked once (the mention completion shares them)")
        }
    }

    /// The lists are asked before the project says who the person is, except when the saved project already says
    /// they are no member: then nobody would see them, and nothing is asked.
    func testTheTriageListsAreNotAskedWhenTheSavedProjectSaysThePersonIsNoMember() throws {
        try onMain {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("triage-store-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = try OfflineStore(directory: folder)
            let (app, gate) = Self.gatedApp(store: store)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let base = "/api/v5/repos/\(repo.owner)/\(repo.name)"
            let first = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the fresh permission") { first.permission != nil }
            XCTAssertFalse(first.canChangeState)
            var flushed = false
            Task { await store.flush(); flushed = true }
            waitUntil("the project saved") { flushed }
            app.coordinator.pop()
            let before = gate.asked.count

            let again = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the fresh permission again") { gate.asked.dropFirst(before).contains("GET \(base)") }
            runUntilDone("the project's answer") { _ = try? await app.services.cached.project(repo).fetch() }
            let asked = gate.asked.dropFirst(before)
            XCTAssertFalse(asked.contains { $0.hasSuffix("/labels") || $0.hasSuffix("/milestones") }, "\(asked)")
            XCTAssertFalse(again.canEditLabels)
        }
    }
}
