import Foundation
import XCTest
@testable import GiteeKit

/// Check runs and their annotations decoded from the published description's shapes (`CheckRun`, `CheckAnnotation`,
/// the create call's enums), the list shapes the description leaves open, and the endpoints' requests.
final class CheckRunDecodingTests: XCTestCase {
    /// Every property of the description's `CheckRun`, `output` with the create call's members.
    static let failingRun = #"""
    {"id": 41, "head_sha": "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c", "url": "https://gitee.com/api/v5/repos/o/r/check-runs/41",
     "html_url": "https://gitee.com/o/r/check_runs/41", "details_url": "https://ci.example.com/build/41",
     "status": "completed", "conclusion": "failure", "started_at": "2024-05-01T10:00:00+08:00",
     "completed_at": "2024-05-01T10:03:00+08:00", "name": "lint",
     "output": {"title": "2 problems", "summary": "clippy found 2 problems", "text": "details"}}
    """#

    func testDecodesEveryFieldOfTheDescriptionsCheckRun() throws {
        let run = try JSONNodeDecoding.decode(CheckRun.self, from: Data(Self.failingRun.utf8))
        XCTAssertEqual(run.id, 41)
        XCTAssertEqual(run.name, "lint")
        XCTAssertEqual(run.headSHA, "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c")
        XCTAssertEqual(run.status, .completed)
        XCTAssertEqual(run.conclusion, .failure)
        XCTAssertEqual(run.output, CheckRun.Output(title: "2 problems", summary: "clippy found 2 problems"))
        XCTAssertEqual(run.detailsURL, "https://ci.example.com/build/41")
        XCTAssertEqual(run.completedAt?.text, "2024-05-01T10:03:00+08:00")
        XCTAssertFalse(run.isPending)
    }

    /// Every value of the create call's `status` and `conclusion` enums, and what is not one of them.
    func testReadsTheDescriptionsEnumsAndKeepsOtherValues() throws {
        let statuses = ["queued": CheckRun.Status.queued, "in_progress": .inProgress, "completed": .completed,
                        "expected": .other("expected")]
        for (text, status) in statuses {
            let run = try JSONNodeDecoding.decode(CheckRun.self, from: Data(#"{"id": 1, "status": "\#(text)"}"#.utf8))
            XCTAssertEqual(run.status, status, text)
            XCTAssertEqual(run.isPending, status != .completed, text)
        }
        let conclusions: [String: CheckRun.Conclusion] = [
            "neutral": .neutral, "success": .success, "failure": .failure, "cancelled": .cancelled,
            "action_required": .actionRequired, "timed_out": .timedOut, "skipped": .skipped, "stale": .other("stale"),
        ]
        for (text, conclusion) in conclusions {
            let json = #"{"id": 1, "status": "completed", "conclusion": "\#(text)"}"#
            XCTAssertEqual(try JSONNodeDecoding.decode(CheckRun.self, from: Data(json.utf8)).conclusion, conclusion, text)
        }
    }

    /// Odd values never fail a run: missing status is the description's default (`queued`), `output` may be anything.
    func testToleratesMissingAndOddValues() throws {
        let json = #"{"id": "x", "name": null, "conclusion": "", "output": "none", "started_at": 5}"#
        let run = try JSONNodeDecoding.decode(CheckRun.self, from: Data(json.utf8))
        XCTAssertEqual(run.id, 0)
        XCTAssertEqual(run.name, "")
        XCTAssertEqual(run.status, .queued)
        XCTAssertNil(run.conclusion)
        XCTAssertNil(run.output?.summary)
        XCTAssertTrue(run.isPending)
    }

    /// The description's `CheckAnnotation`, every property, and the create call's level enum.
    func testDecodesTheDescriptionsCheckAnnotation() throws {
        let json = #"""
        [{"path": "src/lib.rs", "start_line": 12, "end_line": 14, "start_column": 5, "end_column": 9,
          "annotation_level": "failure", "title": "unused variable", "message": "`x` is never read",
          "raw_details": "warning: unused", "blob_href": "https://gitee.com/o/r/blob/abc/src/lib.rs"},
         {"path": "README.md", "start_line": 3, "annotation_level": "warning", "message": "long line"},
         {"path": "a.txt", "start_line": -4, "end_line": -9, "annotation_level": "fatal", "message": "odd"},
         7]
        """#
        let list = try JSONNodeDecoding.decode(CheckAnnotationList.self, from: Data(json.utf8))
        XCTAssertEqual(list.annotations, [
            CheckAnnotation(path: "src/lib.rs", startLine: 12, endLine: 14, level: .failure, title: "unused variable",
                            message: "`x` is never read"),
            CheckAnnotation(path: "README.md", startLine: 3, level: .warning, message: "long line"),
            // A negative line is "no line"; an unknown level is a notice; the number in the list is dropped.
            CheckAnnotation(path: "a.txt", startLine: 0, level: .notice, message: "odd"),
        ])
        XCTAssertEqual(Set(CheckAnnotation.Level.allCases.map(\.rawValue)), ["notice", "warning", "failure"])
    }

    /// The list's shape is not described (its schema is one `CheckRun`): a bare array, GitHub's wrapper and a single
    /// object all read; junk reads as no runs.
    func testReadsEveryListShape() throws {
        let array = try JSONNodeDecoding.decode(CheckRunList.self, from: Data("[\(Self.failingRun), 3]".utf8))
        XCTAssertEqual(array.runs.map(\.id), [41])
        let wrapped = #"{"total_count": 1, "check_runs": [\#(Self.failingRun)]}"#
        XCTAssertEqual(try JSONNodeDecoding.decode(CheckRunList.self, from: Data(wrapped.utf8)).runs.map(\.name), ["lint"])
        let single = try JSONNodeDecoding.decode(CheckRunList.self, from: Data(Self.failingRun.utf8))
        XCTAssertEqual(single.runs.map(\.conclusion), [.failure])
        XCTAssertEqual(try JSONNodeDecoding.decode(CheckRunList.self, from: Data("{}".utf8)).runs, [])
        XCTAssertEqual(try JSONNodeDecoding.decode(CheckAnnotationList.self, from: Data(#""text""#.utf8)).annotations, [])
    }

    /// A stranger's texts and lists are bounded before anything keeps them.
    func testCapsTextsAndLists() throws {
        let long = String(repeating: "界", count: 10_000)
        let json = #"{"id": 1, "name": "\#(long)", "output": {"summary": "\#(long)", "title": "\#(long)"}}"#
        let run = try JSONNodeDecoding.decode(CheckRun.self, from: Data(json.utf8))
        XCTAssertEqual(run.name.count, CheckText.maxNameCharacters)
        XCTAssertEqual(run.output?.summary?.count, CheckText.maxSummaryCharacters)
        XCTAssertEqual(run.output?.title?.count, CheckText.maxTitleCharacters)
        XCTAssertTrue(run.name.hasSuffix("…"))
        let many = "[" + Array(repeating: #"{"path": "a", "start_line": 1, "message": "m"}"#, count: 600).joined(separator: ",") + "]"
        XCTAssertEqual(try JSONNodeDecoding.decode(CheckAnnotationList.self, from: Data(many.utf8)).annotations.count,
                       CheckAnnotationList.maxAnnotations)
    }

    func testEndpointsAskAsTheDescriptionSays() {
        XCTAssertEqual(Endpoints.checkRuns(owner: "o", repo: "r", ref: "feature/x").summary,
                       "GET /api/v5/repos/o/r/commits/feature%2Fx/check-runs?filter=latest&page=1&per_page=100")
        XCTAssertEqual(Endpoints.checkRun(owner: "o", repo: "r", id: 41).summary, "GET /api/v5/repos/o/r/check-runs/41")
        XCTAssertEqual(Endpoints.checkAnnotations(owner: "o", repo: "r", id: 41).summary,
                       "GET /api/v5/repos/o/r/check-runs/41/annotations?page=1&per_page=100")
        // Every path part is checked before sending: a ref of dots is refused.
        XCTAssertNotNil(PathSafety.problem(inEncodedPath: Endpoints.checkRuns(owner: "o", repo: "r", ref: "..").path))
        XCTAssertNil(PathSafety.problem(inEncodedPath: Endpoints.checkRuns(owner: "o", repo: "r", ref: "feature/x").path))
    }
}
