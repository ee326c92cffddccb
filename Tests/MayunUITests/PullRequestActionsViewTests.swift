import CGtk
import FakeGitee
import Foundation
import GLibRuntime
@testable import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// The member's merge box on a real pull request page against FakeGitee: shown with the three methods, the title and
/// the description to a member of the project, absent for someone else; screenshots at 1280 and 360 px
/// (tests/artifacts/pull-actions-*.png).
final class PullRequestActionsViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAMemberSeesTheMergeBoxAtBothWidths() throws {
        try onMain {
            let (coordinator, repo, number) = try PullPage.openPull(ownedByDemo: true, mergeable: true)
            for width: Int32 in [1280, 360] {
                let (page, window) = try PullPage.present(coordinator, repo, number, width: width)
                defer { gtk_window_destroy(typed(window)) }
                waitUntil("Merge is offered") { page.viewModel.canMerge }
                for expected in ["Merge commit", "Squash", "Rebase", "Close pull request", "Leave a comment",
                                 "All commits are added to the base branch with a merge commit."] {
                    waitUntil("\"\(expected)\" shows") { visibleLabelTexts(in: page.root).contains(expected) }
                }
                page.viewModel.mergeForm.select(.squash)
                waitUntil("the squash explanation") {
                    visibleLabelTexts(in: page.root).contains("The commits are combined into one commit on the base branch.")
                }
                waitForFrames(of: window, count: 2)
                XCTAssertLessThanOrEqual(gtk_widget_get_width(page.actions.root.widget), width, "the box fits the window")
                PullPage.screenshot(page.actions.root.widget, "pull-actions-\(width)")
                coordinator.pop()
            }
        }
    }

    func testAConflictShowsTheReasonAndNoMergeBox() throws {
        try onMain {
            let (coordinator, repo, number) = try PullPage.openPull(ownedByDemo: true, mergeable: false)
            let (page, window) = try PullPage.present(coordinator, repo, number, width: 1280)
            defer { gtk_window_destroy(typed(window)) }
            waitUntil("the reason") { page.viewModel.mergeBlockedReason != nil }
            let reason = try XCTUnwrap(page.viewModel.mergeBlockedReason)
            waitUntil("the reason shows") { visibleLabelTexts(in: page.root).contains(reason) }
            XCTAssertFalse(visibleLabelTexts(in: page.root).contains("Squash"), "no merge box")
            waitForFrames(of: window, count: 2)
            PullPage.screenshot(page.actions.root.widget, "pull-actions-conflict")
        }
    }

    /// A pull request waiting for a required approval: the same reason label says what merging needs, with no new
    /// widget, and the Reviewers heading counts them (issue 39).
    func testAMissingApprovalShowsTheReasonAndNoMergeBox() throws {
        try onMain {
            let (coordinator, repo, number) = try PullPage.openPull(ownedByDemo: true, mergeable: true, needsApproval: true)
            let (page, window) = try PullPage.present(coordinator, repo, number, width: 1280)
            defer { gtk_window_destroy(typed(window)) }
            waitUntil("the reason") { page.viewModel.mergeBlockedReason != nil }
            let reason = try XCTUnwrap(page.viewModel.mergeBlockedReason)
            XCTAssertTrue(reason.hasPrefix("Merging needs 1 approvals; 0 given."), reason)
            waitUntil("the reason shows") { visibleLabelTexts(in: page.root).contains(reason) }
            XCTAssertFalse(visibleLabelTexts(in: page.root).contains("Squash"), "no merge box")
            waitUntil("the heading counts") { visibleLabelTexts(in: page.root).contains("Reviewers (0 of 1 approvals)") }
        }
    }

    func testSomeoneElseSeesNoControls() throws {
        try onMain {
            let (coordinator, repo, number) = try PullPage.openPull(ownedByDemo: false, mergeable: true)
            let (page, window) = try PullPage.present(coordinator, repo, number, width: 1280)
            defer { gtk_window_destroy(typed(window)) }
            waitUntil("the permission") { page.viewModel.permission != nil && page.viewModel.state == .content }
            waitForFrames(of: window, count: 2)
            let texts = visibleLabelTexts(in: page.root)
            for hidden in ["Squash", "Close pull request", "Merge"] { XCTAssertFalse(texts.contains(hidden), hidden) }
            XCTAssertFalse(gtk_widget_get_visible(page.actions.root.widget) != 0)
        }
    }
}

