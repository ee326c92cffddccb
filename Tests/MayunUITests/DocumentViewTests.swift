import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import GtkKit
@testable import MayunShell
@testable import MayunCore
@testable import MayunDocument
@testable import MayunUI
import XCTest

final class DocumentViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testTableRendersAsTabbedRowsWithTheRightCells() {
        onMain {
            let markdown = """
            # Features

            | Feature | Status | Notes |
            |:--------|:------:|------:|
            | Login | ✅ | OAuth2 |
            | 暗色主题 | 🚧 | `css` |
            """
            let (view, window) = present(DocumentParser.parseMarkdown(markdown, context: context))
            defer { gtk_window_destroy(typed(window)) }
            XCTAssertNil(firstWidget(in: view.root, ofType: gtk_grid_get_type()), "a narrow table is text, not widgets")
            let text = documentText(of: view)
            XCTAssertTrue(text.contains("\tFeature\tStatus\tNotes\n"), text)
            XCTAssertTrue(text.contains("\tLogin\t✅\tOAuth2\n"), text)
            XCTAssertTrue(text.contains("\t暗色主题\t🚧\tcss\n"), text)
            XCTAssertTrue(text.contains("Features"))
        }
    }

    /// A page's binding may hand the pane a document after its window was destroyed (the app quitting): nothing is
    /// written into the disposed text view (the pulls e2e crashed at Ctrl+Q writing into its freed buffer).
    func testADocumentArrivingAfterTheWindowWasDestroyedIsNotWritten() {
        onMain {
            let (view, window) = present(DocumentParser.parseMarkdown("# Title\n\nfirst body", context: context))
            XCTAssertFalse(view.isDestroyed)
            gtk_window_destroy(typed(window))
            XCTAssertTrue(view.isDestroyed, "the pane knows its widgets are gone")
            view.show(DocumentParser.parseMarkdown("# Later\n\nsecond body", context: context))
            view.apply(palette: .night, isNight: true)
            XCTAssertFalse(view.isRendered, "nothing was written")
        }
    }

    func testTableWiderThanThePaneIsAScrollingGrid() {
        onMain {
            let wide = String(repeating: "wide-cell-text-", count: 20)
            let markdown = "| A | B |\n|---|---|\n| \(wide) | \(wide) |\n"
            let (view, window) = present(DocumentParser.parseMarkdown(markdown, context: context))
            defer { gtk_window_destroy(typed(window)) }
            XCTAssertNotNil(firstWidget(in: view.root, ofType: gtk_grid_get_type()))
        }
    }

    func testRelativeImageIsRequestedFromTheAPIAndShown() throws {
        try onMain {
            let png = try XCTUnwrap(testPNG(width: 40, height: 30))
            let loader = BytesImageLoader { url in url.path.hasSuffix("shot.png") ? png : nil }
            let document = DocumentParser.parseMarkdown("![shot](docs/shot.png)\n\n![gone](missing.png)",
                                                        context: context)
            let (view, window) = present(document, loader: loader)
            defer { gtk_window_destroy(typed(window)) }
            let slots = view.content.allImageSlots
            waitUntil("images settle") { slots.allSatisfy { $0.state != .loading } }
            XCTAssertEqual(loader.requestedURLs.map(\.absoluteString), [
                "https://gitee.com/api/v5/repos/mayun/desktop/raw/docs/shot.png?ref=master",
                "https://gitee.com/api/v5/repos/mayun/desktop/raw/missing.png?ref=master",
            ])
            XCTAssertEqual(slots.map(\.state), [.shown, .failed])
            let picture = firstWidget(in: view.root, ofType: gtk_picture_get_type())
            XCTAssertNotNil(picture.flatMap { gtk_picture_get_paintable(opaque($0)) })
            XCTAssertTrue(visibleLabelTexts(in: view.root).contains("gone"), "alt text replaces a failed image")
        }
    }

    func testJavascriptLinksDoNothingAndOthersGoOut() {
        onMain {
            let document = DocumentParser.parseMarkdown(
                "[evil](javascript:alert(1)) [site](https://example.com) [guide](docs/guide.md) [top](#top)\n\n# Top",
                context: context)
            let (view, window) = present(document)
            defer { gtk_window_destroy(typed(window)) }
            var activated: [LinkTarget] = []
            view.onActivateLink = { activated.append($0) }
            let text = documentText(of: view)
            func offset(of word: String) -> Int32 {
                Int32(text.distance(from: text.startIndex, to: text.range(of: word)!.lowerBound)) + 1
            }
            XCTAssertFalse(view.content.activateLink(atOffset: offset(of: "evil")))
            XCTAssertEqual(activated, [], "a javascript: link is never followed")
            XCTAssertTrue(view.content.activateLink(atOffset: offset(of: "site")))
            XCTAssertTrue(view.content.activateLink(atOffset: offset(of: "guide")))
            XCTAssertEqual(activated, [.external(URL(string: "https://example.com")!),
                                       .route(.blob(repository, ref: "master", path: "docs/guide.md"))])
            XCTAssertTrue(view.content.activateLink(atOffset: offset(of: "top")))
            XCTAssertEqual(activated.count, 2, "anchors scroll the pane and do not leave it")
            XCTAssertTrue(view.content.link(atOffset: offset(of: "evil"))?.hint.contains("javascript:") ?? false)
        }
    }

    func testCodeBlocksAreHighlightedTextAndNightModeRecolours() {
        onMain {
            let document = DocumentParser.parseMarkdown("```swift\nlet x = 1\n```\n\n```\nplain\n```", context: context)
            let (view, window) = present(document)
            defer { gtk_window_destroy(typed(window)) }
            XCTAssertTrue(descendants(of: view.root).filter { isA($0, gtk_source_view_get_type()) }.isEmpty,
                          "code blocks are text in the one view, not widgets")
            let blocks = view.content.codeBlocks
            XCTAssertEqual(blocks.map { SourceLanguages.languageID($0.language) }, ["swift", nil])
            XCTAssertEqual(blocks.map(\.text), ["let x = 1", "plain"])
            let day = foreground(in: view, at: blocks[0].start)
            XCTAssertNotNil(day, "the keyword is coloured")
            XCTAssertNil(foreground(in: view, at: blocks[1].start), "plain code has no colours")
            view.apply(palette: .night, isNight: true)
            let night = foreground(in: view, at: blocks[0].start)
            XCTAssertNotNil(night)
            XCTAssertNotEqual(day, night, "night mode recolours code")
            let copy = documentText(of: view).range(of: "Copy").map { documentText(of: view).distance(from: documentText(of: view).startIndex, to: $0.lowerBound) }
            XCTAssertEqual(copy.flatMap { view.content.copyAction(atOffset: Int32($0)) }, "let x = 1")
        }
    }

    /// A README's own image paragraph after a centered logo stays at the left margin, on the first render as on a
    /// re-render (a centered first render was seen on the README page).
    func testImageParagraphAfterACenteredLogoStaysLeft() throws {
        try onMain {
            let png = try XCTUnwrap(testPNG(width: 24, height: 24))
            let loader = BytesImageLoader { _ in png }
            let markdown = """
            <p align="center">
              <img src="docs/logo.png" alt="logo" width="120">
            </p>

            > No description yet.

            ## Introduction

            Some text.

            ![screenshot](docs/shot.png)
            """
            let (view, window) = present(DocumentParser.parseMarkdown(markdown, context: context), loader: loader)
            defer { gtk_window_destroy(typed(window)) }
            for pass in ["first render", "re-render"] {
                let slots = view.content.allImageSlots
                waitUntil("images settle (\(pass))") { slots.allSatisfy { $0.state == .shown } }
                let shot = try XCTUnwrap(slots.last)
                let shotRoot = try XCTUnwrap(shot.root)
                // An unsized image has its fixed box from the start; frames after the image came lay the line out again.
                waitForFrames(of: window, count: 2)
                XCTAssertEqual(gtk_widget_get_width(shotRoot), Int32(ImageFit.blockBox.width), pass)
                var x: Double = -1, y: Double = -1
                gtk_widget_translate_coordinates(shotRoot, view.content.textView, 0, 0, &x, &y)
                XCTAssertLessThan(x, 100, "\(pass): the screenshot paragraph is at the left margin (x = \(x))")
                view.show(DocumentParser.parseMarkdown(markdown, context: context))
                waitUntil("re-rendered") { view.isRendered }
            }
        }
    }

    /// The same README with its images held back until the text is laid out (as on a slow network or a loaded
    /// machine, where CI saw it in 1 run of 4): GTK 4.8 laid the screenshot's line out again with the centred
    /// logo's paragraph style when the pictures came. Alternating paragraph tags keep a toggle at every line start.
    func testImagesArrivingLateKeepTheirParagraphsAlignment() throws {
        try onMain {
            let png = try XCTUnwrap(testPNG(width: 24, height: 24))
            let loader = GatedImageLoader { _ in png }
            let markdown = """
            <p align="center">
              <img src="docs/logo.png" alt="logo" width="120">
            </p>

            Some text.

            ![screenshot](docs/shot.png)
            """
            let (view, window) = present(DocumentParser.parseMarkdown(markdown, context: context), loader: loader)
            defer { gtk_window_destroy(typed(window)) }
            waitForFrames(of: window, count: 3)
            let slots = view.content.allImageSlots
            XCTAssertEqual(slots.map(\.state), [.loading, .loading], "the pictures are still held back")
            loader.open()
            waitUntil("images shown") { slots.allSatisfy { $0.state == .shown } }
            waitForFrames(of: window, count: 3)
            var logoX: Double = -1, shotX: Double = -1, y: Double = -1
            gtk_widget_translate_coordinates(slots[0].root, view.content.textView, 0, 0, &logoX, &y)
            gtk_widget_translate_coordinates(slots[1].root, view.content.textView, 0, 0, &shotX, &y)
            XCTAssertGreaterThan(logoX, 200, "the logo stays centred (x = \(logoX))")
            XCTAssertLessThan(shotX, 100, "the screenshot stays at the left margin (x = \(shotX))")
        }
    }

    /// A comment of one line in its card: the issue pages' documents take little space above and below the text (with
    /// a README page's margins a one-line comment made a card 144 px tall).
    func testACommentOfOneLineIsACompactCard() {
        onMain {
            let images = ImageLoader(fetch: { _, _ in throw GiteeError.notFound(nil) }, diskDirectory: nil)
            var heights: [Int32] = []
            for compact in [true, false] {
                let view = compact ? IssueHeader.makeDocumentView(images: images, nightMode: nil)
                    : DocumentView(imageLoader: nil)
                if !compact { view.growWithContent() }
                view.isVisible = true
                let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                gtk_box_append(typed(column), view.root)
                let window = gtk_window_new()!
                defer { gtk_window_destroy(typed(window)) }
                gtk_window_set_default_size(typed(window), 800, 600)
                gtk_window_set_child(typed(window), column)
                gtk_window_present(typed(window))
                view.show(DocumentParser.parseMarkdown("it's ok.", context: context))
                waitUntil("rendered") { view.isRendered && gtk_widget_get_mapped(view.root) != 0 }
                waitForFrames(of: window, count: 3)
                heights.append(gtk_widget_get_height(view.root))
            }
            XCTAssertLessThanOrEqual(heights[0], 56, "a one-line comment is about a line tall (heights \(heights))")
            XCTAssertGreaterThanOrEqual(heights[0], 20, "and shows its line")
            XCTAssertGreaterThan(heights[1], heights[0] + 30, "a page's document keeps its margins")
        }
    }

    func testBigDocumentRendersInSlices() {
        onMain {
            let section = "## Section\n\nSome **text** with a [link](a.md) and `code`.\n\n- one\n- two\n\n"
            let document = DocumentParser.parseMarkdown(String(repeating: section, count: 2000), context: context)
            let (view, window) = present(document, wait: false)
            defer { gtk_window_destroy(typed(window)) }
            XCTAssertFalse(view.isRendered, "a big document is not written in one go")
            waitUntil("rendered", timeout: 30) { view.isRendered }
            XCTAssertTrue(view.scroll(toAnchor: "section-1999"))
        }
    }
}

