import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// New issues and pull requests on the one write path (issue 38): a create whose answer is lost is found by asking and
/// shown as created once, with its draft gone; one that did not happen keeps the text and says why; a second click
/// while the first is on its way sends nothing (docs/WRITES.md).
final class CreateWritesTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }
    private static let createIssuePath = "/api/v5/repos/*/issues"

    /// The issue list, then the New Issue form over it with `title` typed.
    @MainActor private static func form(_ title: String) throws
        -> (IssueFixture.App, RepositoryID, CreateIssueViewModel, DraftStore) {
        let drafts = DraftStore(directory: IssueFixture.makeDrafts())
        let app = IssueFixture.makeApp(drafts: drafts)
        let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
        app.coordinator.push(.issues(repo))
        app.coordinator.push(.createIssue(repo))
        let form = try XCTUnwrap(app.coordinator.top?.model as? CreateIssueViewModel)
        form.setTitle(title)
        form.setBody("Steps to see it")
        return (app, repo, form, drafts)
    }

    @MainActor private static func issues(titled title: String, in repo: RepositoryID, _ app: IssueFixture.App) -> [Issue] {
        var found: [Issue] = []
        runUntilDone("the project's issues") {
            found = (try? await app.client.send(Endpoints.issues(owner: repo.owner, repo: repo.name, state: .all,
                                                                 perPage: 100))) ?? []
        }
        return found.filter { $0.title == title }
    }

    func testANewIssueWhoseAnswerIsLostIsShownCreatedOnceAndItsDraftGoes() throws {
        try onMain {
            let title = "Lost answer \(UUID().uuidString)"
            let (app, repo, form, drafts) = try Self.form(title)
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .lostAnswer, path: Self.createIssuePath, method: "POST", count: 1))
            form.submit()
            waitUntil("the create settles") { !form.isSubmitting }
            XCTAssertNil(form.errorMessage, "the server made it: no error")
            let made = Self.issues(titled: title, in: repo, app)
            XCTAssertEqual(made.count, 1, "made once")
            let number = try XCTUnwrap(made.first?.number)
            XCTAssertEqual(app.coordinator.routes, [.issues(repo), .issue(repo, number: number)], "the form became the issue")
            XCTAssertEqual(app.coordinator.toast?.message, "Issue #\(number) created")
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "POST" }.map(\.status), [502], "posted once")
            XCTAssertEqual(form.draft, IssueDraft())
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertTrue(drafts.draft(for: repo).isEmpty, "the draft went with the issue")
        }
    }

    func testANewIssueThatWasNotMadeKeepsItsTextAndSaysWhy() throws {
        try onMain {
            let title = "Not made \(UUID().uuidString)"
            let (app, repo, form, drafts) = try Self.form(title)
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .status, path: Self.createIssuePath, method: "POST", status: 502, count: 1))
            form.submit()
            waitUntil("the create settles") { !form.isSubmitting }
            XCTAssertEqual(form.errorMessage?.hasPrefix("Could not create the issue:"), true, form.errorMessage ?? "")
            XCTAssertEqual(form.draft.title, title, "the text stays")
            XCTAssertEqual(app.coordinator.routes.last, .createIssue(repo), "the form stays open")
            XCTAssertTrue(Self.issues(titled: title, in: repo, app).isEmpty, "asked: the server has none")
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "POST" }.count, 1, "not sent again by itself")
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(drafts.draft(for: repo).title, title)
            XCTAssertTrue(form.canSubmit, "offered again")
        }
    }

    func testADoubleSubmitSendsOneIssue() throws {
        try onMain {
            let title = "Clicked twice \(UUID().uuidString)"
            let (app, repo, form, _) = try Self.form(title)
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .latency, path: Self.createIssuePath, method: "POST", delayMs: 300, count: 1))
            form.submit()
            XCTAssertTrue(form.isSubmitting)
            XCTAssertFalse(form.canSubmit)
            form.submit()
            XCTAssertEqual(form.writes.inFlight.count, 1, "the second click sent nothing")
            waitUntil("the create settles") { !form.isSubmitting }
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "POST" }.count, 1)
            XCTAssertEqual(Self.issues(titled: title, in: repo, app).count, 1)
        }
    }

    func testANewPullRequestWhoseAnswerIsLostIsOpenedOnceAndItsDraftGoes() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let (parent, fork) = try Self.forkWithACommit(app, branch: "lost-answer")
            app.coordinator.push(.pullRequests(parent))
            app.coordinator.push(.newPullRequest(parent, head: fork, branch: "lost-answer"))
            let form = try XCTUnwrap(app.coordinator.top?.model as? NewPullRequestViewModel)
            form.start()
            waitUntil("compared") { form.comparison?.commits.isEmpty == false }
            form.setBody("Please take this.")
            runUntilDone("the draft is written") { await drafts.flush() }
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: parent, issue: "pull-new:\(fork):lost-answer"), "Please take this.")
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/pulls", method: "POST", count: 1))
            form.submit()
            waitUntil("the create settles") { !form.isSubmitting }
            XCTAssertNil(form.errorMessage)
            let posts = Self.server.requestLog.filter { $0.method == "POST" }
            XCTAssertEqual(posts.map(\.status), [502], "posted once")
            guard case .pullRequest(let repo, let number, _)? = app.coordinator.routes.last else {
                return XCTFail("the pull request's page: \(app.coordinator.routes)")
            }
            XCTAssertEqual(repo, parent)
            XCTAssertEqual(app.coordinator.routes.dropLast().last, .pullRequests(parent), "only the form was replaced")
            var open: [PullRequest] = []
            runUntilDone("the open pull requests") {
                open = (try? await app.client.send(Endpoints.pullRequests(owner: parent.owner, repo: parent.name))) ?? []
            }
            XCTAssertEqual(open.filter { $0.head.ref == "lost-answer" }.map(\.number), [number], "opened once")
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: parent, issue: "pull-new:\(fork):lost-answer"), "")
        }
    }

    func testBackDuringASlowNewPullRequestLeavesTheListOnTopAndItsDraftGoes() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let (parent, fork) = try Self.forkWithACommit(app, branch: "slow-create")
            app.coordinator.push(.pullRequests(parent))
            app.coordinator.push(.newPullRequest(parent, head: fork, branch: "slow-create"))
            let form = try XCTUnwrap(app.coordinator.top?.model as? NewPullRequestViewModel)
            form.start()
            waitUntil("compared") { form.comparison?.commits.isEmpty == false }
            form.setBody("Sent, then Back")
            runUntilDone("the draft is written") { await drafts.flush() }
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: parent, issue: "pull-new:\(fork):slow-create"), "Sent, then Back")
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .latency, path: "/api/v5/repos/*/*/pulls", method: "POST", delayMs: 300,
                                       count: 1))
            form.submit()
            form.submit()
            let sending = form.writes.inFlight
            XCTAssertEqual(sending.count, 1, "the second click sent nothing")
            app.coordinator.pop()
            runUntilDone("the POST ends") { for task in sending { await task.value } }
            XCTAssertEqual(app.coordinator.routes.last, .pullRequests(parent), "the list stays on top")
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Pull request !"), true, "a toast says where it is")
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "POST" }.count, 1, "sent once")
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: parent, issue: "pull-new:\(fork):slow-create"), "",
                           "the server has it: the form must not offer it again")
        }
    }

    /// A fresh fork by the demo account of someone else's project, with `branch` one commit ahead of `master`.
    @MainActor static func forkWithACommit(_ app: IssueFixture.App, branch: String) throws
        -> (parent: RepositoryID, fork: RepositoryID) {
        let demo = try XCTUnwrap(server.world.user(login: "mayun-demo"))
        let found = try XCTUnwrap(server.world.projects.last { project in
            project.ownerID != demo.id && !project.isEmpty && !project.isPrivate && project.branches.first == "master"
                && server.world.project(owner: "mayun-demo", repo: project.path) == nil
        })
        let parent = RepositoryID(owner: server.world.owner(of: found).login, name: found.path)
        var fork: Project?
        var committed: CommitContent?
        runUntilDone("fork, branch and commit") {
            fork = try? await app.client.send(Endpoints.fork(owner: parent.owner, repo: parent.name))
            guard let fork else { return }
            _ = try? await app.client.send(Endpoints.createBranch(owner: fork.ownerPath, repo: fork.repoPath,
                                                                  name: branch, from: "master"))
            committed = try? await app.client.send(Endpoints.createFile(
                owner: fork.ownerPath, repo: fork.repoPath, path: "lost-answer-\(UUID().uuidString).md",
                content: Data("A change\n".utf8), message: "Add a note", branch: branch))
        }
        let made = try XCTUnwrap(fork)
        XCTAssertNotNil(committed)
        return (parent, RepositoryID(owner: made.ownerPath, name: made.repoPath))
    }
}
