import CGtk
import Foundation
import GiteeKit
@testable import GtkKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// Renders the README corpus in both themes and writes PNGs when MAYUN_SCREENSHOT_DIR is set (for people to look
/// at: a README that parses but looks broken is not done). Without the variable it only checks the render runs.
final class DocumentScreenshotTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testReadmeCorpusRendersInBothThemes() throws {
        let directory = ProcessInfo.processInfo.environment["MAYUN_SCREENSHOT_DIR"]
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("MayunCoreTests/Fixtures/readmes")
        let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/themes")
        try onMain {
            let loader = BytesImageLoader { url in Self.sampleImage(for: url) }
            let context = DocumentContext(repository: RepositoryID(owner: "mayun", name: "desktop"), ref: "master",
                                          server: URL(string: "https://gitee.com")!)
            for name in ["gitee-style.md", "tables-and-lists.md", "details-and-code.md", "page.html"] {
                for isNight in [false, true] {
                    let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
                    let provider = Self.loadTheme(themes, isNight: isNight)
                    defer { Self.unloadTheme(provider) }
                    let view = DocumentView(imageLoader: loader, palette: isNight ? .night : .light, isNight: isNight)
                    let window = gtk_window_new()!
                    gtk_window_set_default_size(typed(window), 860, 1000)
                    gtk_window_set_child(typed(window), view.root)
                    gtk_window_present(typed(window))
                    view.show(DocumentParser.parse(text, path: name, context: context, prefersDark: isNight))
                    waitUntil("rendered") { view.isRendered }
                    let slots = view.content.allImageSlots
                    waitUntil("images") { slots.allSatisfy { $0.state != .loading } }
                    waitForFrames(of: window, count: 2)  // the images' sizes laid out and painted
                    if let directory {
                        let file = "\(directory)/document-\(name)-\(isNight ? "night" : "light").png"
                        XCTAssertTrue(Self.save(widget(window), to: file), file)
                    }
                    gtk_window_destroy(typed(window))
                }
            }
        }
    }

    /// Stand-ins for the repository's images: SVG badges, a wide screenshot, a logo.
    @MainActor
    static func sampleImage(for url: URL) -> Data? {
        let name = url.path
        if name.hasSuffix(".svg") || url.host == "img.shields.io" || name.contains("badge") {
            let label = url.lastPathComponent.prefix(8)
            return Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="96" height="20"><rect width="48" height="20" fill="#555"/>\
            <rect x="48" width="48" height="20" fill="#4c1"/><text x="6" y="14" fill="#fff" font-size="11" \
            font-family="sans-serif">\(label)</text></svg>
            """.utf8)
        }
        if name.contains("missing") { return nil }
        if name.contains("logo") { return testPNG(width: 120, height: 120, rgba: [199, 29, 35, 255]) }
        return testPNG(width: 1200, height: 500, rgba: [60, 130, 200, 255])
    }

    @MainActor
    static func loadTheme(_ directory: URL, isNight: Bool) -> OpaquePointer? {
        let css = [isNight ? "night.css" : "light.css", "base.css", "document.css"]
            .compactMap { try? String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, gssize(css.utf8.count))
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        return OpaquePointer(provider)
    }

    @MainActor
    static func unloadTheme(_ provider: OpaquePointer?) {
        guard let provider else { return }
        gtk_style_context_remove_provider_for_display(gdk_display_get_default(), provider)
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    @MainActor
    static func save(_ widget: Widget, to path: String) -> Bool {
        withRenderedSurface(of: widget) { cairo_surface_write_to_png($0, path) == CAIRO_STATUS_SUCCESS } ?? false
    }
}