/// One FakeGitee for these tests, and the pull request page shown on it.
private enum PullPage {
    @MainActor private static var sharedServer: FakeGiteeServer?
    @MainActor static func server() throws -> FakeGiteeServer {
        if let sharedServer { return sharedServer }
        var options = FakeGiteeServer.Options()
        options.projectCount = 120
        options.userCount = 30
        let server = FakeGiteeServer(options: options)
        try server.start(port: 0)
        sharedServer = server
        return server
    }

    /// A coordinator logged in as the demo account, and an open pull request of a project it owns (or, opened by
    /// someone else, of a project it does not own).
    @MainActor static func openPull(ownedByDemo: Bool, mergeable: Bool, needsApproval: Bool = false) throws -> (Coordinator, RepositoryID, Int) {
        let server = try server()
        let client = GiteeClient(configuration: GiteeConfiguration(server: server.baseURL, appVersion: "test", retry: .none))
        let session = Session(client: client, store: nil, environment: [:])
        let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                      services: AppServices(client: client, session: session))
        finish("log in") { try? await session.logIn(personalToken: "mayun-demo-token") }
        let demo = try XCTUnwrap(server.world.user(login: "mayun-demo"))
        for project in server.world.projects where (project.ownerID == demo.id) == ownedByDemo && !project.isEmpty {
            let repo = RepositoryID(owner: server.world.owner(of: project).login, name: project.path)
            var pulls: [PullRequest] = []
            finish("the pull requests") {
                pulls = (try? await client.all(Endpoints.pullRequests(owner: repo.owner, repo: repo.name, perPage: 100))) ?? []
            }
            // Someone else's project: not one the demo account opened either (its author may close it, issue 39).
            // Review rules (`assignees_number` / `testers_number`) only when asked for.
            let wanted = pulls.first { $0.mergeable == mergeable && (ownedByDemo || $0.author?.login != "mayun-demo")
                && (needsApproval ? $0.requiredApprovals > 0 : $0.requiredApprovals + $0.requiredTests == 0) }
            if let pull = wanted { return (coordinator, repo, pull.number) }
        }
        XCTFail("no open pull request (mergeable: \(mergeable))")
        throw NoPullRequest()
    }

    struct NoPullRequest: Error {}

    /// Runs `work` and iterates the main loop until it is done.
    @MainActor static func finish(_ what: String, _ work: @escaping @MainActor () async -> Void) {
        var done = false
        Task { @MainActor in
            await work()
            done = true
        }
        waitUntil(what) { done }
    }

    @MainActor static func present(_ coordinator: Coordinator, _ repo: RepositoryID, _ number: Int,
                                    width: Int32) throws -> (PullRequestPage, Widget) {
        coordinator.push(.pullRequest(repo, number: number))
        let page = try XCTUnwrap(PageFactory(images: testImages()).makePage(for: coordinator.top!) as? PullRequestPage)
        let window = gtk_window_new()!
        gtk_window_set_default_size(typed(window), width, 800)
        gtk_window_set_child(typed(window), page.root)
        gtk_window_present(typed(window))
        return (page, window)
    }

    @MainActor static func screenshot(_ widget: Widget, _ name: String) {
        let path = repositoryRoot.appendingPathComponent("tests/artifacts/\(name).png").path
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        let saved = withRenderedSurface(of: widget) { cairo_surface_write_to_png($0, path) == CAIRO_STATUS_SUCCESS }
        XCTAssertEqual(saved, true, "screenshot \(path) written")
    }
}
