import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Pull requests: the real recorded answers and the spec's shapes decode, and FakeGitee serves them strictly.
final class PullRequestDecodingTests: XCTestCase {
    private func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try JSONNodeDecoding.decode(type, from: try Samples.data(name))
    }

    func testRecordedPullRequest() throws {
        let pull = try decode(PullRequest.self, "pr.json")
        XCTAssertEqual(pull.number, 6)
        XCTAssertEqual(pull.state, "open")
        XCTAssertEqual(pull.title, "new-feature")
        XCTAssertEqual(pull.body, "Please pull these awesome changes")
        XCTAssertEqual(pull.head.ref, "crud")
        XCTAssertEqual(pull.head.sha, "411db0d9e9072851383751c260dc1601840906e4")
        XCTAssertEqual(pull.head.repositoryFullName, "kit101/drone-yml-test")
        XCTAssertEqual(pull.base.ref, "master")
        XCTAssertEqual(pull.author?.login, "kit101")
        XCTAssertTrue(pull.isOpen)
        XCTAssertFalse(pull.isMerged, "merged_at is null")
        XCTAssertEqual(pull.createdAt?.text, "2021-09-30T16:38:19+08:00")
        let list = try decode([PullRequest].self, "pulls.json")
        XCTAssertEqual(list.map(\.state), ["open", "closed", "open"])
        XCTAssertTrue(list.allSatisfy { !$0.head.ref.isEmpty && !$0.base.ref.isEmpty })
    }

    /// What merging needs (issue 39): the recorded pull request asks for one approval and one test with nobody
    /// asked (`can_merge_check: false`); the list's reviewers carry no `accept`, so nobody counts as approved.
    func testRecordedRequiredReviewsAndTests() throws {
        let pull = try decode(PullRequest.self, "pr.json")
        XCTAssertEqual(pull.requiredApprovals, 1)
        XCTAssertEqual(pull.requiredTests, 1)
        XCTAssertEqual(pull.canMergeCheck, false)
        XCTAssertTrue(pull.reviewers.isEmpty && pull.testers.isEmpty)
        XCTAssertEqual(pull.missingApprovals, 1)
        XCTAssertEqual(pull.missingTests, 1)
        let listed = try XCTUnwrap(try decode([PullRequest].self, "pulls.json").first)
        XCTAssertEqual(listed.reviewers.map(\.login), ["kit101"])
        XCTAssertEqual(listed.reviewers.map(\.accepted), [false], "no `accept` in the recording: not approved")
        XCTAssertEqual(listed.missingApprovals, 1)
    }

    /// The spec's shapes (`UserAssignee` with `accept`), and numbers that are strings, negative, absurd or absent.
    func testRequiredReviewsAreReadTolerantly() throws {
        func pull(_ fields: String) throws -> PullRequest {
            try JSONNodeDecoding.decode(PullRequest.self, from: Data(#"{"number": 3, "state": "open", \#(fields)}"#.utf8))
        }
        let approved = try pull(#""assignees_number": 2, "testers_number": 1, "can_merge_check": true, "#
            + #""assignees": [{"login": "a", "accept": true}, {"login": "b", "accept": false}, {"login": "", "accept": true}], "#
            + #""testers": [{"login": "t", "accept": true, "assignee": true, "code_owner": false}]"#)
        XCTAssertEqual(approved.approvals.map(\.login), ["a"], "an entry without a login does not count")
        XCTAssertEqual(approved.missingApprovals, 1)
        XCTAssertEqual(approved.passedTests.map(\.login), ["t"])
        XCTAssertEqual(approved.missingTests, 0)
        XCTAssertEqual(approved.canMergeCheck, true)
        let odd = try pull(#""assignees_number": "x", "testers_number": -4, "can_merge_check": "maybe", "assignees": 7"#)
        XCTAssertEqual(odd.requiredApprovals, 0)
        XCTAssertEqual(odd.requiredTests, 0)
        XCTAssertNil(odd.canMergeCheck)
        XCTAssertTrue(odd.reviewers.isEmpty)
        XCTAssertEqual(try pull(#""assignees_number": 1000000"#).requiredApprovals, 100, "capped")
        let absent = try pull(#""title": "t""#)
        XCTAssertEqual(absent.requiredApprovals + absent.requiredTests + absent.missingApprovals, 0)
    }

    func testRecordedFilesCarryThePatchObjectAndStringCounts() throws {
        let files = try decode([PullRequestFile].self, "pr_files.json")
        let deleted = try XCTUnwrap(files.first)
        XCTAssertEqual(deleted.filename, "change/add.txt")
        XCTAssertEqual(deleted.status, "deleted")
        XCTAssertEqual(deleted.additions, 0)
        XCTAssertEqual(deleted.deletions, 1, "\"1\" as a string")
        XCTAssertEqual(deleted.patch, "@@ -1 +0,0 @@\n-add\n\\ No newline at end of file\n")
        XCTAssertEqual(files[1].additions, 4)
        XCTAssertEqual(files[2].status, "modified", "status is null in real data for a modified file")
        XCTAssertTrue(files[2].patch?.hasPrefix("@@ -1,2 +1,7 @@") ?? false)
        XCTAssertEqual(files[3].status, "renamed")
        XCTAssertEqual(files[3].patch, "", "a pure rename has an empty diff")
    }

    func testRecordedCommentsAndCommits() throws {
        let comments = try decode([PullRequestComment].self, "pr_comments.json")
        XCTAssertEqual(comments.first?.id, 6_922_557)
        XCTAssertEqual(comments.first?.body, "test comment 1")
        XCTAssertNil(comments.first?.path, "a conversation comment is on no file")
        let single = try decode(PullRequestComment.self, "pr_comment.json")
        XCTAssertFalse(single.body.isEmpty)
        let commits = try decode([Commit].self, "pr_commits.json")
        XCTAssertEqual(commits.first?.sha, "00b76e8abd51ae6a96318b3450944b32995f9158")
        XCTAssertEqual(commits.first?.title, "add3")
        XCTAssertEqual(commits.first?.authorName, "kit101")
        XCTAssertEqual(commits.first?.parentSHAs, ["2eac1cac02c325058cf959725c45b0612d3e8177"],
                       "parents is one object here, not a list")
    }

    /// The published description's shapes: `head`/`base` as branch names, `patch` as the diff text, numbers as strings.
    func testSpecShapes() throws {
        let pull = try JSONNodeDecoding.decode(PullRequest.self, from: Data("""
            {"id": 1, "number": "12", "state": "merged", "title": "t", "head": "feature/x", "base": "master",
             "draft": true, "merged_at": "2024-01-02T03:04:05+08:00", "labels": [{"id": 3, "name": "bug"}]}
            """.utf8))
        XCTAssertEqual(pull.number, 12)
        XCTAssertEqual(pull.head.ref, "feature/x")
        XCTAssertEqual(pull.base.ref, "master")
        XCTAssertTrue(pull.isMerged)
        XCTAssertTrue(pull.isDraft)
        XCTAssertEqual(pull.labels.map(\.name), ["bug"])
        let file = try JSONNodeDecoding.decode(PullRequestFile.self, from: Data("""
            {"filename": "a.c", "status": "modified", "additions": "-5", "deletions": "2", "patch": "@@ -1 +1 @@"}
            """.utf8))
        XCTAssertEqual(file.patch, "@@ -1 +1 @@")
        XCTAssertEqual(file.additions, 0, "a negative count from outside is clamped")
        XCTAssertEqual(file.deletions, 2)
        let broken = try JSONNodeDecoding.decode(PullRequest.self, from: Data(#"{"head": [1], "base": {"label": "dev"}, "number": -3}"#.utf8))
        XCTAssertEqual(broken.head.ref, "")
        XCTAssertEqual(broken.base.ref, "dev", "the label stands in for a missing ref")
        XCTAssertEqual(broken.number, 0)
    }

    /// The description's `PullRequestComments`: `position`, `original_position` and `new_line` typed as strings.
    func testLineCommentPlacesInTheDescriptionsShape() throws {
        let comment = try JSONNodeDecoding.decode(PullRequestComment.self, from: Data("""
            {"id": 5, "body": "b", "path": "a.c", "position": "7", "original_position": "6", "new_line": "42",
             "commit_id": "abc", "original_commit_id": "abd", "comment_type": "diff_comment"}
            """.utf8))
        XCTAssertEqual(comment.position, 7)
        XCTAssertEqual(comment.originalPosition, 6)
        XCTAssertEqual(comment.newLine, 42)
        XCTAssertTrue(comment.isLineComment)
        let outdated = try JSONNodeDecoding.decode(PullRequestComment.self, from: Data("""
            {"id": 6, "body": "b", "path": "a.c", "position": null, "original_position": 3, "new_line": "0"}
            """.utf8))
        XCTAssertNil(outdated.position)
        XCTAssertEqual(outdated.originalPosition, 3)
        XCTAssertNil(outdated.newLine, "a line number below 1 names no line")
        XCTAssertTrue(outdated.isLineComment, "a line comment whose line went is still one (outdated)")
        let general = try JSONNodeDecoding.decode(PullRequestComment.self, from: Data(#"{"id": 7, "body": "b"}"#.utf8))
        XCTAssertFalse(general.isLineComment)
    }

    func testEndpointsAskForTheDocumentedPaths() {
        XCTAssertEqual(Endpoints.pullRequests(owner: "o", repo: "r", state: .merged).summary,
                       "GET /api/v5/repos/o/r/pulls?state=merged&sort=created&direction=desc")
        XCTAssertEqual(Endpoints.pullRequest(owner: "o", repo: "r", number: 6).summary, "GET /api/v5/repos/o/r/pulls/6")
        XCTAssertEqual(Endpoints.pullRequestFiles(owner: "o", repo: "r", number: 6).summary, "GET /api/v5/repos/o/r/pulls/6/files")
        XCTAssertEqual(Endpoints.pullRequestCommits(owner: "o", repo: "r", number: 6).summary, "GET /api/v5/repos/o/r/pulls/6/commits")
        XCTAssertEqual(Endpoints.pullRequestComments(owner: "o", repo: "r", number: 6).summary, "GET /api/v5/repos/o/r/pulls/6/comments")
    }
}

/// GiteeKit against FakeGitee over loopback: lists by state, paging, one pull request with comments, commits and files.
final class PullRequestServerTests: XCTestCase {
    override func setUp() {
        onMainLoop { Fake.reset() }
    }

    /// A project of the generated world with at least `count` pull requests.
    @MainActor
    static func projectWithPullRequests(_ client: GiteeClient, atLeast count: Int) async throws -> Project {
        let candidates = try await client.page(Endpoints.search("a", sort: .stars, perPage: 50)).items
        for project in candidates where !project.isEmpty {
            let all = try await client.page(Endpoints.pullRequests(owner: project.ownerPath, repo: project.repoPath,
                                                                   state: .all, perPage: 100))
            if all.items.count >= count { return project }
        }
        throw GiteeError.notFound("no project with \(count) pull requests")
    }

    func testListsFilterByStateAndPage() {
        onMainLoop {
            let client = Fake.client()
            let project = try await Self.projectWithPullRequests(client, atLeast: 6)
            let (owner, repo) = (project.ownerPath, project.repoPath)
            let all = try await client.page(Endpoints.pullRequests(owner: owner, repo: repo, state: .all, perPage: 100)).items
            var byState: [String: Int] = [:]
            for state in [Endpoints.PullRequestState.open, .merged, .closed] {
                let items = try await client.page(Endpoints.pullRequests(owner: owner, repo: repo, state: state, perPage: 100)).items
                XCTAssertTrue(items.allSatisfy { $0.state == state.rawValue }, "\(state)")
                XCTAssertTrue(items.allSatisfy { state != .merged || $0.isMerged })
                byState[state.rawValue] = items.count
            }
            XCTAssertEqual(byState.values.reduce(0, +), all.count, "open + merged + closed = all")
            XCTAssertEqual(all.map(\.number), all.map(\.number).sorted(by: >), "newest first")
            let firstPage = try await client.page(Endpoints.pullRequests(owner: owner, repo: repo, state: .all, perPage: 2))
            XCTAssertEqual(firstPage.items.map(\.number), Array(all.prefix(2)).map(\.number))
            let second = try await client.page(Endpoints.pullRequests(owner: owner, repo: repo, state: .all, perPage: 2),
                                               at: try XCTUnwrap(firstPage.next))
            XCTAssertEqual(second.items.map(\.number), Array(all.dropFirst(2).prefix(2)).map(\.number))
            XCTAssertEqual(firstPage.totalCount, all.count)
            let again = try await client.page(Endpoints.pullRequests(owner: owner, repo: repo, state: .all, perPage: 100)).items
            XCTAssertEqual(again, all, "the same seed, the same pull requests")
        }
    }

    /// The generated world carries review rules (issue 39): some pull requests need an approval or a passed test,
    /// nobody is asked yet, and `can_merge_check` says false exactly for the open ones still waiting.
    func testGeneratedPullRequestsCarryReviewRules() {
        onMainLoop {
            let client = Fake.client()
            let candidates = try await client.page(Endpoints.search("a", sort: .stars, perPage: 30)).items
            var pulls: [PullRequest] = []
            for project in candidates where !project.isEmpty {
                pulls += try await client.page(Endpoints.pullRequests(owner: project.ownerPath, repo: project.repoPath,
                                                                      state: .all, perPage: 100)).items
            }
            XCTAssertGreaterThan(pulls.count, 40)
            let needing = pulls.filter { $0.requiredApprovals > 0 }
            XCTAssertFalse(needing.isEmpty, "some need an approval")
            XCTAssertFalse(pulls.filter { $0.requiredTests > 0 }.isEmpty, "some need a passed test")
            XCTAssertLessThan(needing.count, pulls.count, "not all")
            XCTAssertTrue(pulls.allSatisfy { $0.requiredApprovals <= 1 && $0.requiredTests <= 1 })
            for pull in pulls {
                let waiting = pull.missingApprovals + pull.missingTests > 0
                XCTAssertEqual(pull.canMergeCheck, pull.isOpen && !waiting, "!\(pull.number)")
            }
        }
    }

    func testOnePullRequestWithCommentsCommitsAndFiles() {
        onMainLoop {
            let client = Fake.client()
            let project = try await Self.projectWithPullRequests(client, atLeast: 1)
            let (owner, repo) = (project.ownerPath, project.repoPath)
            let listed = try await client.page(Endpoints.pullRequests(owner: owner, repo: repo, state: .all, perPage: 100)).items
            let pull = try await client.send(Endpoints.pullRequest(owner: owner, repo: repo, number: listed[0].number))
            XCTAssertEqual(pull, listed[0])
            XCTAssertEqual(pull.base.ref, project.defaultBranch)
            XCTAssertNotEqual(pull.head.ref, pull.base.ref)
            XCTAssertEqual(pull.head.repositoryFullName, project.fullName)
            let commits = try await client.send(Endpoints.pullRequestCommits(owner: owner, repo: repo, number: pull.number))
            XCTAssertFalse(commits.isEmpty)
            XCTAssertEqual(commits.first?.sha, pull.head.sha, "the head is the newest commit")
            XCTAssertEqual(commits.first?.parentSHAs.count, 1, "one parent object, as Gitee sends it")
            let files = try await client.send(Endpoints.pullRequestFiles(owner: owner, repo: repo, number: pull.number))
            XCTAssertFalse(files.isEmpty)
            XCTAssertEqual(Set(files.map(\.filename)).count, files.count, "each path once")
            for file in files {
                let patch = try XCTUnwrap(file.patch)
                XCTAssertTrue(patch.hasPrefix("@@"), file.filename)
                XCTAssertEqual(patch.split(separator: "\n").filter { $0.hasPrefix("+") }.count, file.additions, file.filename)
                XCTAssertEqual(patch.split(separator: "\n").filter { $0.hasPrefix("-") }.count, file.deletions, file.filename)
            }
            let withComments = try XCTUnwrap(listed.first { _ in true })
            let comments = try await client.page(Endpoints.pullRequestComments(owner: owner, repo: repo, number: withComments.number,
                                                                               perPage: 100))
            XCTAssertTrue(comments.items.allSatisfy { !$0.body.isEmpty && $0.author != nil })
        }
    }

    func testUnknownPullRequestsAndBadStatesAreRefused() {
        onMainLoop {
            let client = Fake.client()
            let project = try await Self.projectWithPullRequests(client, atLeast: 1)
            let (owner, repo) = (project.ownerPath, project.repoPath)
            await assertThrows(.notFound("404 Pull Request Not Found")) {
                try await client.send(Endpoints.pullRequest(owner: owner, repo: repo, number: 9999))
            }
            await assertThrows(.notFound("404 Pull Request Not Found")) {
                try await client.send(Endpoints.pullRequestFiles(owner: owner, repo: repo, number: 0))
            }
            await assertThrows(.notFound("404 Project Not Found")) {
                try await client.page(Endpoints.pullRequests(owner: owner, repo: "no-such-repo-here"))
            }
            var bad = Endpoints.pullRequests(owner: owner, repo: repo)
            bad.query = [QueryItem("state", "sideways")]
            await assertThrows(.validation("state does not have a valid value")) { try await client.page(bad) }
        }
    }
}
