import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Serves one commit that vendors `count` files (issue 22 item 6: such a commit used to build a GtkSourceView per
/// file in a Box and froze the app).
@MainActor
private final class HugeCommitTransport: Transport {
    static let sha = "5ac5d1b0ed0f1f6b0a0f1c6b52e1c37a7a1d2e3f"
    let body: Data

    init(count: Int) {
        var json = #"{"sha": "\#(Self.sha)", "commit": {"message": "Vendor everything", "author": {"name": "Vendor Bot"}},"#
            + #" "stats": {"additions": \#(count), "deletions": \#(count)}, "files": ["#
        json += (0..<count).map { index in
            #"{"filename": "vendor/lib\#(index)/source.c", "status": "modified", "additions": 1, "deletions": 1,"#
                + #" "patch": "@@ -1 +1 @@\n-int v = \#(index);\n+int v = \#(index + 1);\n"}"#
        }.joined(separator: ",")
        json += "]}"
        body = Data(json.utf8)
    }

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        if request.url.contains("/commits/\(Self.sha)") { return HTTPResponse(status: 200, body: body) }
        return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
    }
}

final class HugeCommitPageTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// The commit page opens on a 20,000-file commit, draws its first screen, and the main loop keeps turning: rows
    /// exist for one page of files (100), with "Show the rest" for the others.
    func testATwentyThousandFileCommitOpensQuicklyAndStaysResponsive() {
        onMain {
            let files = 20_000
            let transport = HugeCommitTransport(count: files)
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices(transport: transport))
            coordinator.push(.commit(RepositoryID(owner: "vendor", name: "big"), sha: HugeCommitTransport.sha))
            let page = PageFactory(images: testImages()).makePage(for: coordinator.top!)
            guard let commitPage = page as? CommitPage else { return XCTFail("not a commit page") }
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 1280, 800)
            gtk_window_set_child(typed(window), page.root)
            defer { gtk_window_destroy(typed(window)) }

            // The longest gap between turns of the main loop while the page loads and draws.
            var last = g_get_monotonic_time(), longest = 0
            let stallWatch = MainLoopTicker { now in
                longest = max(longest, now - last)
                last = now
            }
            let start = g_get_monotonic_time()
            gtk_window_present(typed(window))
            waitUntil("the first diff lines are on screen", timeout: 30) {
                descendants(of: commitPage.diff.listWidget).contains {
                    gtk_widget_has_css_class($0, "diff-added") != 0 && gtk_widget_get_mapped($0) != 0
                }
            }
            waitForFrames(of: widget(window), count: 2)
            let firstScreen = Double(g_get_monotonic_time() - start) / 1000
            let stall = Double(longest) / 1000
            stallWatch.stop()
            print("20,000-file commit (debug build): first screen \(Int(firstScreen)) ms, longest main-loop stall "
                  + "\(Int(stall)) ms, \(commitPage.diff.rowCount) rows, \(descendants(of: commitPage.diff.listWidget).count) widgets")

            let shown = DiffLimits.standard.filesPerPage
            XCTAssertEqual(commitPage.diff.rowCount, shown * 3 + 1, "side by side: a header, a hunk and one pair of lines per shown file, then the rest")
            XCTAssertTrue(visibleLabelTexts(in: page.root).contains("20000 files changed  ·  +20000  −20000"))
            XCTAssertLessThan(descendants(of: commitPage.diff.listWidget).count, 5_000, "widgets only near the screen")
            waitUntil("every row is fed") { commitPage.diff.fedRows == commitPage.diff.rowCount }
            XCTAssertLessThan(firstScreen, 10_000, "the first screen, in a debug build on a shared machine")
            XCTAssertLessThan(stall, 2_000, "the main loop keeps turning (debug build; the bench measures release)")

            // The end of the list says what is not shown and offers the rest.
            commitPage.diff.scroll(toRow: commitPage.diff.rowCount - 1)
            waitUntil("Show the rest is on screen") {
                visibleLabelTexts(in: page.root).contains("19900 more files not shown.")
            }
            guard let more = descendants(of: commitPage.diff.listWidget).first(where: {
                isA($0, gtk_button_get_type()) && gtk_widget_get_mapped($0) != 0
                    && visibleLabelTexts(in: $0) == ["Show the rest"]
            }) else { return XCTFail("no Show the rest button") }
            gtk_widget_activate(more)
            waitUntil("the next page of files") { commitPage.diff.rowCount == 2 * shown * 3 + 1 }
        }
    }
}

/// Calls `tick` with the monotonic time on every turn of the main loop that runs its idle sources (a stalled loop
/// shows as a long gap).
@MainActor
final class MainLoopTicker {
    private var source: guint = 0
    private let box: Box

    private final class Box {
        let tick: (Int) -> Void
        init(_ tick: @escaping (Int) -> Void) { self.tick = tick }
    }

    init(tick: @escaping (Int) -> Void) {
        box = Box(tick)
        source = g_timeout_add_full(G_PRIORITY_DEFAULT, 2, { data in
            guard let data else { return 0 }
            Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().tick(g_get_monotonic_time())
            return 1
        }, Unmanaged.passUnretained(box).toOpaque(), nil)
    }

    func stop() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }
}
