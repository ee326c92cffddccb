import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

final class DiffViewModelTests: XCTestCase {
    private static let small = "@@ -1,2 +1,2 @@\n same\n-old\n+new\n"

    private static func file(_ path: String, patch: String? = small, additions: Int = 1, deletions: Int = 1) -> DiffFile {
        DiffFile(path: path, status: "modified", additions: additions, deletions: deletions, patch: patch)
    }

    func testUnifiedRowsAndFolding() {
        onMain {
            let diff = DiffViewModel()
            diff.show([Self.file("a.swift"), Self.file("b.swift")])
            XCTAssertEqual(diff.rows, [
                .file(0, isCollapsed: false), .hunk("@@ -1,2 +1,2 @@"),
                .line(DiffLine(kind: .context, oldNumber: 1, newNumber: 1, text: "same", position: 1)),
                .line(DiffLine(kind: .removed, oldNumber: 2, newNumber: nil, text: "old", position: 2)),
                .line(DiffLine(kind: .added, oldNumber: nil, newNumber: 2, text: "new", position: 3)),
                .file(1, isCollapsed: false), .hunk("@@ -1,2 +1,2 @@"),
                .line(DiffLine(kind: .context, oldNumber: 1, newNumber: 1, text: "same", position: 1)),
                .line(DiffLine(kind: .removed, oldNumber: 2, newNumber: nil, text: "old", position: 2)),
                .line(DiffLine(kind: .added, oldNumber: nil, newNumber: 2, text: "new", position: 3)),
            ])
            XCTAssertEqual(diff.headerRow(of: 1), 5)
            XCTAssertEqual(diff.summary, "2 files changed  ·  +2  −2")

            diff.activate(row: 0)  // fold a.swift
            XCTAssertEqual(diff.rows.count, 6)
            XCTAssertEqual(diff.rows[0], .file(0, isCollapsed: true))
            XCTAssertTrue(diff.isCollapsed(0))
            XCTAssertEqual(diff.headerRow(of: 1), 1)
            XCTAssertEqual(diff.lastChange, RowListChange(start: 0, removed: 5, added: 1), "only the folded file's rows change")
            diff.activate(row: 0)
            XCTAssertEqual(diff.rows.count, 10)
        }
    }

    func testSideBySidePairsRemovalsWithAdditions() {
        onMain {
            let patch = "@@ -1,4 +1,3 @@\n ctx\n-r1\n-r2\n-r3\n+a1\n\\ No newline at end of file\n"
            let diff = DiffViewModel()
            diff.show([Self.file("x", patch: patch)])
            diff.widthChanged(to: 1_199)
            XCTAssertFalse(diff.isSideBySide)
            diff.widthChanged(to: 1_280)
            XCTAssertTrue(diff.isSideBySide)
            let ctx = DiffLine(kind: .context, oldNumber: 1, newNumber: 1, text: "ctx", position: 1)
            XCTAssertEqual(Array(diff.rows.dropFirst(2)), [
                .pair(ctx, ctx),
                .pair(DiffLine(kind: .removed, oldNumber: 2, newNumber: nil, text: "r1", position: 2),
                      DiffLine(kind: .added, oldNumber: nil, newNumber: 2, text: "a1", position: 5)),
                .pair(DiffLine(kind: .removed, oldNumber: 3, newNumber: nil, text: "r2", position: 3), nil),
                .pair(DiffLine(kind: .removed, oldNumber: 4, newNumber: nil, text: "r3", position: 4), nil),
                .line(DiffLine(kind: .note, oldNumber: nil, newNumber: nil, text: " No newline at end of file", position: 6)),
            ])
            diff.widthChanged(to: 360)
            XCTAssertFalse(diff.isSideBySide)
            XCTAssertEqual(diff.rows.count, 8)
        }
    }

    func testBigFilesFoldUntilShown() {
        onMain {
            let diff = DiffViewModel(limits: DiffLimits(foldedLines: 3))
            diff.show([Self.file("big", patch: Self.small, additions: 2, deletions: 2), Self.file("small")])
            XCTAssertEqual(diff.rows[1], .folded(0))
            XCTAssertEqual(diff.text(of: diff.rows[1]), "This file changes 4 lines; it is folded.")
            diff.activate(row: 1)
            XCTAssertEqual(diff.rows[1], .hunk("@@ -1,2 +1,2 @@"))
        }
    }

