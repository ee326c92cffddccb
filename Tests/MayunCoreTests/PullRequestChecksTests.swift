import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "o", name: "r")
private let pulls = "/api/v5/repos/o/r/pulls"
private let checkRuns = "/api/v5/repos/o/r/commits/h1/check-runs"

/// How many times the runs were asked (annotations not counted).
@MainActor
private func runsAsked(_ transport: StubTransport) -> Int {
    transport.requests.filter { URL(string: $0.url)?.path == checkRuns }.count
}

/// The pull request page's checks: asked for the head commit once the pull request came, summed up (passing /
/// failing / pending / none), listed with their summaries, their annotations placed under the diff's lines, refreshed
/// while one runs (by a clock the test drives), stopped with the page, and never in the way of the page.
final class PullRequestChecksTests: XCTestCase {
    static let pull = #"{"id": 9, "number": 6, "state": "open", "title": "Fix", "head": {"ref": "fix", "sha": "h1"}, "base": {"ref": "master", "sha": "b0"}}"#
    /// src/lib.rs: new lines 1 (position 1), 2 (added, position 2), 3 (position 3).
    static let files = #"[{"filename": "src/lib.rs", "status": "modified", "additions": 1, "deletions": 0, "patch": {"diff": "@@ -1,2 +1,3 @@\n fn a() {\n+    let count = 1;\n }"}}]"#

