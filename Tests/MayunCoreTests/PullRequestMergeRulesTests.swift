import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// What merging needs (issue 39, item 2): the project's required approvals and tests (`assignees_number`,
/// `testers_number`, the reviewers' and testers' `accept`) decide whether Merge is offered, the page says in words
/// what is missing and who gave what, and a merge the site refuses is explained whatever its status.
final class PullRequestMergeRulesTests: XCTestCase {
    /// The recorded pull request needs one approval and one test and nobody is asked: both are said, in words.
    func testTheRecordedPullRequestSaysWhatMergingNeeds() throws {
        let data = try Data(contentsOf: repositoryRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/gitee/samples/pr.json"))
        let pull = try JSONNodeDecoding.decode(PullRequest.self, from: data)
        try onMain {
            XCTAssertEqual(PullRequestViewModel.missingReviewsReason(pull, .reviewers),
                           "Merging needs 1 approvals; 0 given. Nobody is asked to review yet.")
            XCTAssertEqual(PullRequestViewModel.missingReviewsReason(pull, .testers),
                           "Merging needs 1 passed tests; 0 given. Nobody is asked to test yet.")
            var asked = pull
            asked.requiredApprovals = 2
            asked.reviewers = [PullRequest.Reviewer(login: "kit101", accepted: true), PullRequest.Reviewer(login: "li")]
            XCTAssertEqual(PullRequestViewModel.missingReviewsReason(asked, .reviewers),
                           "Merging needs 2 approvals; 1 given. Approved by kit101. Waiting for li.")
            asked.reviewers[1].accepted = true
            XCTAssertNil(PullRequestViewModel.missingReviewsReason(asked, .reviewers), "enough approvals")
        }
    }

    /// End to end against FakeGitee, on one pull request whose project requires one approval: the page says why Merge
    /// is not offered; a merge sent anyway is refused (405 with the site's words, never "unexpected status"), also
    /// from a page that wrongly believed it approved (the toast says why, and the page reads it again); the member
    /// asks themselves to review and approves; a refusal of another status (403) is still words; then it merges.
    func testAPullRequestNeedingOneApprovalSaysWhyIsApprovedThenMerged() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: true, state: "open", mergeable: true, client: app.client)
            let owner = repo.owner, name = repo.name, number = pull.number
            XCTAssertTrue(IssueFixture.server.setRequiredReviews(approvals: 1, tests: 0, owner: owner, repo: name, number: number))
            let page = try PullFixture.open(app, repo, number)
            waitUntil("the permission and the collaborators") { page.canAct && !page.collaborators.isEmpty }
            XCTAssertEqual(page.pullRequest?.requiredApprovals, 1, "assignees_number as served")
            XCTAssertEqual(page.pullRequest?.canMergeCheck, false)
            XCTAssertTrue(page.showsMerge)
            XCTAssertFalse(page.canMerge)
            XCTAssertEqual(page.mergeBlockedReason, "Merging needs 1 approvals; 0 given. Nobody is asked to review yet.")
            XCTAssertEqual(page.reviewersHeading, "Reviewers (0 of 1 approvals)")
            XCTAssertTrue(page.showsSection(.reviewers))
            page.merge()
            XCTAssertFalse(page.writes.isWriting, "nothing is sent while approvals are missing")

            let refusal = PullFixture.refusal {
                _ = try await app.client.send(Endpoints.mergePullRequest(owner: owner, repo: name, number: number,
                                                                        method: .merge, title: nil, description: nil))
            }
            guard case .validation(let words)? = refusal else { return XCTFail("expected the site's words, got \(String(describing: refusal))") }
            XCTAssertTrue(words.contains("needs 1 approvals"), words)
            XCTAssertEqual(IssueFixture.server.requestLog.last { $0.method == "PUT" }?.status, 405)

            // A stale page that believes it approved: the site refuses, the page says why and reads it again.
            var stale = try XCTUnwrap(page.pullRequest)
            stale.reviewers = [PullRequest.Reviewer(login: "mayun-demo", accepted: true)]
            page.resource.show(stale)
            XCTAssertTrue(page.canMerge)
            page.merge()
            waitUntil("the refusal") { !page.writes.isWriting }
            let toast = try XCTUnwrap(app.coordinator.toast?.message)
            XCTAssertTrue(toast.hasPrefix("Could not merge: 此 Pull Request 还需要 1 人审查通过"), toast)
            XCTAssertFalse(toast.localizedCaseInsensitiveContains("unexpected"), toast)
            waitUntil("the page reads it again") { !page.resource.isRefreshing && page.mergeBlockedReason != nil }
            XCTAssertFalse(page.isMerged)
            XCTAssertEqual(page.mergeBlockedReason, "Merging needs 1 approvals; 0 given. Nobody is asked to review yet.")
            app.coordinator.toast = nil

            page.add("mayun-demo", as: .reviewers)
            waitUntil("asked") { !page.writes.isWriting && page.canAccept(.reviewers) }
            XCTAssertEqual(page.mergeBlockedReason, "Merging needs 1 approvals; 0 given. Waiting for mayun-demo.")
            page.accept(.reviewers)
            waitUntil("the approval settles") { !page.writes.isWriting }
            XCTAssertEqual(page.people(.reviewers).map(\.state), ["Approved"])
            XCTAssertEqual(page.reviewersHeading, "Reviewers (1 of 1 approvals)")
            XCTAssertNil(page.mergeBlockedReason)
            XCTAssertEqual(page.pullRequest?.canMergeCheck, true, "the server's copy agrees")
            XCTAssertTrue(page.canMerge)

            // Refused with a status the client has no special case for: still words, and put back.
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/*/pulls/*/merge", method: "PUT",
                                               status: 403, count: 1))
            page.merge()
            waitUntil("the 403") { !page.writes.isWriting }
            let forbidden = try XCTUnwrap(app.coordinator.toast?.message)
            XCTAssertTrue(forbidden.hasPrefix("Could not merge: You are not allowed to do this."), forbidden)
            XCTAssertTrue(forbidden.contains("Injected error 403"), "the site's message is kept: \(forbidden)")
            waitUntil("read again") { !page.resource.isRefreshing && page.canMerge }
            XCTAssertFalse(page.isMerged)
            app.coordinator.toast = nil

            page.merge()
            waitUntil("the merge settles") { !page.writes.isWriting }
            XCTAssertTrue(page.isMerged)
            XCTAssertNil(app.coordinator.toast)
            XCTAssertEqual(IssueFixture.server.requestLog.last { $0.method == "PUT" }?.status, 200)
            var reread: PullRequest?
            runUntilDone("the server's copy") {
                reread = try? await app.client.send(Endpoints.pullRequest(owner: owner, repo: name, number: number))
            }
            XCTAssertEqual(reread?.state, "merged")
        }
    }
}
