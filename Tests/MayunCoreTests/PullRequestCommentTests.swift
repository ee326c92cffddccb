import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// General comments on a pull request against FakeGitee, with the issue page's composer and write path: shown at
/// once and settled from the server's copy, edited and deleted (one's own only), rolled back into the composer with
/// the reason, drafts per account, project and pull request; and FakeGitee's refusals (blank bodies, other people's
/// comments, line comments at places the diff does not have).
final class PullRequestCommentTests: XCTestCase {
    func testACommentShowsAtOnceThenIsEditedAndDeleted() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            let before = page.comments.items.count
            XCTAssertFalse(page.composer.canSend, "nothing to send yet")
            page.composer.setText("Looks good, one question on `main.go`.")
            page.composer.submit()
            XCTAssertEqual(page.comments.items.count, before + 1, "shown at once")
            XCTAssertTrue(page.isPendingComment(at: before))
            waitUntil("the POST settles") { !page.writes.isWriting }
            let posted = try XCTUnwrap(page.comments.items.last)
            XCTAssertGreaterThan(posted.id, 0, "the server's copy")
            XCTAssertEqual(posted.author?.login, "mayun-demo")
            XCTAssertTrue(page.isOwnComment(at: before))
            let post = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "POST" })
            XCTAssertEqual(post.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/\(pull.number)/comments")
            XCTAssertEqual(post.fields["body"], "Looks good, one question on `main.go`.")
            XCTAssertNil(post.fields["path"], "a general comment names no line")
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: repo, issue: "!\(pull.number)"), "")

            page.editComment(at: before)
            XCTAssertTrue(page.composer.isEditing)
            page.composer.setText("Looks good.")
            page.composer.submit()
            XCTAssertEqual(page.comments.items[before].body, "Looks good.", "the edit shows at once")
            waitUntil("the PATCH settles") { !page.writes.isWriting }
            let patch = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/comments/\(posted.id)")
            XCTAssertEqual(patch.status, 200)

            page.deleteComment(at: before)
            XCTAssertEqual(page.comments.items.count, before, "gone at once")
            waitUntil("the DELETE settles") { !page.writes.isWriting }
            XCTAssertEqual(IssueFixture.server.requestLog.last { $0.method == "DELETE" }?.status, 204)
            var onServer: [PullRequestComment] = []
            runUntilDone("the server's comments") {
                onServer = (try? await app.client.all(Endpoints.pullRequestComments(owner: repo.owner, repo: repo.name,
                                                                                    number: pull.number))) ?? []
            }
            XCTAssertFalse(onServer.contains { $0.id == posted.id })
            XCTAssertNil(app.coordinator.toast)
        }
    }

    func testAFailedCommentIsTakenBackWithItsTextAndTheDraftIsKeptPerPullRequest() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            let before = page.comments.items.count
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/*/pulls/*/comments", method: "POST",
                                               status: 503, count: 1))
            page.composer.setText("This will not arrive")
            page.composer.submit()
            XCTAssertEqual(page.comments.items.count, before + 1)
            waitUntil("the rollback") { !page.writes.isWriting }
            XCTAssertEqual(page.comments.items.count, before)
            XCTAssertEqual(page.composer.text, "This will not arrive", "the text is kept")
            XCTAssertNotNil(page.composer.failure)
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not comment:"), true)
            runUntilDone("the drafts are written") { await drafts.flush() }
            let restarted = DraftStore(directory: drafts.directory)
            XCTAssertEqual(restarted.comment(account: "mayun-demo", repo: repo, issue: "!\(pull.number)"), "This will not arrive")
            XCTAssertEqual(restarted.comment(account: "mayun-demo", repo: repo, issue: "!\(pull.number + 1000)"), "")
            XCTAssertEqual(restarted.comment(account: "someone-else", repo: repo, issue: "!\(pull.number)"), "")
            app.coordinator.pop()
            let again = try PullFixture.open(app, repo, pull.number)
            XCTAssertEqual(again.composer.text, "This will not arrive", "the page opened again shows the draft")
        }
    }

    func testSomeoneElsesCommentIsNotOursAndFakeGiteeRefusesBlankAndForeignWrites() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            var found: (RepositoryID, PullRequest, Int, PullRequestViewModel)?
            for _ in 0..<8 where found == nil {
                let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
                let page = try PullFixture.open(app, repo, pull.number)
                if let index = page.comments.items.firstIndex(where: { $0.author?.login != "mayun-demo" }) {
                    found = (repo, pull, index, page)
                }
            }
            let (repo, pull, index, page) = try XCTUnwrap(found, "a pull request with someone else's comment")
            XCTAssertFalse(page.isOwnComment(at: index))
            let foreign = page.comments.items[index]
            page.deleteComment(at: index)
            XCTAssertFalse(page.writes.isWriting, "nothing is sent for someone else's comment")
            let edit = Endpoints.editComment(.pullRequest, owner: repo.owner, repo: repo.name, id: foreign.id, body: "mine now")
            guard case .forbidden? = PullFixture.refusal({ _ = try await app.client.send(edit) }) else {
                return XCTFail("someone else's comment is not edited")
            }
            let delete = Endpoints.deleteComment(.pullRequest, owner: repo.owner, repo: repo.name, id: foreign.id)
            guard case .forbidden? = PullFixture.refusal({ _ = try await app.client.send(delete) }) else {
                return XCTFail("someone else's comment is not deleted")
            }
            let blank = Endpoints.commentOnPullRequest(owner: repo.owner, repo: repo.name, number: pull.number, body: "  \n")
            guard case .validation? = PullFixture.refusal({ _ = try await app.client.send(blank) }) else {
                return XCTFail("a blank comment is refused")
            }
        }
    }

    func testFakeGiteeTakesLineCommentsOnlyWherePositionsExist() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            var files: [PullRequestFile] = []
            runUntilDone("the files") {
                files = (try? await app.client.send(Endpoints.pullRequestFiles(owner: repo.owner, repo: repo.name,
                                                                               number: pull.number))) ?? []
            }
            let file = try XCTUnwrap(files.first)
            let lines = (file.patch ?? "").split(separator: "\n", omittingEmptySubsequences: false).count - 1
            let head = try XCTUnwrap(pull.head.sha)
            func comment(_ path: String, _ position: Int, _ commit: String) -> Endpoint<PullRequestComment> {
                Endpoints.commentOnPullRequest(owner: repo.owner, repo: repo.name, number: pull.number, body: "Here?",
                                               at: .init(path: path, position: position, commitID: commit))
            }
            for (endpoint, what) in [(comment("no/such/file.c", 1, head), "a file outside the diff"),
                                     (comment(file.filename, 0, head), "position 0"),
                                     (comment(file.filename, lines + 1, head), "a position past the diff"),
                                     (comment(file.filename, 1, String(repeating: "0", count: 40)), "an unknown commit")] {
                guard case .validation? = PullFixture.refusal({ _ = try await app.client.send(endpoint) }) else {
                    return XCTFail("\(what) is refused")
                }
            }
            var placed: PullRequestComment?
            runUntilDone("a comment on the last line") { placed = try? await app.client.send(comment(file.filename, lines, head)) }
            XCTAssertEqual(placed?.path, file.filename)
            XCTAssertEqual(placed?.commentType, "diff_comment")
        }
    }
}
