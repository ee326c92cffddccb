import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@_exported import GtkBasics
@_exported import TestSupport
import MayunCore
@testable import GtkKit
import XCTest

// What every widget test uses (GtkKitTests and MayunUITests): a display, frames, the widget tree, rendering.

/// Widget tests need a display. Without one they skip, unless MAYUN_REQUIRE_DISPLAY=1 (set by `make test`, which
/// runs them under Xvfb), where a missing display is a failure.
package func requireDisplay() throws {
    if gtkReady { return }
    if ProcessInfo.processInfo.environment["MAYUN_REQUIRE_DISPLAY"] == "1" {
        XCTFail("no display for the widget tests (run them under xvfb-run)")
    }
    throw XCTSkip("no display; widget tests run under Xvfb in `make test`")
}

private let gtkReady: Bool = {
    setenv("GSK_RENDERER", "cairo", 0)
    MainQueueBridge.install()
    guard gtk_init_check() != 0 else { return false }
    adw_init()  // what AdwApplication does at startup: libadwaita's stylesheet, icons and style manager
    return true
}()

/// Asks the window for a redraw and iterates until its frame clock has drawn `count` more frames (each one lays out
/// what is queued, then paints): what a screenshot waits for after content changed size.
@MainActor
package func waitForFrames(of window: Widget, count: Int64, file: StaticString = #filePath, line: UInt = #line) {
    guard let clock = gtk_widget_get_frame_clock(window) else {
        return XCTFail("the window has no frame clock (not realized)", file: file, line: line)
    }
    let start = gdk_frame_clock_get_frame_counter(clock)
    gtk_widget_queue_draw(window)
    waitUntil("\(count) frames drawn", file: file, line: line) {
        if gdk_frame_clock_get_frame_counter(clock) - start < count {
            gtk_widget_queue_draw(window)  // the clock only ticks while something asks for a frame
            return false
        }
        return true
    }
}

/// A registered, non-unique GtkApplication so windows can be created without running `g_application_run`.
@MainActor
package let testApplication: UnsafeMutablePointer<GtkApplication> = {
    let app = gtk_application_new("io.gitee.Mayun.WidgetTests", G_APPLICATION_NON_UNIQUE)!
    g_application_register(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self), nil, nil)
    return app
}()

@MainActor
package func testEnvironment() -> AppEnvironment {
    .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": NSTemporaryDirectory()])
}

// MARK: - Looking into the widget tree

@MainActor
package func descendants(of root: Widget) -> [Widget] {
    var result: [Widget] = [root]
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        result += descendants(of: current)
        child = gtk_widget_get_next_sibling(current)
    }
    return result
}

@MainActor
package func isA(_ widget: Widget, _ type: GType) -> Bool {
    g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

@MainActor
package func visibleLabelTexts(in root: Widget) -> [String] {
    descendants(of: root).filter { isA($0, gtk_label_get_type()) && gtk_widget_is_drawable($0) != 0 }
        .compactMap { gtk_label_get_text(OpaquePointer($0)).map { String(cString: $0) } }
}

/// A text buffer's whole text: with its hidden text and an U+FFFC for each embedded widget or image (`slice`), or as
/// drawn (`text`, hidden text left out).
@MainActor
package func contents(of buffer: UnsafeMutablePointer<GtkTextBuffer>, asDrawn: Bool = false) -> String {
    var start = GtkTextIter(), end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer, &start, &end)
    let chars = asDrawn ? gtk_text_buffer_get_text(buffer, &start, &end, 0) : gtk_text_buffer_get_slice(buffer, &start, &end, 1)
    guard let chars else { return "" }
    defer { g_free(chars) }
    return String(cString: chars)
}

/// A document pane's text (`contents(of:)` of its buffer).
@MainActor
package func documentText(of view: DocumentView) -> String { contents(of: view.content.buffer) }

/// Every text a person can see: drawn labels, and the lines of drawn text views (a comment shows as a plain label
/// first and as a rendered document once parsed, so which of the two a check meets depends on timing).
@MainActor
package func visibleTexts(in root: Widget) -> [String] {
    let views = descendants(of: root).filter { isA($0, gtk_text_view_get_type()) && gtk_widget_is_drawable($0) != 0 }
    let lines = views.flatMap { view in
        contents(of: gtk_text_view_get_buffer(typed(view, as: GtkTextView.self))!, asDrawn: true)
            .split(separator: "\n").map(String.init)
    }
    return visibleLabelTexts(in: root) + lines
}

@MainActor
package func firstWidget(in root: Widget, ofType type: GType) -> Widget? {
    descendants(of: root).first { isA($0, type) }
}

/// Renders a widget through the cairo renderer's drawing path into an ARGB32 image surface and hands it to `body`
/// (nil before the widget has a size). Theme checks read pixels from it; screenshot tests write it to a PNG.
@MainActor
package func withRenderedSurface<Result>(of widget: Widget, _ body: (OpaquePointer) -> Result) -> Result? {
    let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
    guard width > 0, height > 0, let paintable = gtk_widget_paintable_new(widget) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
    defer { gsk_render_node_unref(node) }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
    defer { cairo_surface_destroy(surface) }
    let cairo = cairo_create(surface)!
    gsk_render_node_draw(node, cairo)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    return body(surface)
}

/// Writes `window` as tests/artifacts/<name>-light.png and <name>-night.png (each drawn `frames` frames after the
/// switch, and asserted written), then leaves night mode on Light.
@MainActor
package func screenshotsInLightAndNight(of window: Widget, nightMode: NightModeViewModel, named name: String, frames: Int64 = 2,
                                file: StaticString = #filePath, line: UInt = #line) {
    for mode in [NightMode.light, .night] {
        nightMode.select(mode)
        waitForFrames(of: window, count: frames)
        let path = repositoryRoot.appendingPathComponent("tests/artifacts/\(name)-\(mode.rawValue).png").path
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        let saved = withRenderedSurface(of: window) { cairo_surface_write_to_png($0, path) == CAIRO_STATUS_SUCCESS }
        XCTAssertEqual(saved, true, "screenshot \(path) written", file: file, line: line)
    }
    nightMode.select(.light)
}

/// One pixel of the rendered widget (for theme checks).
@MainActor
package func pixel(of widget: Widget, x: Int32, y: Int32) -> (red: UInt8, green: UInt8, blue: UInt8)? {
    withRenderedSurface(of: widget) { surface -> (red: UInt8, green: UInt8, blue: UInt8)? in
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let offset = Int(y) * Int(cairo_image_surface_get_stride(surface)) + Int(x) * 4
        return (data[offset + 2], data[offset + 1], data[offset])  // ARGB32 is BGRA in memory on little endian
    } ?? nil
}

@MainActor
package func testImages() -> ImageLoader {
    ImageLoader(fetch: { _, _ in throw GiteeError.notFound(nil) }, diskDirectory: nil)
}

/// The source tree's themes (what `AppResources.locate()` finds when the app runs uninstalled).
package let themesDirectory = repositoryRoot.appendingPathComponent("data/themes")

/// The recorded answers of the real service (`../shared/gitee/samples`).
package let sharedSamples = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/gitee/samples")

/// A solid-colour PNG made with GDK (for image tests without fixtures on disk).
@MainActor
package func testPNG(width: Int, height: Int, rgba: [UInt8] = [200, 40, 40, 255]) -> Data? {
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
