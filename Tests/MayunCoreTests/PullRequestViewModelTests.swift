import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "kit101", name: "drone-yml-test")
private let base = "/api/v5/repos/kit101/drone-yml-test/pulls"

private func sample(_ name: String) throws -> Data {
    try Data(contentsOf: repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/gitee/samples/\(name)"))
}

@MainActor
private func makeCoordinator(_ transport: StubTransport) -> Coordinator {
    Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                preferences: InMemoryPreferences(), services: makeServices(transport: transport))
}

final class PullRequestViewModelTests: XCTestCase {
    func testListFiltersByStateAndOpensAPullRequest() throws {
        let pulls = try sample("pulls.json")
        onMain {
            let transport = StubTransport()
            transport.responses[base] = HTTPResponse(status: 200, body: pulls)
            let coordinator = makeCoordinator(transport)
            coordinator.push(.project(repo))
            coordinator.push(.pullRequests(repo))
            guard case .pullRequests(let list) = coordinator.top?.content else { return XCTFail("no list") }
            XCTAssertEqual(list.title, "Pull Requests")
            XCTAssertEqual(list.filters.map(\.state), [.open, .merged, .closed, .all])
            list.start()
            waitUntil("the first page") { list.pullRequests.state == .content }
            XCTAssertTrue(transport.requests.last?.url.contains("state=open") ?? false)
            let row = list.row(at: 0)
            XCTAssertEqual(row?.title, list.pullRequests.items[0].title)
            XCTAssertTrue(row?.subtitle.hasPrefix("Open  ·  #") ?? false, row?.subtitle ?? "")
            XCTAssertEqual(row?.trailing, "\(list.pullRequests.items[0].head.ref) → \(list.pullRequests.items[0].base.ref)")
            list.selectFilter(.merged)
            waitUntil("the merged page") { transport.requests.last?.url.contains("state=merged") ?? false }
            waitUntil("merged list shown") { list.pullRequests.state == .content }
            list.activate(at: 1)
            XCTAssertEqual(coordinator.routes.last, .pullRequest(repo, number: list.pullRequests.items[1].number))
        }
    }

    func testPullRequestPageShowsStateBranchesBodyCommitsFilesAndComments() throws {
        let (pull, commits, files, comments) = try (sample("pr.json"), sample("pr_commits.json"), sample("pr_files.json"),
                                                    sample("pr_comments.json"))
        onMain {
            let transport = StubTransport()
            transport.responses["\(base)/6"] = HTTPResponse(status: 200, body: pull)
            transport.responses["\(base)/6/commits"] = HTTPResponse(status: 200, body: commits)
            transport.responses["\(base)/6/files"] = HTTPResponse(status: 200, body: files)
            transport.responses["\(base)/6/comments"] = HTTPResponse(status: 200, body: comments)
            let coordinator = makeCoordinator(transport)
            coordinator.push(.pullRequest(repo, number: 6))
            guard case .pullRequest(let page) = coordinator.top?.content else { return XCTFail("no page") }
            XCTAssertEqual(page.title, "!6")
            page.start()
            waitUntil("everything arrived") {
                page.state == .content && page.fileList.state == .content && page.commitList.state == .content
                    && page.comments.state == .content
            }
            XCTAssertEqual(page.heading, "new-feature")
            XCTAssertEqual(page.stateText, "Open")
            XCTAssertEqual(page.branches, "crud into master")
            XCTAssertTrue(page.byline.hasPrefix("kit101 opened this"), page.byline)
            waitUntil("the body is rendered") { page.bodyDocument != nil }
            let diff = page.diff
            XCTAssertEqual(diff.files.count, 4)
            XCTAssertEqual(diff.shownPaths.first, "change/add.txt")
            XCTAssertEqual(diff.statusText(of: 0), "removed")
            XCTAssertEqual(diff.counts(of: 0).added, "+0")
            XCTAssertEqual(diff.counts(of: 0).removed, "−1")
            XCTAssertEqual(Array(diff.rows.prefix(3)), [
                .file(0, isCollapsed: false), .hunk("@@ -1 +0,0 @@"),
                .line(DiffLine(kind: .removed, oldNumber: 1, newNumber: nil, text: "add", position: 1)),
            ])
            XCTAssertEqual(page.filesHeading, "4 files changed  ·  +10  −2")
            guard let rename = diff.headerRow(of: 3) else { return XCTFail("the rename is not shown") }
            XCTAssertEqual(diff.rows[rename + 1], .message("No textual changes to show."), "a pure rename")
            XCTAssertEqual(page.commits.first?.title, "add3")
            XCTAssertEqual(page.commitsHeading, "1 commit")
            XCTAssertEqual(page.comment(at: 0)?.body, "test comment 1")
            page.openCommit(page.commits[0].sha)
            XCTAssertEqual(coordinator.routes.last, .commit(repo, sha: "00b76e8abd51ae6a96318b3450944b32995f9158"))
        }
    }

