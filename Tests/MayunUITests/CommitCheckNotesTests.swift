import CGtk
import Foundation
import GiteeKit
@testable import GtkKit
@testable import MayunShell
@testable import MayunCore
@testable import MayunUI
import TestSupport
import XCTest

/// A commit's check annotations under the lines of its diff (issue 39), as a pull request's are: each at its
/// `start_line` on the new side of its file, where the diff shows that line; one elsewhere only in the Checks section.
final class CommitCheckNotesTests: XCTestCase {
    private static let sha = "e3c0ff4d5cef439ea11b30866fb1ed79b420801d"
    private static let base = "/api/v5/repos/kit101/drone-yml-test"

    func testACommitsAnnotationsShowUnderTheirLines() throws {
        try requireDisplay()
        try onMain {
            let stub = StubTransport()
            // samples/commit.json: change/modified.txt's patch is "-will be modified", a note, "+will be modified",
            // "+modified" (the new file's line 2, position 4), a note.
            stub.responses["\(Self.base)/commits/\(Self.sha)"] = HTTPResponse(status: 200, body: try Data(
                contentsOf: repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/gitee/samples/commit.json")))
            stub.responses["\(Self.base)/commits/\(Self.sha)/check-runs"] = HTTPResponse(status: 200, body: Data(#"""
                [{"id": 7, "name": "lint", "head_sha": "e3c0ff4", "status": "completed", "conclusion": "failure",
                  "output": {"title": "lint", "summary": "2 problems", "annotations_count": 2}}]
                """#.utf8))
            stub.responses["\(Self.base)/check-runs/7/annotations"] = HTTPResponse(status: 200, body: Data(#"""
                [{"path": "change/modified.txt", "start_line": 2, "annotation_level": "failure", "message": "trailing word"},
                 {"path": "change/modified.txt", "start_line": 40, "annotation_level": "warning", "message": "not shown"}]
                """#.utf8))
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices(transport: stub))
            coordinator.push(.commit(RepositoryID(owner: "kit101", name: "drone-yml-test"), sha: Self.sha))
            guard let page = PageFactory(images: testImages()).makePage(for: coordinator.top!) as? CommitPage,
                  case .commit(let viewModel) = coordinator.top?.content else { return XCTFail("not a commit page") }
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 1000, 800)
            gtk_window_set_child(typed(window), page.root)
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_present(typed(window))

            let line = DiffAnchor(path: "change/modified.txt", position: 4)
            waitUntil("the annotation is placed") { !viewModel.checkAnchors.isEmpty }
            XCTAssertEqual(viewModel.checkAnchors.keys.sorted(), [line], "only the line the diff shows")
            let notes = viewModel.checkNotes(at: line)
            XCTAssertEqual(notes.map(\.line), [2])
            XCTAssertEqual(notes.first?.message.hasSuffix("trailing word"), true, "\(notes)")
            XCTAssertTrue(viewModel.diff.rows.contains(.thread(line)), "the diff has a row under that line")
            XCTAssertEqual(viewModel.checks.notes.count, 2, "the Checks section lists both")
            let drawn = notes.map { "\($0.levelText): \($0.message)" }
            waitUntil("the note is drawn under its line") {
                visibleLabelTexts(in: page.diff.listWidget).contains(drawn.first ?? "-")
            }
            XCTAssertFalse(visibleLabelTexts(in: page.diff.listWidget).contains { $0.hasSuffix("not shown") })
        }
    }
}
