import CGtk
import Foundation
import GLibRuntime
@testable import MayunCore
@testable import MayunUI
import XCTest

final class DocumentViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testTableRendersAsAGridWithTheRightCells() {
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
            guard let grid = firstWidget(in: view.root, ofType: gtk_grid_get_type()) else { return XCTFail("no grid") }
            func cell(_ column: Int32, _ row: Int32) -> String? {
                gtk_grid_get_child_at(typed(grid), column, row).flatMap { gtk_label_get_text(OpaquePointer($0)) }
                    .map { String(cString: $0) }
            }
            XCTAssertEqual([cell(0, 0), cell(1, 0), cell(2, 0)], ["Feature", "Status", "Notes"])
            XCTAssertEqual([cell(0, 2), cell(1, 2), cell(2, 2)], ["Login", "✅", "OAuth2"])
            XCTAssertEqual([cell(0, 3), cell(1, 3), cell(2, 3)], ["暗色主题", "🚧", "css"])
            let right = gtk_grid_get_child_at(typed(grid), 2, 2).map { gtk_label_get_xalign(OpaquePointer($0)) }
            XCTAssertEqual(right, 1, "the right-aligned column")
            XCTAssertTrue(bufferText(view).contains("Features"))
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
            let text = bufferText(view)
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

    func testCodeBlocksAreHighlightedAndNightModeRecolours() {
        onMain {
            let document = DocumentParser.parseMarkdown("```swift\nlet x = 1\n```\n\n```\nplain\n```", context: context)
            let (view, window) = present(document)
            defer { gtk_window_destroy(typed(window)) }
            let sourceViews = descendants(of: view.root).filter { isA($0, gtk_source_view_get_type()) }
            XCTAssertEqual(sourceViews.count, 2)
            let languages = sourceViews.map { view -> String? in
                let buffer = gtk_text_view_get_buffer(typed(view, as: GtkTextView.self))
                let language = gtk_source_buffer_get_language(UnsafeMutableRawPointer(buffer!).assumingMemoryBound(to: GtkSourceBuffer.self))
                return language.flatMap { gtk_source_language_get_id($0) }.map { String(cString: $0) }
            }
            XCTAssertEqual(languages, ["swift", nil])
            view.apply(palette: .night, isNight: true)
            let buffer = gtk_text_view_get_buffer(typed(sourceViews[0], as: GtkTextView.self))
            let scheme = gtk_source_buffer_get_style_scheme(UnsafeMutableRawPointer(buffer!).assumingMemoryBound(to: GtkSourceBuffer.self))
            XCTAssertEqual(scheme.flatMap { gtk_source_style_scheme_get_id($0) }.map { String(cString: $0) }, "Adwaita-dark")
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

@MainActor
private func bufferText(_ view: DocumentView) -> String {
    var start = GtkTextIter(), end = GtkTextIter()
    gtk_text_buffer_get_bounds(view.content.buffer, &start, &end)
    guard let chars = gtk_text_buffer_get_slice(view.content.buffer, &start, &end, 1) else { return "" }
    defer { g_free(chars) }
    return String(cString: chars)
}

/// A solid-colour PNG made with GDK (for image tests without fixtures on disk).
@MainActor
func testPNG(width: Int, height: Int, rgba: [UInt8] = [200, 40, 40, 255]) -> Data? {
    var pixels = [UInt8]()
    pixels.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) { pixels += rgba }
    let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    guard let texture = gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_R8G8B8A8, bytes, gsize(width * 4)),
          let png = gdk_texture_save_to_png_bytes(texture)
    else { return nil }
    defer {
        g_bytes_unref(png)
        g_object_unref(UnsafeMutableRawPointer(texture))
    }
    var size: gsize = 0
    guard let data = g_bytes_get_data(png, &size) else { return nil }
    return Data(bytes: data, count: Int(size))
}
