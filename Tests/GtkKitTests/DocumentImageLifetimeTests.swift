import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import GtkKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// Image slots outlive their widgets: the text view frees the anchored widgets when it is destroyed, while the slot
/// objects stay in their `DocumentTextView` (and, here, in the test). An image that arrives after that, or a width
/// change, must touch nothing (issue 22: `gtk_overlay_add_overlay` / `gtk_box_remove` on freed widgets).
final class DocumentImageLifetimeTests: XCTestCase {
    /// Answers every request only when `open()` is called, and counts the images it handed back.
    @MainActor private final class LateLoader: DocumentImageLoader {
        let png: Data
        var delivered = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []
        init(png: Data) { self.png = png }

        func image(for url: URL) async throws -> DecodedImage {
            await withCheckedContinuation { waiting.append($0) }
            // Decoded whatever happened to the page meanwhile: this loader ignores cancellation on purpose.
            let image = try await ImageDecoder.decodeInBackground(png)
            delivered += 1
            return image
        }

        func open() {
            waiting.forEach { $0.resume() }
            waiting = []
        }
    }

    func testDestroyTheViewThenDeliverTheImages() throws {
        try requireDisplay()
        try onMain {
            let loader = LateLoader(png: try XCTUnwrap(testPNG(width: 64, height: 32)))
            let markdown = """
            ![top](a.png)

            ---

            <details open><summary>More</summary>

            ![nested](b.png)

            </details>

            A badge ![alt](c.png) inline, and ![failed](d.png) last.
            """
            let view = DocumentView(imageLoader: loader)
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 700, 600)
            gtk_window_set_child(typed(window), view.root)
            gtk_window_present(typed(window))
            let context = DocumentContext(repository: RepositoryID(owner: "o", name: "r"), ref: "master",
                                          server: URL(string: "https://gitee.com")!)
            view.show(DocumentParser.parseMarkdown(markdown, context: context))
            waitUntil("rendered") { view.isRendered && gtk_widget_get_mapped(view.root) != 0 }
            let slots = view.content.allImageSlots
            XCTAssertEqual(slots.count, 4, "the nested view's image counts too")
            XCTAssertTrue(slots.allSatisfy { $0.state == .loading && $0.root != nil })

            gtk_window_destroy(typed(window))
            Self.drain()
            XCTAssertTrue(slots.allSatisfy { $0.root == nil }, "GTK freed the slots' widgets; the slots live on")
            for slot in slots { slot.resize(available: 300) }  // a late width change writes nowhere
            view.content.setContentWidth(333)  // nor the rule's, nor the nested view's
            loader.open()
            waitUntil("the images were delivered") { loader.delivered == 4 }
            Self.drain()
            XCTAssertEqual(slots.map(\.state), Array(repeating: .loading, count: 4), "nothing was written")
        }
    }

    @MainActor private static func drain() {
        for _ in 0..<20 { while g_main_context_iteration(nil, 0) != 0 {} }
    }
}
