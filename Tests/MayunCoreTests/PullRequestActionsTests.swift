import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Acting on a pull request against FakeGitee (as strict as the site): who sees the controls (the project's
/// `permission`), why a pull request cannot be merged, merging with a method (optimistic, rolled back with the
/// reason when refused), closing and reopening, and the server's own refusals.
final class PullRequestActionsTests: XCTestCase {
    // MARK: Who sees what

    func testAMemberSeesTheMergeBoxFilledInAndCloseOnAnOpenMergeablePullRequest() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.canAct }
            XCTAssertTrue(page.showsMerge)
            XCTAssertNil(page.mergeBlockedReason)
            XCTAssertTrue(page.canMerge)
            XCTAssertEqual(page.stateAction?.target, .closed)
            XCTAssertEqual(page.stateAction?.title, "Close pull request")
            XCTAssertEqual(page.mergeForm.methods.map(\.method), [.merge, .squash, .rebase])
            XCTAssertEqual(page.mergeForm.title, pull.title, "the title is the pull request's, as on the website")
            XCTAssertEqual(page.mergeForm.message, "Merge pull request !\(pull.number) from \(pull.author?.login ?? "")/\(pull.head.ref)")
            page.mergeForm.setTitle("Release the widgets")
            page.refresh()
            waitUntil("the re-read") { page.resource.isRefreshing == false && page.state == .content }
            XCTAssertEqual(page.mergeForm.title, "Release the widgets", "what the person typed survives a re-read")
        }
    }

    func testAConflictingPullRequestSaysWhyInsteadOfMergeAndTheServerRefusesIt() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: false, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.canAct }
            XCTAssertTrue(page.showsMerge)
            let reason = try XCTUnwrap(page.mergeBlockedReason)
            XCTAssertTrue(reason.contains("conflicts with \(pull.base.ref)"), reason)
            XCTAssertFalse(page.canMerge)
            page.merge()
            XCTAssertFalse(page.writes.isWriting, "nothing is sent for a pull request that cannot be merged")
            XCTAssertEqual(page.stateAction?.target, .closed, "it can still be closed")
            var refusal: GiteeError?
            runUntilDone("the PUT") {
                do { _ = try await app.client.send(Endpoints.mergePullRequest(owner: repo.owner, repo: repo.name,
                                                                             number: pull.number, method: .merge,
                                                                             title: nil, description: nil)) }
                catch { refusal = error as? GiteeError }
            }
            guard case .validation? = refusal else { return XCTFail("expected 400, got \(String(describing: refusal))") }
        }
    }

    func testTheReasonsAnOpenPullRequestCannotBeMerged() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.canAct }
            var unknown = pull
            unknown.mergeable = nil
            page.resource.show(unknown)
            XCTAssertEqual(page.mergeBlockedReason?.hasPrefix("Gitee has not said yet"), true)
            XCTAssertFalse(page.canMerge)
            var draft = pull
            draft.isDraft = true
            page.resource.show(draft)
            XCTAssertEqual(page.mergeBlockedReason?.contains("draft"), true)
            XCTAssertFalse(page.canMerge)
        }
    }

    func testSomeoneWhoIsNotAMemberSeesNoControlsAndTheServerRefusesThem() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", mergeable: true,
                                                    authoredByDemo: false, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.permission != nil }
            XCTAssertFalse(page.canAct)
            XCTAssertFalse(page.showsMerge)
            XCTAssertFalse(page.canMerge)
            XCTAssertNil(page.stateAction)
            XCTAssertNil(page.mergeBlockedReason, "no reason is shown to someone who could not merge anyway")
            var refusals: [GiteeError] = []
            runUntilDone("the PUT and the PATCH") {
                do { _ = try await app.client.send(Endpoints.mergePullRequest(owner: repo.owner, repo: repo.name,
                                                                             number: pull.number, method: .squash,
                                                                             title: nil, description: nil)) }
                catch { refusals.append(GiteeError.from(error)) }
                do { _ = try await app.client.send(Endpoints.setPullRequestState(owner: repo.owner, repo: repo.name,
                                                                                number: pull.number, to: .closed)) }
                catch { refusals.append(GiteeError.from(error)) }
            }
            XCTAssertEqual(refusals.count, 2)
            for refusal in refusals {
                guard case .forbidden = refusal else { return XCTFail("expected 403, got \(refusal)") }
            }
        }
    }

    func testLoggedOutNobodySeesControls() throws {
        try onMain {
            let app = IssueFixture.makeApp(loggedIn: false)
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            XCTAssertFalse(page.canAct)
            XCTAssertFalse(page.showsMerge)
            XCTAssertNil(page.stateAction)
        }
    }

    // MARK: Merging

    func testAMemberSquashMergesShownAtOnceThenTheServerSaysMerged() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            app.coordinator.push(.pullRequests(repo))
            let list = try XCTUnwrap(app.coordinator.top?.model as? PullRequestsViewModel)
            list.start()
            waitUntil("the open list") { list.pullRequests.state == .content }
            while !list.pullRequests.reachedEnd {
                list.pullRequests.loadMore()
                waitUntil("more") { !list.pullRequests.isLoadingMore }
            }
            XCTAssertTrue(list.pullRequests.items.contains { $0.number == pull.number })
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.canMerge }
            page.mergeForm.select(.squash)
            page.mergeForm.setTitle("Squashed: \(pull.title)")
            page.mergeForm.setMessage("All of it, in one commit.")
            IssueFixture.server.clearLog()
            page.merge()
            XCTAssertTrue(page.isMerged, "shown merged at once")
            XCTAssertEqual(page.stateText, "Merged")
            XCTAssertFalse(page.canMerge)
            XCTAssertNil(page.stateAction, "a merged pull request is neither closed nor reopened")
            waitUntil("the merge settles") { !page.writes.isWriting }
            XCTAssertTrue(page.isMerged)
            let put = try XCTUnwrap(IssueFixture.server.requestLog.first { $0.method == "PUT" })
            XCTAssertEqual(put.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/\(pull.number)/merge")
            XCTAssertEqual(put.fields["merge_method"], "squash")
            XCTAssertEqual(put.fields["title"], "Squashed: \(pull.title)")
            XCTAssertEqual(put.fields["description"], "All of it, in one commit.")
            XCTAssertEqual(put.status, 200)
            var reread: PullRequest?
            runUntilDone("the server's copy") {
                reread = try? await app.client.send(Endpoints.pullRequest(owner: repo.owner, repo: repo.name, number: pull.number))
            }
            XCTAssertEqual(reread?.state, "merged")
            XCTAssertFalse(list.pullRequests.items.contains { $0.number == pull.number }, "a merged one leaves Open below")
            XCTAssertNil(app.coordinator.toast)
        }
    }

    func testAFailedMergePutsThePullRequestBackAndSaysWhy() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.canMerge }
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/*/pulls/*/merge", method: "PUT",
                                               status: 500, count: 1))
            page.merge()
            XCTAssertTrue(page.isMerged)
            waitUntil("the rollback") { !page.writes.isWriting }
            XCTAssertFalse(page.isMerged)
            XCTAssertEqual(page.pullRequest?.state, "open")
            XCTAssertTrue(page.canMerge, "Merge is offered again")
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not merge:"), true)
            var reread: PullRequest?
            runUntilDone("the server's copy") {
                reread = try? await app.client.send(Endpoints.pullRequest(owner: repo.owner, repo: repo.name, number: pull.number))
            }
            XCTAssertEqual(reread?.state, "open")
        }
    }

    func testAMergeRefusedBecauseItWasMergedMeanwhileShowsItMerged() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.canMerge }
            XCTAssertNil(PullFixture.refusal {
                _ = try await app.client.send(Endpoints.mergePullRequest(owner: repo.owner, repo: repo.name, number: pull.number,
                                                                        method: .rebase, title: nil, description: nil))
            }, "merged elsewhere (the website, another client)")
            XCTAssertTrue(page.canMerge, "this page does not know yet")
            page.merge()
            waitUntil("the refusal") { !page.writes.isWriting }
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not merge:"), true, "the reason is told")
            waitUntil("the page reads it again") { page.isMerged && !page.resource.isRefreshing }
            XCTAssertFalse(page.canMerge)
        }
    }

    // MARK: Close and reopen

    func testAMemberClosesThenReopens() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.canAct }
            page.setState(.closed)
            XCTAssertEqual(page.pullRequest?.state, "closed", "shown at once")
            XCTAssertFalse(page.showsMerge)
            waitUntil("the close settles") { !page.writes.isWriting }
            XCTAssertEqual(page.pullRequest?.state, "closed")
            XCTAssertEqual(page.stateAction?.target, .open)
            XCTAssertEqual(page.stateAction?.title, "Reopen pull request")
            let patch = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/\(pull.number)")
            XCTAssertEqual(patch.fields["state"], "closed")
            page.setState(.open)
            waitUntil("the reopen settles") { !page.writes.isWriting }
            XCTAssertEqual(page.pullRequest?.state, "open")
            XCTAssertTrue(page.showsMerge)
        }
    }

    /// On gitee.com a pull request's author closes it (issue 39): the demo account, not a member of the project,
    /// sees Close on its own open pull request (and no merge box), closes it and the server agrees. Reopening is not
    /// offered to it, and FakeGitee refuses it (assumed: members only).
    func testItsAuthorClosesAPullRequestWithoutBeingAMember() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", authoredByDemo: true, client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the permission") { page.permission != nil }
            XCTAssertFalse(page.canAct)
            XCTAssertTrue(page.isAuthor)
            XCTAssertFalse(page.showsMerge)
            XCTAssertEqual(page.stateAction?.target, .closed)
            XCTAssertEqual(page.stateAction?.title, "Close pull request")
            page.setState(.closed)
            XCTAssertEqual(page.pullRequest?.state, "closed", "shown at once")
            waitUntil("the close settles") { !page.writes.isWriting }
            XCTAssertEqual(page.pullRequest?.state, "closed")
            let patch = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/\(pull.number)")
            XCTAssertEqual(patch.login, "mayun-demo")
            XCTAssertEqual(patch.status, 200)
            XCTAssertNil(page.stateAction, "reopening is for members")
            page.setState(.open)
            XCTAssertFalse(page.writes.isWriting, "nothing is sent")
            let refusal = PullFixture.refusal {
                _ = try await app.client.send(Endpoints.setPullRequestState(owner: repo.owner, repo: repo.name,
                                                                            number: pull.number, to: .open))
            }
            guard case .forbidden? = refusal else { return XCTFail("expected 403, got \(String(describing: refusal))") }
        }
    }

    // MARK: FakeGitee as strict as the site

    func testFakeGiteeChecksTheMethodTheStateAndTheLogin() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, merged) = try PullFixture.find(ownedByDemo: true, state: "merged", client: app.client)
            let (closedRepo, closed) = try PullFixture.find(ownedByDemo: true, state: "closed", client: app.client)
            let (openRepo, open) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            let badMethod = Endpoint<NoContent>(.put, .v5, path: "/repos/\(openRepo.owner)/\(openRepo.name)/pulls/\(open.number)/merge",
                                                form: [QueryItem("merge_method", "fast-forward")], requiresAuth: true)
            guard case .validation? = PullFixture.refusal({ _ = try await app.client.send(badMethod) }) else {
                return XCTFail("an unknown merge_method is refused")
            }
            for (pullRepo, pull, what) in [(repo, merged, "a merged"), (closedRepo, closed, "a closed")] {
                let merge = Endpoints.mergePullRequest(owner: pullRepo.owner, repo: pullRepo.name, number: pull.number,
                                                       method: .merge, title: nil, description: nil)
                guard case .validation? = PullFixture.refusal({ _ = try await app.client.send(merge) }) else {
                    return XCTFail("\(what) pull request is not merged again")
                }
            }
            let reopen = Endpoints.setPullRequestState(owner: repo.owner, repo: repo.name, number: merged.number, to: .open)
            guard case .validation? = PullFixture.refusal({ _ = try await app.client.send(reopen) }) else {
                return XCTFail("a merged pull request stays merged")
            }
            let anonymous = IssueFixture.makeApp(loggedIn: false)
            // Sent without a token (the client itself would not send it): the server's own answer.
            let merge = Endpoint<NoContent>(.put, .v5, path: "/repos/\(openRepo.owner)/\(openRepo.name)/pulls/\(open.number)/merge",
                                            form: [QueryItem("merge_method", "merge")])
            guard case .unauthorized? = PullFixture.refusal({ _ = try await anonymous.client.send(merge) }) else {
                return XCTFail("nobody logged in merges nothing")
            }
        }
    }
}

