import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Line comments: Gitee's `position` (the line's index in its file's patch), threads drawn under their lines in
/// both layouts, outdated comments, and writing, editing and deleting them through the write path against FakeGitee.
final class PullRequestLineCommentTests: XCTestCase {
    private static let patch = "@@ -1,3 +1,3 @@\n same\n-old\n+new\n@@ -10,2 +10,2 @@\n ten\n+eleven\n"

    func testPositionsCountEveryLineAfterTheFirstHunkHeaderIncludingLaterHeaders() {
        let parsed = DiffParser.parse("diff --git a/x b/x\n--- a/x\n+++ b/x\n" + Self.patch)
        XCTAssertEqual(parsed.hunks[0].lines.map(\.position), [1, 2, 3])
        // The second header is position 4 (it is a line of the patch), so its first line is 5.
        XCTAssertEqual(parsed.hunks[1].lines.map(\.position), [5, 6])
        XCTAssertEqual(DiffParser.parse("+a\n b\n").hunks[0].lines.map(\.position), [1, 2], "no header: from 1")
    }

    func testThreadsAndTheComposerSitUnderTheirLinesInBothLayouts() {
        onMain {
            let diff = DiffViewModel()
            diff.show([DiffFile(path: "x.swift", status: "modified", additions: 2, deletions: 1, patch: Self.patch)])
            let new = DiffAnchor(path: "x.swift", position: 3), eleven = DiffAnchor(path: "x.swift", position: 6)
            XCTAssertTrue(diff.contains(new))
            XCTAssertFalse(diff.contains(DiffAnchor(path: "x.swift", position: 4)), "a hunk header is no line")
            XCTAssertFalse(diff.contains(DiffAnchor(path: "x.swift", position: 99)))
            XCTAssertFalse(diff.contains(DiffAnchor(path: "gone.swift", position: 1)))
            diff.annotate(threads: [new, DiffAnchor(path: "x.swift", position: 99)], composer: eleven)
            let newRow = try? XCTUnwrap(diff.row(of: new))
            XCTAssertEqual(newRow.map { diff.rows[$0 + 1] }, .thread(new))
            XCTAssertEqual(diff.rows.last, .composer(eleven))
            XCTAssertEqual(diff.rows.filter { if case .thread = $0 { true } else { false } }.count, 1,
                           "an outdated line draws nothing")

            diff.widthChanged(to: 1_280)  // side by side: "-old" and "+new" share a row; the thread goes under it
            let pairRow = try? XCTUnwrap(diff.row(of: new))
            guard let pairRow, case .pair(let old, let added) = diff.rows[pairRow] else { return XCTFail("no pair") }
            XCTAssertEqual(old?.position, 2)
            XCTAssertEqual(added?.position, 3)
            XCTAssertEqual(diff.rows[pairRow + 1], .thread(new))

            var activated: [DiffAnchor] = []
            diff.onLineActivated = { activated.append($0) }
            XCTAssertTrue(diff.isActivatable(row: pairRow))
            diff.activate(row: pairRow, newSide: false)
            diff.activate(row: pairRow)
            XCTAssertEqual(activated, [DiffAnchor(path: "x.swift", position: 2), new])
            XCTAssertFalse(diff.isActivatable(row: 0), "a file header folds, it takes no comment")
        }
    }

    func testACommentOnALineShowsInItsThreadAtOnceSettlesAndIsEditedAndDeleted() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the files") { page.fileList.state == .content }
            let (anchor, _) = try Self.firstLine(of: page)