    func testFileAndByteCapsShowTheRestOnDemand() {
        onMain {
            let files = (0..<250).map { Self.file("f\($0)") }
            let diff = DiffViewModel(limits: DiffLimits(filesPerPage: 100))
            diff.show(files)
            XCTAssertEqual(diff.shownFileCount, 100)
            XCTAssertEqual(diff.rows.last, .rest(150))
            XCTAssertEqual(diff.text(of: .rest(150)), "150 more files not shown.")
            XCTAssertNil(diff.headerRow(of: 100))
            diff.activate(row: diff.rows.count - 1)
            XCTAssertEqual(diff.shownFileCount, 200)
            XCTAssertEqual(diff.reveal(file: 240), diff.headerRow(of: 240))
            XCTAssertEqual(diff.shownFileCount, 250)
            XCTAssertEqual(diff.rows.last, .line(DiffLine(kind: .added, oldNumber: nil, newNumber: 2, text: "new", position: 3)))

            let bytes = DiffViewModel(limits: DiffLimits(patchBytesPerPage: 2 * Self.small.utf8.count))
            bytes.show(files)
            XCTAssertEqual(bytes.shownFileCount, 2)
            let huge = DiffViewModel(limits: DiffLimits(patchBytesPerPage: 10))
            huge.show(files)
            XCTAssertEqual(huge.shownFileCount, 1, "one file always shows, however big")
        }
    }

    func testMissingPatchSaysSo() {
        onMain {
            let diff = DiffViewModel()
            diff.show([Self.file("logo.png", patch: nil), DiffFile(path: "x", status: "added", additions: 0, deletions: 0,
                                                                   patch: "+x", isTooLarge: true)])
            XCTAssertEqual(diff.rows, [.file(0, isCollapsed: false), .message("No textual changes to show."),
                                       .file(1, isCollapsed: false), .message("No textual changes to show.")])
            XCTAssertEqual(diff.statusText(of: 1), "added")
        }
    }

    /// Issue 22 item 6 (the model's half): a commit that vendors 20,000 files builds rows for one page of them.
    func testTwentyThousandFilesBuildOnePage() {
        onMain {
            let files = (0..<20_000).map { Self.file("vendor/lib\($0).c") }
            let diff = DiffViewModel()
            let start = Date()
            diff.show(files)
            let elapsed = Date().timeIntervalSince(start)
            XCTAssertEqual(diff.shownFileCount, DiffLimits.standard.filesPerPage)
            XCTAssertEqual(diff.rows.count, DiffLimits.standard.filesPerPage * 5 + 1)
            XCTAssertEqual(diff.rows.last, .rest(20_000 - DiffLimits.standard.filesPerPage))
            XCTAssertEqual(diff.summary, "20000 files changed  ·  +20000  −20000")
            XCTAssertLessThan(elapsed, 1.0, "debug build, loaded machine: one page only")
        }
    }

    func testCountsSaturate() {
        XCTAssertEqual([Int.max, 1, 5].saturatingSum(), Int.max)
        XCTAssertEqual(DiffFile(path: "a", status: "", additions: Int.max, deletions: 7, patch: nil).changedLines, Int.max)
        XCTAssertEqual(DiffFile(path: "a", status: "", additions: -4, deletions: 2, patch: nil).additions, 0)
    }
}

/// Issue 22 item 7 on the commit page: the stats line sums the files' counts when the commit has no `stats`.
final class CommitStatsTests: XCTestCase {
    func testACommitsCountsSaturate() {
        onMain {
            let transport = StubTransport()
            transport.responses["/api/v5/repos/o/r/commits/abc1234"] = HTTPResponse(status: 200, body: Data("""
                {"sha": "abc1234", "commit": {"message": "m"}, "files": [
                 {"filename": "a", "status": "modified", "additions": 9223372036854775807, "deletions": 1},
                 {"filename": "b", "status": "modified", "additions": 1, "deletions": -5, "patch": "@@ -1 +1 @@\\n-x\\n+y\\n"}]}
                """.utf8))
            let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                          preferences: InMemoryPreferences(), services: makeServices(transport: transport))
            coordinator.push(.commit(RepositoryID(owner: "o", name: "r"), sha: "abc1234"))
            guard case .commit(let page) = coordinator.top?.content else { return XCTFail("no commit page") }
            page.start()
            waitUntil("the commit") { page.state == .content }
            XCTAssertEqual(page.stats, "2 files changed  ·  +\(Int.max)  −1")
            XCTAssertEqual(page.diff.summary, "2 files changed  ·  +\(Int.max)  −1")
            XCTAssertEqual(page.diff.rows.last, .line(DiffLine(kind: .added, oldNumber: nil, newNumber: 1, text: "y", position: 2)))
        }
    }
}