/// Pull requests of the shared FakeGitee (IssueFixture's), each handed out once per run.
enum PullFixture {

    /// A pull request of a project the demo account owns (a member) or not, open and mergeable or conflicting, or
    /// in another state; opened by the demo account or not when `authoredByDemo` says. The shared world generates
    /// no review rules (IssueFixture), so any of them may be merged by a member.
    @MainActor static func find(ownedByDemo: Bool, state: String, mergeable: Bool? = nil, authoredByDemo: Bool? = nil,
                                     client: GiteeClient) throws -> (RepositoryID, PullRequest) {
        let server = IssueFixture.server
        let demo = try XCTUnwrap(server.world.user(login: "mayun-demo"))
        for project in server.world.projects where (project.ownerID == demo.id) == ownedByDemo && !project.isEmpty {
            let repo = RepositoryID(owner: server.world.owner(of: project).login, name: project.path)
            var pulls: [PullRequest] = []
            runUntilDone("the pull requests of \(repo)") {
                pulls = (try? await client.all(Endpoints.pullRequests(owner: repo.owner, repo: repo.name, state: .all,
                                                                      perPage: 100))) ?? []
            }
            // Pull requests this run changed are skipped (the shared server keeps them changed).
            let wanted = pulls.first { $0.state == state && (mergeable == nil || $0.mergeable == mergeable)
                && (authoredByDemo == nil || ($0.author?.login == "mayun-demo") == authoredByDemo)
                && !Self.used.contains("\(repo)!\($0.number)") }
            if let wanted {
                Self.used.insert("\(repo)!\(wanted.number)")
                return (repo, wanted)
            }
        }
        XCTFail("no \(state) pull request (mergeable: \(String(describing: mergeable)))")  // the seeded world has them
        throw NoSuchProject()
    }

    /// What the server answered a request the test sends itself (nil when it was accepted).
    @MainActor static func refusal(_ send: @escaping @MainActor () async throws -> Void) -> GiteeError? {
        var caught: GiteeError?
        runUntilDone("the request") {
            do { try await send() } catch { caught = GiteeError.from(error) }
        }
        return caught
    }

    @MainActor private static var used: Set<String> = []

    @MainActor static func open(_ app: IssueFixture.App, _ repo: RepositoryID, _ number: Int) throws -> PullRequestViewModel {
        app.coordinator.push(.pullRequest(repo, number: number))
        let page = try XCTUnwrap(app.coordinator.top?.model as? PullRequestViewModel)
        page.start()
        waitUntil("the pull request loads") { page.state == .content && page.comments.state != .loading }
        // And what it asked beside it for a logged-in person (the project, the collaborators): a test that unplugs
        // the network next sees no late answer of the page's first requests.
        waitUntil("the permission and the collaborators") {
            page.session?.isLoggedIn != true
                || (page.permission != nil && (!page.collaborators.isEmpty || page.collaboratorsFor == nil))
        }
        return page
    }
}
