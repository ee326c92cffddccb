import CGtk
import FakeGitee
import Foundation
import GLibRuntime
import GiteeKit
@testable import GtkKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// The hostile READMEs FakeGitee serves, rendered in a real `DocumentView` in a shown window (not only parsed):
/// each finishes writing, keeps its last words, and never holds the main loop for long in one go.
final class DocumentLimitsViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testEveryHostileReadmeRendersWithoutFreezingTheWindow() {
        onMain {
            for kind in HostileReadme.allCases {
                // What the app shows for a text cmark-gfm is too slow on: its plain text, after the budget.
                let document = kind.isSlowInCmark
                    ? DocumentParser.plain(kind.text, note: DocumentNotes.tooComplex)
                    : DocumentParser.parseMarkdown(kind.text, context: hostileContext)
                let (view, window, stall) = render(document)
                let text = documentText(of: view)
                XCTAssertFalse(text.isEmpty, "\(kind) shows something")
                let ending = kind == .plain2MB ? "too long to show in full" : "After the"
                XCTAssertTrue(text.contains(ending), "\(kind): the end of the document is shown")
                print("rendered \(kind.rawValue): longest main-loop turn \(Int(stall * 1000)) ms")
                // A freeze guard for the debug build on a shared machine; `make bench` measures the real figure.
                XCTAssertLessThan(stall, 0.5, "\(kind): longest main-loop turn while rendering")
                if kind == .table {
                    // 10,000 cells as grids of labels took the project page a minute: a table that big is text rows.
                    XCTAssertNil(firstWidget(in: view.root, ofType: gtk_grid_get_type()), "no grid for a huge table")
                }
                gtk_window_destroy(typed(window))
            }
        }
    }

    func testListNumbersAtTheTopOfInt64DoNotTrap() {
        onMain {
            let document = DocumentParser.parseMarkdown(HostileReadme.intOverflow.text, context: hostileContext)
            let (view, window, _) = render(document)
            defer { gtk_window_destroy(typed(window)) }
            let text = documentText(of: view)
            XCTAssertTrue(text.contains("1000000002.\u{00A0}max + 2"), text)
            XCTAssertTrue(text.contains("-1000000000.\u{00A0}min"), text)
            // Built by hand past the clamp: the pane saturates instead of trapping.
            let raw = Document(blocks: [.list(ListBlock(ordered: true, start: Int.max, items: [
                ListItem(task: nil, blocks: [.paragraph([.text("a")])]),
                ListItem(task: nil, blocks: [.paragraph([.text("b")])]),
            ]))])
            view.show(raw)
            waitUntil("rendered") { view.isRendered }
            XCTAssertTrue(documentText(of: view).contains("\(Int.max).\u{00A0}b"))
        }
    }

    func testTheTooComplexFallbackRendersWithItsNote() {
        onMain {
            let document = DocumentParser.plain(HostileReadme.plain2MB.text, note: DocumentNotes.tooComplex)
            let (view, window, stall) = render(document)
            defer { gtk_window_destroy(typed(window)) }
            let text = documentText(of: view)
            XCTAssertTrue(text.hasPrefix(DocumentNotes.tooComplex), String(text.prefix(200)))
            XCTAssertTrue(text.contains("Plain words without any markup"))
            XCTAssertLessThan(stall, 0.5)
        }
    }

    func testALongListIsWrittenInSlicesWithItsNumbering() {
        onMain {
            let items = (1...5_000).map { "\($0). item \($0)" }.joined(separator: "\n")
            let document = DocumentParser.parseMarkdown(items, context: hostileContext)
            XCTAssertEqual(document.blocks.count, 1, "one list of 5,000 items")
            let (view, window, _) = render(document)
            defer { gtk_window_destroy(typed(window)) }
            let text = documentText(of: view)
            XCTAssertTrue(text.contains("65.\u{00A0}item 65\n"), "numbering continues across slices")
            XCTAssertTrue(text.contains("5000.\u{00A0}item 5000"))
        }
    }
}

private let hostileContext = DocumentContext(repository: RepositoryID(owner: "stranger", name: "hostile"), ref: "master",
                                             folder: "", server: URL(string: "https://gitee.com")!)

/// Shows `document` in a window, iterates the main loop until it is written and two frames are drawn, and returns
/// the longest single main-loop iteration meanwhile (seconds).
@MainActor
private func render(_ document: Document) -> (DocumentView, UnsafeMutablePointer<GtkWidget>, Double) {
    let view = DocumentView(imageLoader: nil)
    let window = gtk_window_new()!
    gtk_window_set_default_size(typed(window), 800, 700)
    gtk_window_set_child(typed(window), view.root)
    gtk_window_present(typed(window))
    var longest = 0.0
    var turnStart = g_get_monotonic_time()
    view.show(document)
    longest = Double(g_get_monotonic_time() - turnStart) / 1e6
    waitUntil("rendered", timeout: 60) {
        let now = g_get_monotonic_time()
        longest = max(longest, Double(now - turnStart) / 1e6)
        turnStart = now
        return view.isRendered && gtk_widget_get_mapped(view.root) != 0
    }
    waitForFrames(of: window, count: 2)
    return (view, window, longest)
}