            page.diff.activate(row: try XCTUnwrap(page.diff.row(of: anchor)))
            XCTAssertEqual(page.composingAt, anchor, "activating a line opens the composer under it")
            XCTAssertTrue(page.diff.rows.contains(.composer(anchor)))
            page.lineComposer.setText("Why this line?")
            page.lineComposer.submit()
            XCTAssertEqual(page.lineThreads[anchor]?.map(\.body), ["Why this line?"], "shown at once")
            XCTAssertEqual(page.lineThread(at: anchor).first?.when, "Sending…")
            XCTAssertTrue(page.diff.rows.contains(.thread(anchor)))
            waitUntil("the POST settles") { !page.writes.isWriting }
            let posted = try XCTUnwrap(page.lineThreads[anchor]?.first)
            XCTAssertGreaterThan(posted.id, 0, "the server's copy")
            XCTAssertNil(page.composingAt, "the composer closes")
            let post = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "POST" })
            XCTAssertEqual(post.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/\(pull.number)/comments")
            XCTAssertEqual(post.fields["path"], anchor.path)
            XCTAssertEqual(post.fields["position"], String(anchor.position))
            XCTAssertEqual(post.fields["commit_id"], page.pullRequest?.head.sha)
            XCTAssertNotNil(page.pullRequest?.head.sha)
            XCTAssertEqual(page.lineThread(at: anchor).first?.isOwn, true)
            XCTAssertFalse(page.isOutdated(posted))
            let index = try XCTUnwrap(page.comments.items.firstIndex { $0.id == posted.id })
            XCTAssertEqual(page.comment(at: index)?.when.contains("on \(anchor.path)"), true, "the conversation says where")

            page.editLineComment(id: posted.id)
            XCTAssertEqual(page.composingAt, anchor)
            XCTAssertTrue(page.lineComposer.isEditing)
            page.lineComposer.setText("Why this line, exactly?")
            page.lineComposer.submit()
            XCTAssertEqual(page.lineThreads[anchor]?.first?.body, "Why this line, exactly?", "the edit shows at once")
            waitUntil("the PATCH settles") { !page.writes.isWriting }
            XCTAssertEqual(IssueFixture.server.requestLog.last { $0.method == "PATCH" }?.path,
                           "/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/comments/\(posted.id)")

            page.deleteLineComment(id: posted.id)
            XCTAssertNil(page.lineThreads[anchor], "gone at once")
            // The row under the line stays only for the line's check annotations (FakeGitee puts some on first lines).
            XCTAssertEqual(page.diff.rows.contains(.thread(anchor)), !page.checkNotes(at: anchor).isEmpty)
            waitUntil("the DELETE settles") { !page.writes.isWriting }
            XCTAssertEqual(IssueFixture.server.requestLog.last { $0.method == "DELETE" }?.status, 204)
            XCTAssertNil(app.coordinator.toast)
        }
    }

    func testALineCommentAndItsEditWhoseAnswersAreLostAreFoundAndSentOnce() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the files") { page.fileList.state == .content }
            let (anchor, _) = try Self.firstLine(of: page)
            page.openLineComposer(at: anchor)
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/pulls/*/comments", method: "POST",
                                               count: 1))
            page.lineComposer.setText("Lost on the way back")
            page.lineComposer.submit()
            waitUntil("the POST settles") { !page.writes.isWriting }
            let posted = try XCTUnwrap(page.lineThreads[anchor]?.first, "the server has it: it stays under its line")
            XCTAssertGreaterThan(posted.id, 0, "the server's copy, found by asking")
            XCTAssertNil(page.lineComposer.failure)
            XCTAssertNil(app.coordinator.toast)

            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/pulls/comments/*", method: "PATCH",
                                               count: 1))
            page.editLineComment(id: posted.id)
            page.lineComposer.setText("Edited on the way back")
            page.lineComposer.submit()
            waitUntil("the PATCH settles") { !page.writes.isWriting }
            XCTAssertEqual(page.lineThreads[anchor]?.first?.body, "Edited on the way back")
            XCTAssertNil(app.coordinator.toast)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method != "GET" }.map(\.status), [502, 502],
                           "each sent once")
        }
    }

    func testAFailedLineCommentIsTakenBackAndItsDraftIsKeptPerLine() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the files") { page.fileList.state == .content }
            let (anchor, other) = try Self.firstLine(of: page)
            page.openLineComposer(at: anchor)
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/*/pulls/*/comments", method: "POST",
                                               status: 503, count: 1))
            page.lineComposer.setText("This will not arrive")
            page.lineComposer.submit()
            XCTAssertNotNil(page.lineThreads[anchor])
            waitUntil("the rollback") { !page.writes.isWriting }
            XCTAssertNil(page.lineThreads[anchor], "taken back")
            XCTAssertEqual(page.lineComposer.text, "This will not arrive", "the text is kept")
            XCTAssertNotNil(page.lineComposer.failure)
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not comment on the line:"), true)

            // Another line has its own draft; coming back shows this line's text again.
            page.openLineComposer(at: other)
            XCTAssertEqual(page.lineComposer.text, "")
            page.lineComposer.setText("Other line")
            page.openLineComposer(at: anchor)
            XCTAssertEqual(page.lineComposer.text, "This will not arrive")
            runUntilDone("the drafts are written") { await drafts.flush() }
            let restarted = DraftStore(directory: drafts.directory)
            XCTAssertEqual(restarted.comment(account: "mayun-demo", repo: repo,
                                             issue: "!\(pull.number)@\(other.path)#\(other.position)"), "Other line")
            XCTAssertEqual(restarted.comment(account: "mayun-demo", repo: repo, issue: "!\(pull.number)"), "",
                           "the general comment's draft is apart")
            page.closeLineComposer()
            XCTAssertNil(page.composingAt)
            XCTAssertFalse(page.diff.rows.contains(.composer(anchor)))
        }
    }

    func testACommentWhoseLineIsGoneIsOutdatedAndNeverDrawnInTheDiff() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the files") { page.fileList.state == .content }
            let path = try XCTUnwrap(page.diff.files.first?.path)
            let gone = PullRequestComment(id: 77, body: "Was here", author: nil, path: path, commentType: "diff_comment",
                                          position: 100_000)
            let missingFile = PullRequestComment(id: 78, body: "File gone", author: nil, path: "no/such/file",
                                                 commentType: "diff_comment", position: 1)
            let rowsBefore = page.diff.rows
            page.comments.editItems { $0 += [gone, missingFile] }
            XCTAssertTrue(page.isOutdated(gone))
            XCTAssertTrue(page.isOutdated(missingFile))
            XCTAssertEqual(page.diff.rows, rowsBefore, "nothing is drawn for them in the diff")
            let index = try XCTUnwrap(page.comments.items.firstIndex { $0.id == 77 })
            XCTAssertEqual(page.comment(at: index)?.when.contains("outdated comment on \(path)"), true)
            XCTAssertFalse(page.isOutdated(PullRequestComment(id: 79, body: "general", author: nil)))
        }
    }

    /// The answer's place wins over the app's assumption: a `new_line` naming another line of the diff than the one at
    /// `position` draws the comment at that line; one that agrees, or names no line of the diff, keeps `position`.
    func testAnAnswerNamingAnotherNewLineIsDrawnAtThatLine() {
        onMain {
            let diff = DiffViewModel()
            diff.show([DiffFile(path: "x.swift", status: "modified", additions: 2, deletions: 1, patch: Self.patch)])
            // Positions: 1 " same" (new 1), 2 "-old", 3 "+new" (new 2), 5 " ten" (new 10), 6 "+eleven" (new 11).
            XCTAssertEqual(diff.anchor(path: "x.swift", position: 3, newLine: 11), DiffAnchor(path: "x.swift", position: 6))
            XCTAssertEqual(diff.anchor(path: "x.swift", position: 3, newLine: 2), DiffAnchor(path: "x.swift", position: 3))
            XCTAssertEqual(diff.anchor(path: "x.swift", position: 3, newLine: 500), DiffAnchor(path: "x.swift", position: 3),
                           "a line the diff does not have: the stated position")
            XCTAssertEqual(diff.anchor(path: "x.swift", position: 2, newLine: nil), DiffAnchor(path: "x.swift", position: 2))
        }
    }

    /// A comment whose answer keeps only `original_position` (its line left the diff) is outdated: the conversation says
    /// so and the diff draws nothing for it.
    func testACommentWithOnlyItsOriginalPositionIsOutdated() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let page = try PullFixture.open(app, repo, pull.number)
            waitUntil("the files") { page.fileList.state == .content }
            let (first, _) = try Self.firstLine(of: page)
            let rowsBefore = page.diff.rows
            let outdated = PullRequestComment(id: 81, body: "Was here", author: nil, path: first.path,
                                              commentType: "diff_comment", position: nil, originalPosition: first.position)
            page.comments.editItems { $0.append(outdated) }
            XCTAssertTrue(page.isOutdated(outdated))
            XCTAssertNil(page.lineThreads[first], "not drawn at the line its original position names")
            XCTAssertEqual(page.diff.rows, rowsBefore)
            let index = try XCTUnwrap(page.comments.items.firstIndex { $0.id == 81 })
            XCTAssertEqual(page.comment(at: index)?.when.contains("outdated comment on \(first.path)"), true)

            // An answer naming the second line's new number while its position names the first: drawn at the second.
            let ((top, _), (below, belowNumber)) = try Self.twoNewLines(of: page)
            let moved = PullRequestComment(id: 82, body: "Here", author: nil, path: top.path,
                                           commentType: "diff_comment", position: top.position, newLine: belowNumber)
            page.comments.editItems { $0.append(moved) }
            XCTAssertEqual(page.lineThreads[below]?.map(\.id), [82])
            XCTAssertNil(page.lineThreads[top])
            XCTAssertFalse(page.isOutdated(moved))
        }
    }

    /// The first two lines of the new file (added or context) in the first file of the page's diff, with their numbers.
    @MainActor private static func twoNewLines(of page: PullRequestViewModel) throws
        -> ((DiffAnchor, Int), (DiffAnchor, Int)) {
        var found: [(DiffAnchor, Int)] = []
        for (index, row) in page.diff.rows.enumerated() {
            guard case .line(let line) = row, line.kind != .removed, let position = line.position,
                  let number = line.newNumber, let path = page.diff.path(ofRow: index) else { continue }
            if let first = found.first, first.0.path != path { break }
            found.append((DiffAnchor(path: path, position: position), number))
            if found.count == 2 { return (found[0], found[1]) }
        }
        XCTFail("no two lines of the new file in the diff")
        throw NoLines()
    }

    /// Two lines with positions in the first file of the page's diff.
    @MainActor static func firstLine(of page: PullRequestViewModel) throws -> (DiffAnchor, DiffAnchor) {
        var anchors: [DiffAnchor] = []
        for (index, row) in page.diff.rows.enumerated() {
            guard case .line(let line) = row, let position = line.position, let path = page.diff.path(ofRow: index) else { continue }
            anchors.append(DiffAnchor(path: path, position: position))
            if anchors.count == 2 { return (anchors[0], anchors[1]) }
        }
        XCTFail("no two lines in the diff")
        throw NoLines()
    }

    struct NoLines: Error {}
}
