import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import GtkKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// The pane writing a long document progressively (issue 14): the first screenful at once, the rest in idle
/// slices, the same text as a whole `show` in the end; and images at their final size before they load.
final class DocumentProgressiveViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    private static let longDocument: Document = {
        let section = "## Section\n\nSome **text** with a [link](a.md) and `code`.\n\n- one\n- two\n\n"
        return DocumentParser.parseMarkdown("# First block\n\n" + String(repeating: section, count: 1_500) + "Last words.",
                                            context: progressContext)
    }()

    func testTheFirstSliceHoldsTheFirstBlocksAndIsBounded() {
        onMain {
            let (view, window) = presentEmpty()
            defer { gtk_window_destroy(typed(window)) }
            view.begin()
            view.append(Self.longDocument.blocks)
            // Written before the main loop turns once: the top of the document, not all of it.
            let text = documentText(of: view)
            XCTAssertTrue(text.hasPrefix("First block\n"), String(text.prefix(80)))
            XCTAssertFalse(text.contains("Last words."))
            XCTAssertEqual(view.slicesWritten, 1)
            let lines = gtk_text_buffer_get_line_count(view.content.buffer)
            XCTAssertTrue(lines >= DocumentView.firstScreenLines || view.sliceDurations[0] > DocumentView.firstSliceBudget,
                          "a screenful, unless its time ran out first (\(lines) lines in \(view.sliceDurations[0]) s)")
            XCTAssertLessThan(lines, DocumentView.firstScreenLines + 10, "and about no more than a screenful")
            XCTAssertFalse(view.isRendered)
            view.finish()
            waitUntil("rendered", timeout: 30) { view.isRendered }
            XCTAssertGreaterThan(view.slicesWritten, 2, "the rest came in several slices")
        }
    }

    func testChunksEndIdenticalToTheWholeDocument() {
        onMain {
            let (whole, wholeWindow) = presentEmpty()
            defer { gtk_window_destroy(typed(wholeWindow)) }
            whole.show(Self.longDocument)
            let (chunked, chunkedWindow) = presentEmpty()
            defer { gtk_window_destroy(typed(chunkedWindow)) }
            chunked.begin()
            var blocks = Self.longDocument.blocks[...]
            // Chunks arrive while earlier ones are still being written.
            while !blocks.isEmpty {
                chunked.append(Array(blocks.prefix(97)))
                blocks = blocks.dropFirst(97)
                _ = g_main_context_iteration(nil, 0)
            }
            var completed = false
            chunked.finish { completed = true }
            waitUntil("both rendered", timeout: 60) { whole.isRendered && chunked.isRendered }
            XCTAssertTrue(completed)
            XCTAssertEqual(documentText(of: chunked), documentText(of: whole))
            XCTAssertTrue(documentText(of: chunked).hasSuffix("Last words.\n"))
            XCTAssertEqual(chunked.content.anchorOffsets, whole.content.anchorOffsets)
            XCTAssertTrue(chunked.scroll(toAnchor: "section-1499"))
        }
    }

    func testCancellingMidwayStopsTheSlices() {
        onMain {
            let (view, window) = presentEmpty()
            defer { gtk_window_destroy(typed(window)) }
            view.begin()
            view.append(Self.longDocument.blocks)
            view.finish()
            _ = g_main_context_iteration(nil, 0)
            view.cancel()
            let written = gtk_text_buffer_get_char_count(view.content.buffer)
            for _ in 0..<200 { _ = g_main_context_iteration(nil, 0) }
            XCTAssertEqual(gtk_text_buffer_get_char_count(view.content.buffer), written, "no slice after cancel")
            XCTAssertFalse(view.isRendered)
            XCTAssertFalse(documentText(of: view).contains("Last words."))
            // Without the cancel the same turns keep writing (so the check above can fail).
            view.show(Self.longDocument)
            let first = gtk_text_buffer_get_char_count(view.content.buffer)
            for _ in 0..<200 { _ = g_main_context_iteration(nil, 0) }
            XCTAssertGreaterThan(gtk_text_buffer_get_char_count(view.content.buffer), first)
        }
    }

    func testImagesTakeTheirFinalSizeBeforeTheyLoad() throws {
        try onMain {
            let big = try XCTUnwrap(testPNG(width: 1_200, height: 900))
            let small = try XCTUnwrap(testPNG(width: 40, height: 30))
            let loader = BytesImageLoader { url in url.path.hasSuffix("big.png") ? big : small }
            let markdown = """
            <img src="sized.png" width="200" height="100">

            ![unsized](big.png)

            Badge ![badge](badge.png) inline.
            """
            let view = DocumentView(imageLoader: loader)
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 800, 700)
            gtk_window_set_child(typed(window), view.root)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            view.show(DocumentParser.parseMarkdown(markdown, context: progressContext))
            waitUntil("rendered") { view.isRendered && gtk_widget_get_mapped(view.root) != 0 }
            let slots = view.content.allImageSlots
            XCTAssertEqual(slots.count, 3)
            let before = slots.map { measured($0.root!) }
            XCTAssertEqual(before[0].width, 200)
            XCTAssertEqual(before[0].height, 100)
            XCTAssertEqual(before[1].width, ImageFit.blockBox.width)
            XCTAssertEqual(before[1].height, ImageFit.blockBox.height)
            XCTAssertEqual(before[2].width, ImageFit.inlineBox.width)
            XCTAssertEqual(before[2].height, ImageFit.inlineBox.height)
            waitUntil("images loaded") { slots.allSatisfy { $0.state == .shown } }
            let after = slots.map { measured($0.root!) }
            XCTAssertEqual(after.map(\.width), before.map(\.width), "no image changed the layout when it arrived")
            XCTAssertEqual(after.map(\.height), before.map(\.height))
        }
    }

    /// A long README with images, read in chunks through the service and written progressively; with
    /// MAYUN_SCREENSHOT_DIR set, the first screen (before the images load) and the same screen once everything is
    /// in are saved for people to compare (nothing may have moved).
    func testALongReadmeShownProgressivelyKeepsItsFirstScreen() throws {
        let directory = ProcessInfo.processInfo.environment["MAYUN_SCREENSHOT_DIR"]
        let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/themes")
        var markdown = """
        <p align="center"><img src="docs/logo.png" width="120" height="120"></p>

        # Long README

        [![build](https://img.shields.io/badge/build-passing.svg)](https://gitee.com) A badge.

        ![unsized](docs/shot.png)

        """
        for section in 1...400 {
            markdown += "## Section \(section)\n\nParagraph \(section) with **bold**, `code` and a [link](docs/\(section).md). "
            markdown += "码云是开源中国推出的代码托管平台。\n\n- item one\n- [x] done\n\n"
            if section % 5 == 0 { markdown += "```swift\nlet value = \(section)\n```\n\n" }
        }
        onMain {
            let provider = DocumentScreenshotTests.loadTheme(themes, isNight: false)
            defer { DocumentScreenshotTests.unloadTheme(provider) }
            let loader = GatedImageLoader { DocumentScreenshotTests.sampleImage(for: $0) }
            let view = DocumentView(imageLoader: loader)
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 860, 900)
            gtk_window_set_child(typed(window), view.root)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            waitUntil("mapped") { gtk_widget_get_mapped(view.root) != 0 }
            view.begin()
            var delivery: DocumentParseService.Delivery??
            Task { @MainActor in
                let request = DocumentRequest(text: markdown, format: .markdown, context: progressContext,
                                              prefersDark: false)
                delivery = .some(await DocumentParseService.parse(request) { chunk in view.append(chunk.blocks) })
                view.finish()
            }
            waitUntil("first chunk", timeout: 30) { view.slicesWritten > 0 }
            // Slices write for a time budget, not a count of blocks: on a loaded machine the first one may stop
            // before the screenshot's paragraph, so the first screen is waited for by its three images.
            waitUntil("the first screen's images are written", timeout: 30) { view.content.allImageSlots.count >= 3 }
            waitForFrames(of: window, count: 2)
            let slots = Array(view.content.allImageSlots.prefix(3))
            XCTAssertEqual(slots.count, 3, "the logo, the badge and the screenshot are on the first screen")
            XCTAssertEqual(slots.map(\.state), [.loading, .loading, .loading])
            let placeholders = slots.map { measured($0.root!) }
            XCTAssertEqual(placeholders.map(\.width), [120, ImageFit.inlineBox.width, ImageFit.blockBox.width])
            if let directory {
                XCTAssertTrue(DocumentScreenshotTests.save(widget(window), to: "\(directory)/long-readme-first-screen.png"))
            }
            waitUntil("rendered", timeout: 60) { view.isRendered }
            guard case .complete(let document)?? = delivery else { return XCTFail("\(String(describing: delivery))") }
            XCTAssertEqual(document.anchors.last, "section-400")
            XCTAssertTrue(view.scroll(toAnchor: "section-400"), "the last heading is in")
            XCTAssertTrue(view.scroll(toAnchor: "long-readme"))
            loader.open()
            waitUntil("images") { slots.allSatisfy { $0.state == .shown } }
            waitForFrames(of: window, count: 2)
            let loaded = slots.map { measured($0.root!) }
            XCTAssertEqual(loaded.map(\.width), placeholders.map(\.width), "nothing moved when the images came")
            XCTAssertEqual(loaded.map(\.height), placeholders.map(\.height))
            if let directory {
                XCTAssertTrue(DocumentScreenshotTests.save(widget(window), to: "\(directory)/long-readme-loaded.png"))
            }
        }
    }

    func testImageBoxesHonourTheDocumentAndThePane() {
        XCTAssertTrue(ImageFit.box(requestedWidth: 200, requestedHeight: 100, isBlock: true, available: 600) == (200, 100))
        XCTAssertTrue(ImageFit.box(requestedWidth: 2_000, requestedHeight: 1_000, isBlock: true, available: 600) == (600, 300),
                      "clamped to the pane, aspect kept")
        XCTAssertTrue(ImageFit.box(requestedWidth: 120, requestedHeight: nil, isBlock: true, available: 600) == (120, 120))
        XCTAssertTrue(ImageFit.box(requestedWidth: nil, requestedHeight: 20, isBlock: false, available: 600) == (100, 20))
        XCTAssertTrue(ImageFit.box(requestedWidth: nil, requestedHeight: nil, isBlock: true, available: 240) == (240, 135))
    }

    /// Slices stay at 4 ms unless the main loop spent more than two frames elsewhere since the last one; then they
    /// write as long as that took, up to 100 ms.
    func testASliceWritesLongerOnlyAfterASlowTurnOfTheLoop() {
        XCTAssertEqual(DocumentView.sliceBudget(afterGap: 0), DocumentView.sliceBudget)
        XCTAssertEqual(DocumentView.sliceBudget(afterGap: 0.02), DocumentView.sliceBudget, "a frame or so")
        XCTAssertEqual(DocumentView.sliceBudget(afterGap: 0.06), 0.06)
        XCTAssertEqual(DocumentView.sliceBudget(afterGap: 3), DocumentView.longestAdaptiveSlice)
    }

    /// A pane grown with its content draws every line it holds in each frame (the project page's README). Here each
    /// of its frames is made to cost 40 ms: the slices after it write for that long, so the document is written in
    /// a few dozen frames instead of one 4 ms slice a frame.
    func testSlowFramesGetLongerSlices() throws {
        try onMain {
            let view = DocumentView(imageLoader: nil)
            view.growWithContent()
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 800, 700)
            let scroller = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_child(OpaquePointer(scroller), view.root)
            gtk_window_set_child(typed(window), scroller)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            waitUntil("the window is mapped") { gtk_widget_get_mapped(window) != 0 }
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window))
            var slowFrames = 0
            // "after-paint" runs only in frames that happen anyway (a tick callback would ask for every frame).
            let slow = connect(UnsafeMutableRawPointer(clock), "after-paint", main: {
                guard !view.isRendered else { return }
                slowFrames += 1
                g_usleep(40_000)
            })
            defer { disconnect(slow) }
            view.show(Self.longDocument)
            // A few slow frames and the slices after them are what is checked; the rest of the document is not
            // waited for (on a loaded machine writing all of it with 40 ms frames took over a minute).
            waitUntil("slices after slow frames", timeout: 60) {
                view.isRendered || (slowFrames >= 3 && view.longestSlice >= DocumentView.slowLoopGap)
            }
            XCTAssertGreaterThan(slowFrames, 0)
            XCTAssertGreaterThanOrEqual(view.longestSlice, DocumentView.slowLoopGap,
                                        "after a 40 ms frame a slice writes for about as long")
            // Capped: without the cap the first slow frame's slice would write the whole document (seconds). The
            // margin is for a slice the scheduler stretched on a loaded machine (0.19 s seen beside two builds).
            XCTAssertLessThanOrEqual(view.longestSlice, DocumentView.longestAdaptiveSlice + 0.15)
        }
    }
}

private let progressContext = DocumentContext(repository: RepositoryID(owner: "mayun", name: "desktop"), ref: "master",
                                              folder: "", server: URL(string: "https://gitee.com")!)

@MainActor
private func presentEmpty() -> (DocumentView, UnsafeMutablePointer<GtkWidget>) {
    let view = DocumentView(imageLoader: nil)
    let window = gtk_window_new()!
    gtk_window_set_default_size(typed(window), 800, 700)
    gtk_window_set_child(typed(window), view.root)
    gtk_window_present(typed(window))
    waitUntil("mapped") { gtk_widget_get_mapped(view.root) != 0 }
    return (view, window)
}

/// The size GTK gives the widget (its natural size, what the text view allocates an embedded child).
@MainActor
private func measured(_ widget: Widget) -> (width: Int, height: Int) {
    var minimum = GtkRequisition(), natural = GtkRequisition()
    gtk_widget_get_preferred_size(widget, &minimum, &natural)
    return (Int(natural.width), Int(natural.height))
}
