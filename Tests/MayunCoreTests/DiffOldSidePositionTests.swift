import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// A removed line's `position` for a line comment, counted as Gitee counts the lines of a file's unified diff (every
/// line under the first hunk header: removed, added, context, "\ No newline" notes and later headers), and FakeGitee
/// accepting exactly those positions: the parser's and the server's counts agree on recorded patches, and a comment
/// on the old half of a side-by-side row is posted at the removed line's position and accepted.
final class DiffOldSidePositionTests: XCTestCase {
    /// `change/modified.txt` of samples/pr_files.json, as the site sent it (final line end included).
    static let recorded = "@@ -1,2 +1,7 @@\n will be modified\n-modified\n\\ No newline at end of file\n+modified\n"
        + "+modified 2\n+modified 2\n+modified 2\n+modified 2\n+modified 2\n\\ No newline at end of file\n"

    func testARemovedLineHasItsOwnPositionAndTheOldHalfOfAPairNamesIt() {
        onMain {
            let parsed = DiffParser.parse(Self.recorded)
            let lines = parsed.hunks.flatMap(\.lines)
            XCTAssertEqual(lines.map(\.position), (1...10).map { Optional($0) })
            XCTAssertEqual(lines[1].kind, .removed)
            XCTAssertEqual(lines[1].position, 2, "the removed line is the second line under the header")
            XCTAssertEqual(lines[2].kind, .note, "the note after it counts as a line too")
            XCTAssertEqual(lines[3].position, 4, "so the first added line is 4")

            let diff = DiffViewModel()
            diff.show([DiffFile(path: "change/modified.txt", status: "modified", additions: 6, deletions: 1,
                                patch: Self.recorded)])
            diff.widthChanged(to: 1_280)
            var activated: [DiffAnchor] = []
            diff.onLineActivated = { activated.append($0) }
            guard let row = diff.rows.firstIndex(where: {
                if case .pair(let old?, _) = $0, old.kind == .removed { true } else { false }
            }) else { return XCTFail("no row with the removed line") }
            diff.activate(row: row, newSide: false)
            diff.activate(row: row, newSide: true)  // no new line beside it: the removed line still
            XCTAssertEqual(activated, [DiffAnchor(path: "change/modified.txt", position: 2),
                                       DiffAnchor(path: "change/modified.txt", position: 2)])
            XCTAssertTrue(diff.contains(DiffAnchor(path: "change/modified.txt", position: 2)))
        }
    }

    /// FakeGitee's count is the parser's: the last position of each patch, with and without a final line end, with
    /// git's file header lines before the first hunk, and with two hunks (the second header counts).
    func testFakeGiteeCountsThePositionsThatTheParserGives() {
        let patches = [
            Self.recorded,
            "@@ -1 +0,0 @@\n-add\n\\ No newline at end of file\n",
            "@@ -0,0 +1,4 @@\n+add 2\n+add 2\n+add 2\n+add 2\n\\ No newline at end of file\n",
            "@@ -1,3 +1,3 @@\n same\n-old\n+new\n@@ -10,2 +10,2 @@\n ten\n+eleven",
            "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n",
        ]
        for patch in patches {
            let last = DiffParser.parse(patch).hunks.flatMap(\.lines).compactMap(\.position).max() ?? 0
            XCTAssertEqual(FakeDiffPositions.lineCount(of: patch), last, patch)
            XCTAssertTrue(FakeDiffPositions.contains(last, in: patch))
            XCTAssertFalse(FakeDiffPositions.contains(last + 1, in: patch), "past the last line: \(patch)")
            XCTAssertFalse(FakeDiffPositions.contains(0, in: patch))
        }
        XCTAssertEqual(FakeDiffPositions.lineCount(of: Self.recorded), 10, "the final line end is no line")
        XCTAssertFalse(FakeDiffPositions.contains(1, in: ""))
        // FakeGitee's `new_line` names the line the client's parser numbers at that position (nil on removed lines).
        for patch in patches + [Self.recorded] {
            for line in DiffParser.parse(patch).hunks.flatMap(\.lines) {
                guard let position = line.position else { continue }
                XCTAssertEqual(FakeDiffPositions.newLine(at: position, in: patch),
                               line.kind == .removed || line.kind == .note ? nil : line.newNumber, "\(position) in \(patch)")
            }
        }
    }

    /// Through the page: side by side, the old half of a row with a removed line opens the composer at the removed
    /// line's position; FakeGitee takes the comment there (201) and refuses one past the file's last line (400).
    func testACommentOnTheOldSideIsPostedAtTheRemovedLinesPositionAndAccepted() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            // The generated pull requests remove 0-4 lines a file: the first few open ones include one that removes.
            var found: (page: PullRequestViewModel, repo: RepositoryID, pull: PullRequest, row: Int, line: DiffLine)?
            for _ in 0..<8 where found == nil {
                let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
                let page = try PullFixture.open(app, repo, pull.number)
                waitUntil("the files") { page.fileList.state == .content }
                page.diff.widthChanged(to: 1_280)
                for (index, row) in page.diff.rows.enumerated() {
                    if case .pair(let old?, _) = row, old.kind == .removed { found = (page, repo, pull, index, old); break }
                }
            }
            let (page, repo, pull, row, removed) = try XCTUnwrap(found, "a fake pull request removes a line")
            let path = try XCTUnwrap(page.diff.path(ofRow: row))
            let anchor = DiffAnchor(path: path, position: try XCTUnwrap(removed.position))

            page.diff.activate(row: row, newSide: false)
            XCTAssertEqual(page.composingAt, anchor, "the old half opens the composer at the removed line")
            page.lineComposer.setText("Why was this removed?")
            page.lineComposer.submit()
            waitUntil("the POST settles") { !page.writes.isWriting }
            let post = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "POST" })
            XCTAssertEqual(post.fields["position"], String(anchor.position))
            XCTAssertEqual(post.status, 201, "FakeGitee takes a removed line's position")
            XCTAssertGreaterThan(page.lineThreads[anchor]?.first?.id ?? 0, 0, "the server's copy under the line")

            let patch = try XCTUnwrap(page.diff.files.first { $0.path == path }?.patch)
            let past = (DiffParser.parse(patch).hunks.flatMap(\.lines).compactMap(\.position).max() ?? 0) + 1
            let refused = PullFixture.refusal {
                _ = try await app.client.send(Endpoints.commentOnPullRequest(
                    owner: repo.owner, repo: repo.name, number: pull.number, body: "Past the end",
                    at: Endpoints.DiffPosition(path: path, position: past, commitID: "")))
            }
            guard case .validation? = refused else { return XCTFail("one past the last line: \(String(describing: refused))") }
        }
    }
}