private let repository = RepositoryID(owner: "mayun", name: "desktop")
private let context = DocumentContext(repository: repository, ref: "master", folder: "",
                                      server: URL(string: "https://gitee.com")!)

@MainActor
private func present(_ document: Document, loader: (any DocumentImageLoader)? = nil, wait: Bool = true)
    -> (DocumentView, UnsafeMutablePointer<GtkWidget>)
{
    let view = DocumentView(imageLoader: loader)
    let window = gtk_window_new()!
    gtk_window_set_default_size(typed(window), 800, 700)
    gtk_window_set_child(typed(window), view.root)
    gtk_window_present(typed(window))
    view.show(document)
    if wait { waitUntil("rendered") { view.isRendered && gtk_widget_get_mapped(view.root) != 0 } }
    return (view, window)
}

/// The foreground colour a tag gives the character at `offset`, as text (nil when no tag sets one).
@MainActor
private func foreground(in view: DocumentView, at offset: Int32) -> String? {
    var iter = GtkTextIter()
    gtk_text_buffer_get_iter_at_offset(view.content.buffer, &iter, offset)
    var result: String?
    var node = gtk_text_iter_get_tags(&iter)
    let list = node
    defer { g_slist_free(list) }
    while let current = node {
        if let tag = current.pointee.data?.assumingMemoryBound(to: GObject.self) {
            var isSet = GValue(), color = GValue()
            g_value_init(&isSet, GType(5 << 2))
            g_object_get_property(tag, "foreground-set", &isSet)
            if g_value_get_boolean(&isSet) != 0 {
                g_value_init(&color, gdk_rgba_get_type())
                g_object_get_property(tag, "foreground-rgba", &color)
                if let text = g_strdup_value_contents(&color) { result = String(cString: text); g_free(text) }
                g_value_unset(&color)
            }
            g_value_unset(&isSet)
        }
        node = current.pointee.next
    }
    return result
}