    static func run(_ id: Int, _ name: String, status: String, conclusion: String? = nil, count: Int? = nil,
                    summary: String = "") -> String {
        let conclusionJSON = conclusion.map { "\"\($0)\"" } ?? "null"
        let countJSON = count.map { #", "annotations_count": \#($0)"# } ?? ""
        return #"{"id": \#(id), "name": "\#(name)", "head_sha": "h1", "status": "\#(status)", "conclusion": \#(conclusionJSON), "output": {"title": "\#(name) title", "summary": "\#(summary)"\#(countJSON)}}"#
    }

    @MainActor
    private static func makePage(_ transport: StubTransport, scheduler: ManualScheduler) -> PullRequestViewModel {
        transport.responses["\(pulls)/6"] = HTTPResponse(status: 200, body: Data(Self.pull.utf8))
        transport.responses["\(pulls)/6/files"] = HTTPResponse(status: 200, body: Data(Self.files.utf8))
        transport.responses["\(pulls)/6/commits"] = HTTPResponse(status: 200, body: Data("[]".utf8))
        transport.responses["\(pulls)/6/comments"] = HTTPResponse(status: 200, body: Data("[]".utf8))
        let services = makeServices(transport: transport)
        return PullRequestViewModel(repo: repo, number: 6, client: services.client, markdown: nil, navigator: nil,
                                    checkScheduler: scheduler)
    }

    func testOverallStatusRowsAndAnnotationsByLine() throws {
        try onMain {
            let transport = StubTransport()
            let scheduler = ManualScheduler()
            let page = Self.makePage(transport, scheduler: scheduler)
            transport.responses[checkRuns] = HTTPResponse(status: 200, body: Data(("[" + [
                Self.run(1, "build", status: "completed", conclusion: "success", count: 0, summary: "Built\\nfine"),
                Self.run(2, "lint", status: "completed", conclusion: "failure", summary: "2 problems\u{202E}"),
                Self.run(3, "test", status: "in_progress"),
            ].joined(separator: ",") + "]").utf8))
            transport.responses["/api/v5/repos/o/r/check-runs/2/annotations"] = HTTPResponse(status: 200, body: Data(#"""
                [{"path": "src/lib.rs", "start_line": 2, "end_line": 2, "annotation_level": "failure", "title": "unused",
                  "message": "`count` is never read"},
                 {"path": "src/lib.rs", "start_line": 99, "annotation_level": "warning", "message": "not in the diff"},
                 {"path": "README.md", "start_line": 1, "annotation_level": "notice", "message": "<b>not</b> markup"}]
                """#.utf8))
            XCTAssertEqual(page.checks.heading, "", "nothing is said before anything is known")
            XCTAssertFalse(page.checks.isShown)
            page.start()
            waitUntil("annotations placed") { !page.checkAnchors.isEmpty }

            XCTAssertEqual(page.checks.overall, .failing, "a failure outweighs a run still going")
            XCTAssertTrue(page.checks.isShown)
            XCTAssertEqual(page.checks.heading, "Some checks failed")
            XCTAssertEqual(page.checks.rows.map(\.name), ["build", "lint", "test"])
            XCTAssertEqual(page.checks.rows.map(\.state), [.passing, .failing, .pending])
            XCTAssertEqual(page.checks.rows.map(\.stateText), ["Succeeded", "Failed", "In progress"])
            XCTAssertEqual(page.checks.rows[0].summary, "build title  ·  Built fine", "one line")
            XCTAssertEqual(page.checks.rows[1].summary, "lint title  ·  2 problems", "no direction override")
            XCTAssertEqual(page.checks.rows[1].accessibleName, "lint: Failed. lint title  ·  2 problems")
            XCTAssertEqual(page.checks.notes.map(\.located), [
                "src/lib.rs:2: lint · unused: `count` is never read",
                "src/lib.rs:99: lint · not in the diff",
                "README.md:1: lint · <b>not</b> markup",
            ])
            // Only the line the diff shows gets the note, under it (position 2: the added line).
            let anchor = DiffAnchor(path: "src/lib.rs", position: 2)
            XCTAssertEqual(Array(page.checkAnchors.keys), [anchor])
            XCTAssertEqual(page.checkNotes(at: anchor).map(\.levelText), ["Failure"])
            let line = try XCTUnwrap(page.diff.row(of: anchor))
            XCTAssertEqual(page.diff.rows[line + 1], .thread(anchor))
            // Annotations were asked only for the completed run that may have some (build said it has none).
            let asked = transport.requests.map { URL(string: $0.url)?.path ?? "" }.filter { $0.contains("annotations") }
            XCTAssertEqual(asked, ["/api/v5/repos/o/r/check-runs/2/annotations"])
            XCTAssertTrue(scheduler.hasPending, "a run is still going: asked again later")
            XCTAssertEqual(scheduler.delays, [CommitChecks.refreshSeconds])
        }
    }

    func testPendingChecksAreAskedAgainUntilDoneAndStopWithThePage() {
        onMain {
            let transport = StubTransport()
            let scheduler = ManualScheduler()
            let page = Self.makePage(transport, scheduler: scheduler)
            transport.responses[checkRuns] = HTTPResponse(status: 200, body: Data("[\(Self.run(3, "test", status: "queued"))]".utf8))
            page.start()
            waitUntil("the runs") { page.checks.loadState == .loaded }
            XCTAssertEqual(page.checks.overall, .pending)
            XCTAssertEqual(page.checks.heading, "Checks are running")
            XCTAssertEqual(page.checks.rows.map(\.stateText), ["Queued"])
            waitUntil("a refresh is due") { scheduler.hasPending }

            transport.responses[checkRuns] = HTTPResponse(status: 200, body: Data(
                "[\(Self.run(3, "test", status: "completed", conclusion: "success", count: 0))]".utf8))
            scheduler.fire()
            waitUntil("the run completed") { page.checks.overall == .passing }
            XCTAssertEqual(page.checks.heading, "All checks passed")
            XCTAssertEqual(page.checks.refreshCount, 1)
            drainMainQueue()
            XCTAssertFalse(scheduler.hasPending, "nothing pending: nothing asked again")
            let asked = runsAsked(transport)

            // Retry (the page's refresh) asks again; a pending answer schedules; leaving the page drops it.
            transport.responses[checkRuns] = HTTPResponse(status: 200, body: Data("[\(Self.run(3, "test", status: "in_progress"))]".utf8))
            page.refresh()
            waitUntil("pending again") { page.checks.overall == .pending && scheduler.hasPending }
            page.cancel()
            XCTAssertFalse(scheduler.hasPending, "the page went: no more refreshes")
            scheduler.fire()
            drainMainQueue()
            XCTAssertEqual(runsAsked(transport), asked + 1)
        }
    }

    /// A bounded refresh: a run that never ends is asked again `maxRefreshes` times, then no more.
    func testRefreshingIsBounded() {
        onMain {
            let transport = StubTransport()
            let scheduler = ManualScheduler()
            let page = Self.makePage(transport, scheduler: scheduler)
            transport.responses[checkRuns] = HTTPResponse(status: 200, body: Data("[\(Self.run(3, "test", status: "in_progress"))]".utf8))
            page.start()
            for round in 0..<CommitChecks.maxRefreshes {
                waitUntil("refresh \(round) due") { scheduler.hasPending }
                scheduler.fire()
            }
            waitUntil("the last refresh asked") { runsAsked(transport) == CommitChecks.maxRefreshes + 1 }
            drainMainQueue()
            XCTAssertEqual(page.checks.refreshCount, CommitChecks.maxRefreshes)
            XCTAssertFalse(scheduler.hasPending, "the bound is reached: no more refreshes")
            XCTAssertEqual(runsAsked(transport), CommitChecks.maxRefreshes + 1)
        }
    }

    func testAFailureToLoadChecksKeepsThePageAndOffersRetry() {
        onMain {
            let transport = StubTransport()
            let scheduler = ManualScheduler()
            let page = Self.makePage(transport, scheduler: scheduler)
            transport.responses[checkRuns] = HTTPResponse(status: 403, body: Data(#"{"message": "403 Forbidden"}"#.utf8))
            page.start()
            waitUntil("the failure") { page.checks.canRetry }
            XCTAssertEqual(page.state, .content, "the pull request is shown all the same")
            XCTAssertEqual(page.heading, "Fix")
            XCTAssertTrue(page.checks.heading.hasPrefix("Could not load the checks: "), page.checks.heading)
            XCTAssertEqual(page.checks.overall, .none)
            XCTAssertTrue(page.checks.isShown, "the failure is said, with Retry")
            XCTAssertFalse(scheduler.hasPending, "a failure waits for Retry")

            transport.responses[checkRuns] = HTTPResponse(status: 200, body: Data(
                "[\(Self.run(1, "build", status: "completed", conclusion: "success", count: 0))]".utf8))
            page.checks.retry()
            waitUntil("the retry") { page.checks.overall == .passing }
            XCTAssertFalse(page.checks.canRetry)
        }
    }

    /// A server without check runs (404) shows "No checks", not an error.
    func testNotFoundIsNoChecks() {
        onMain {
            let transport = StubTransport()
            let page = Self.makePage(transport, scheduler: ManualScheduler())
            page.start()
            waitUntil("the answer") { page.checks.loadState == .loaded }
            XCTAssertEqual(page.checks.overall, .none)
            XCTAssertEqual(page.checks.heading, "No checks")
            XCTAssertTrue(page.checks.rows.isEmpty)
            XCTAssertFalse(page.checks.isShown, "no section for a pull request without checks")
        }
    }

    func testOverallOfEveryConclusion() {
        func run(_ status: CheckRun.Status, _ conclusion: CheckRun.Conclusion?) -> CheckRun {
            CheckRun(id: 1, name: "x", status: status, conclusion: conclusion)
        }
        onMain {
            XCTAssertEqual(CommitChecks.overall(of: []), .none)
            for passing in [CheckRun.Conclusion.success, .neutral, .skipped] {
                XCTAssertEqual(CommitChecks.overall(of: [run(.completed, passing)]), .passing, "\(passing)")
            }
            for failing in [CheckRun.Conclusion.failure, .timedOut, .cancelled, .actionRequired, .other("odd")] {
                XCTAssertEqual(CommitChecks.overall(of: [run(.completed, .success), run(.completed, failing)]),
                               .failing, "\(failing)")
            }
            XCTAssertEqual(CommitChecks.overall(of: [run(.completed, .success), run(.queued, nil)]), .pending)
            XCTAssertEqual(CommitChecks.overall(of: [run(.other("expected"), nil)]), .pending)
        }
    }
}
