import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Commit to a new branch of a fork, then open a pull request against the fork's source (the requests sent, the
/// compare shown, the title filled in, the new pull request in the source's list), the refusals (nothing to merge,
/// one already open), branch names, and the pull request list's filters remembered per project.
final class NewPullRequestTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }

    /// A fresh fork by the demo account of someone else's project (its default branch `master`).
    @MainActor private static func freshFork(_ app: IssueFixture.App) throws -> (parent: RepositoryID, fork: RepositoryID) {
        let demo = try XCTUnwrap(server.world.user(login: "mayun-demo"))
        let found = try XCTUnwrap(server.world.projects.last { project in
            project.ownerID != demo.id && !project.isEmpty && !project.isPrivate && project.branches.first == "master"
                && server.world.project(owner: "mayun-demo", repo: project.path) == nil
        })
        let parent = RepositoryID(owner: server.world.owner(of: found).login, name: found.path)
        var fork: Project?
        runUntilDone("fork") { fork = try? await app.client.send(Endpoints.fork(owner: parent.owner, repo: parent.name)) }
        let made = try XCTUnwrap(fork)
        return (parent, RepositoryID(owner: made.ownerPath, name: made.repoPath))
    }

    @MainActor private static func editor(_ app: IssueFixture.App, _ repo: RepositoryID) throws -> FileEditorViewModel {
        app.coordinator.push(.editFile(repo, branch: nil, path: "README.md"))
        let editor = try XCTUnwrap(app.coordinator.top?.model as? FileEditorViewModel)
        editor.start()
        waitUntil("the file and the branches load") { editor.phase == .editing && !editor.newBranchName.isEmpty }
        return editor
    }

    func testForkCommitToANewBranchThenOpenAPullRequestAgainstTheSource() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let (parent, fork) = try Self.freshFork(app)
            let editor = try Self.editor(app, fork)
            editor.choose(.newBranch)
            XCTAssertEqual(editor.newBranchName, "mayun-demo-patch-1", "the default name")
            XCTAssertNil(editor.newBranchError)
            editor.setText(editor.text + "\n\nA line from the fork.")
            editor.message = "Say hello from the fork"
            XCTAssertTrue(editor.canCommitToNewBranch)
            Self.server.clearLog()
            editor.commit()
            waitUntil("the commit lands") { editor.committedBranch != nil }
            let writes = Self.server.requestLog.filter { $0.method != "GET" }
            XCTAssertEqual(writes.map(\.method), ["POST", "PUT"], "the branch first, then the file on it")
            XCTAssertEqual(writes[0].path, "/api/v5/repos/\(fork.owner)/\(fork.name)/branches")
            XCTAssertEqual(writes[0].fields["refs"], "master")
            XCTAssertEqual(writes[0].fields["branch_name"], "mayun-demo-patch-1")
            XCTAssertEqual(writes[0].status, 201)
            XCTAssertEqual(writes[1].fields["branch"], "mayun-demo-patch-1")
            XCTAssertEqual(writes[1].status, 200)
            XCTAssertEqual(editor.committedText, "Committed to the new branch mayun-demo-patch-1.")

            // "Open a Pull Request": the form, against the fork's source, the new branch as the head.
            editor.openPullRequest()
            XCTAssertEqual(app.coordinator.routes.last, .newPullRequest(fork, head: fork, branch: "mayun-demo-patch-1"))
            let form = try XCTUnwrap(app.coordinator.top?.model as? NewPullRequestViewModel)
            form.start()
            waitUntil("the comparison arrives") { form.comparison != nil }
            XCTAssertEqual(form.target, parent, "a fork's pull request goes to its source")
            XCTAssertEqual(form.headRepo, fork)
            XCTAssertEqual(form.headBranch, "mayun-demo-patch-1")
            XCTAssertEqual(form.baseBranch, "master")
            XCTAssertEqual(form.comparison?.commits.map(\.title), ["Say hello from the fork"])
            XCTAssertEqual(form.comparison?.files.map(\.filename), ["README.md"])
            XCTAssertEqual(form.diff.files.count, 1, "the diff view shows the change")
            XCTAssertEqual(form.titleText, "Say hello from the fork", "one commit: its title")
            XCTAssertEqual(form.compareSummary, "Commits: 1 · files changed: 1")
            XCTAssertNil(form.nothingToCompare)
            form.setBody("Please take this.")
            Self.server.clearLog()
            form.submit()
            waitUntil("the pull request opens") {
                if case .pullRequest(let repo, _, _)? = app.coordinator.routes.last { return repo == parent }
                return false
            }
            let post = try XCTUnwrap(Self.server.requestLog.first { $0.method == "POST" })
            XCTAssertEqual(post.path, "/api/v5/repos/\(parent.owner)/\(parent.name)/pulls")
            XCTAssertEqual(post.fields["head"], "\(fork.owner)/\(fork.name):mayun-demo-patch-1")
            XCTAssertEqual(post.fields["base"], "master")
            XCTAssertEqual(post.fields["title"], "Say hello from the fork")
            XCTAssertEqual(post.fields["body"], "Please take this.")
            XCTAssertEqual(post.status, 201)
            guard case .pullRequest(_, let number, _)? = app.coordinator.routes.last else { return XCTFail() }

            // It is in the source's list of open pull requests, which offers New Pull Request to the forker.
            app.coordinator.push(.pullRequests(parent))
            let list = try XCTUnwrap(app.coordinator.top?.model as? PullRequestsViewModel)
            list.start()
            waitUntil("the list loads") { list.pullRequests.items.contains { $0.number == number } && list.canCreate }
            XCTAssertEqual(list.pullRequests.items.first?.title, "Say hello from the fork")
            XCTAssertEqual(list.pullRequests.items.first?.head.ref, "mayun-demo-patch-1")

            // The same branches again: refused, and the open one is offered.
            app.coordinator.push(.newPullRequest(parent, head: fork, branch: "mayun-demo-patch-1"))
            let again = try XCTUnwrap(app.coordinator.top?.model as? NewPullRequestViewModel)
            again.start()
            waitUntil("compared") { again.comparison != nil }
            again.submit()
            waitUntil("refused") { again.existingNumber != nil }
            XCTAssertEqual(again.existingNumber, number)
            XCTAssertTrue(again.errorMessage?.contains("already open") == true, again.errorMessage ?? "")
            again.openExisting()
            XCTAssertEqual(app.coordinator.routes.last, .pullRequest(parent, number: number))

            // A branch with nothing new: nothing to merge, and Create stays off.
            app.coordinator.push(.newPullRequest(parent, head: fork, branch: "master"))
            let empty = try XCTUnwrap(app.coordinator.top?.model as? NewPullRequestViewModel)
            empty.start()
            waitUntil("compared") { empty.comparison != nil }
            XCTAssertNotNil(empty.nothingToCompare)
            XCTAssertFalse(empty.canSubmit)
        }
    }

    func testTheTitleAndBodyAreADraftUntilTheServerHasThePullRequest() throws {
        try onMain {
            let directory = IssueFixture.makeDrafts()
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: directory))
            let (parent, fork) = try Self.freshFork(app)
            var branch: GiteeKit.Branch?
            runUntilDone("a branch") {
                branch = try? await app.client.send(Endpoints.createBranch(owner: fork.owner, repo: fork.name, name: "draft-test", from: "master"))
            }
            XCTAssertEqual(branch?.name, "draft-test")
            app.coordinator.push(.newPullRequest(parent, head: fork, branch: "draft-test"))
            let form = try XCTUnwrap(app.coordinator.top?.model as? NewPullRequestViewModel)
            form.start()
            waitUntil("compared") { form.comparison != nil }
            XCTAssertEqual(form.titleText, "Draft test", "no commits: the branch name made readable")
            form.setTitle("My title")
            form.setBody("My body")
            runUntilDone("drafts written") { await app.services.drafts.flush() }
            // Another run of the app (same drafts folder) finds both.
            let later = IssueFixture.makeApp(drafts: DraftStore(directory: directory))
            later.coordinator.push(.newPullRequest(parent, head: fork, branch: "draft-test"))
            let restored = try XCTUnwrap(later.coordinator.top?.model as? NewPullRequestViewModel)
            restored.start()
            waitUntil("compared") { restored.comparison != nil }
            XCTAssertEqual(restored.titleText, "My title")
            XCTAssertEqual(restored.body, "My body")
        }
    }

    func testNewBranchNamesAreCheckedAsGitChecksThem() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let (_, fork) = try Self.freshFork(app)
            let editor = try Self.editor(app, fork)
            XCTAssertNil(editor.newBranchError, "the current branch needs no name")
            editor.choose(.newBranch)
            editor.setText(editor.text + "!")
            // The last four: a component that begins with "." or ends with ".lock", or is empty (found by the links fuzzer).
            for bad in ["", "two words", "a..b", "-x", "x/", "x.lock", "what?", "a:b", "x/./a", "a/.hidden", "x.lock/y", "a//b"] {
                editor.setNewBranchName(bad)
                XCTAssertNotNil(editor.newBranchError, "“\(bad)” is refused")
                XCTAssertFalse(editor.canCommitToNewBranch)
            }
            editor.setNewBranchName("master")
            XCTAssertEqual(editor.newBranchError, "The branch master already exists.")
            editor.setNewBranchName("feature/ok-name")
            XCTAssertNil(editor.newBranchError)
            XCTAssertEqual(FileEditorViewModel.freeBranchName(login: "ann", taken: ["ann-patch-1", "ann-patch-2"]), "ann-patch-3")
        }
    }

    func testFakeGiteeRefusesBadPullRequestsAndBranches() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (parent, fork) = try Self.freshFork(app)
            @MainActor func refusal(_ body: @escaping @MainActor () async throws -> Void) -> GiteeError? {
                var caught: GiteeError?
                runUntilDone("send") { do { try await body() } catch { caught = GiteeError.from(error) } }
                return caught
            }
            let client = app.client
            let noTitle = refusal { _ = try await client.send(Endpoints.createPullRequest(owner: parent.owner, repo: parent.name, title: " ", head: "\(fork.owner)/\(fork.name):master", base: "master", body: "")) }
            guard case .validation(let message)? = noTitle else { return XCTFail("title is required") }
            XCTAssertTrue(message.contains("title"))
            let same = refusal { _ = try await client.send(Endpoints.createPullRequest(owner: fork.owner, repo: fork.name, title: "t", head: "master", base: "master", body: "")) }
            guard case .validation? = same else { return XCTFail("head and base the same branch") }
            let noBranch = refusal { _ = try await client.send(Endpoints.createPullRequest(owner: parent.owner, repo: parent.name, title: "t", head: "\(fork.owner)/\(fork.name):nope", base: "master", body: "")) }
            guard case .validation? = noBranch else { return XCTFail("the head branch must exist") }
            let badName = refusal { _ = try await client.send(Endpoints.createBranch(owner: fork.owner, repo: fork.name, name: "a b", from: "master")) }
            guard case .validation? = badName else { return XCTFail("a branch name with a space") }
            let existing = refusal { _ = try await client.send(Endpoints.createBranch(owner: fork.owner, repo: fork.name, name: "master", from: "master")) }
            guard case .validation? = existing else { return XCTFail("an existing branch") }
            let notMine = refusal { _ = try await client.send(Endpoints.createBranch(owner: parent.owner, repo: parent.name, name: "x", from: "master")) }
            guard case .forbidden? = notMine else { return XCTFail("no push rights: 403") }
        }
    }

    func testListFiltersAreSentAndRememberedPerProject() throws {
        try onMain {
            let directory = IssueFixture.makeDrafts()
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: directory))
            let demo = try XCTUnwrap(Self.server.world.user(login: "mayun-demo"))
            let own = try XCTUnwrap(Self.server.world.projects.first { $0.ownerID == demo.id && !$0.isEmpty })
            let repo = RepositoryID(owner: "mayun-demo", name: own.path)
            app.coordinator.push(.pullRequests(repo))
            let list = try XCTUnwrap(app.coordinator.top?.model as? PullRequestsViewModel)
            list.start()
            waitUntil("members may create") { list.canCreate && list.pullRequests.state != .loading }
            XCTAssertEqual(list.scopeChoices.map(\.scope), [.everyone, .createdByMe, .assignedToMe, .reviewRequested])
            Self.server.clearLog()
            list.selectFilter(.all)
            list.selectSort(.updated)
            list.selectScope(.createdByMe)
            waitUntil("the list reloads") {
                Self.server.requestLog.contains { $0.fields["author"] == "mayun-demo" && $0.fields["sort"] == "updated" }
            }
            let asked = try XCTUnwrap(Self.server.requestLog.last { $0.path.hasSuffix("/pulls") })
            XCTAssertEqual(asked.fields["state"], "all")
            XCTAssertEqual(asked.status, 200)
            waitUntil("loaded") { list.pullRequests.state != .loading }
            XCTAssertTrue(list.pullRequests.items.allSatisfy { $0.author?.login == "mayun-demo" })
            list.createNew()
            XCTAssertEqual(app.coordinator.routes.last, .newPullRequest(repo, head: nil, branch: nil))

            // The next visit to this project's list starts with the same filters; another project's does not.
            let later = IssueFixture.makeApp(drafts: DraftStore(directory: directory))
            later.coordinator.push(.pullRequests(repo))
            let again = try XCTUnwrap(later.coordinator.top?.model as? PullRequestsViewModel)
            again.start()
            waitUntil("restored") { again.current == PullRequestFilters(state: .all, sort: .updated, scope: .createdByMe) }
            let other = try XCTUnwrap(Self.server.world.projects.first { $0.ownerID != demo.id && !$0.isEmpty })
            later.coordinator.push(.pullRequests(RepositoryID(owner: Self.server.world.owner(of: other).login, name: other.path)))
            let otherList = try XCTUnwrap(later.coordinator.top?.model as? PullRequestsViewModel)
            XCTAssertEqual(otherList.current, PullRequestFilters())
        }
    }

    func testDefaultTitles() {
        onMain {
            XCTAssertEqual(NewPullRequestViewModel.defaultTitle(branch: "feature/dark-mode", commits: []), "Dark mode")
            XCTAssertEqual(NewPullRequestViewModel.defaultTitle(branch: "ann-patch-1", commits: []), "Ann patch 1")
        }
    }
}