    func testAHugePatchIsCutAndAMissingOneSaysSo() {
        onMain {
            let lines = 3_000
            let huge = String(repeating: "+x\\n", count: lines)
            let transport = StubTransport()
            transport.responses["\(base)/6/files"] = HTTPResponse(status: 200, body: Data("""
                [{"filename": "big.txt", "status": "added", "additions": "\(lines)", "deletions": "0", "patch": {"diff": "\(huge)"}},
                 {"filename": "logo.png", "status": "added", "patch": {"diff": "", "too_large": true}}]
                """.utf8))
            let coordinator = makeCoordinator(transport)
            let page = PullRequestViewModel(repo: repo, number: 6, client: coordinator.services.client,
                                            markdown: coordinator.markdown, navigator: coordinator,
                                            diffLimits: DiffLimits(patchBytesPerFile: 1_000))
            page.fileList.start()
            waitUntil("files") { page.fileList.state == .content }
            let rows = page.diff.rows
            let cut = rows.firstIndex(of: .message("(The rest of this patch is not shown.)"))
            XCTAssertEqual(cut, 1 + 333, "the header, then 333 three-byte lines fit in 1,000 bytes, then the note")
            XCTAssertEqual(rows[rows.count - 2], .file(1, isCollapsed: false))
            XCTAssertEqual(rows.last, .message("No textual changes to show."))
        }
    }

    /// Issue 22 item 7: the heading summed `additions` with `reduce(0, +)`, which traps on `Int64.max` and 1.
    func testOverflowingCountsSaturateInsteadOfCrashing() {
        onMain {
            let transport = StubTransport()
            transport.responses["\(base)/6/files"] = HTTPResponse(status: 200, body: Data("""
                [{"filename": "a", "status": "modified", "additions": 9223372036854775807, "deletions": 9223372036854775807},
                 {"filename": "b", "status": "modified", "additions": 1, "deletions": 1}]
                """.utf8))
            let coordinator = makeCoordinator(transport)
            let page = PullRequestViewModel(repo: repo, number: 6, client: coordinator.services.client,
                                            markdown: coordinator.markdown, navigator: coordinator)
            page.fileList.start()
            waitUntil("files") { page.fileList.state == .content }
            XCTAssertEqual(page.filesHeading, "2 files changed  ·  +\(Int.max)  −\(Int.max)")
            XCTAssertEqual(page.diff.rows.first, .file(0, isCollapsed: false))
            XCTAssertEqual(page.diff.rows[1], .message("No textual changes to show."))
        }
    }

    func testAMissingPullRequestFails() {
        onMain {
            let coordinator = makeCoordinator(StubTransport())
            coordinator.push(.pullRequest(repo, number: 404))
            guard case .pullRequest(let page) = coordinator.top?.content else { return XCTFail("no page") }
            page.start()
            waitUntil("the failure") { if case .failed = page.state { true } else { false } }
        }
    }
}
