import CGtk
import Foundation
import GLibRuntime
import GiteeKit
// onMain, waitUntil and the other helpers every test target shares, for every file of this target.
@_exported import TestSupport
@_exported import GtkBasics
@_exported import MayunPlatform
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Widget tests need a display. Without one they skip, unless MAYUN_REQUIRE_DISPLAY=1 (set by `make test`, which
/// runs them under Xvfb), where a missing display is a failure.
func requireDisplay() throws {
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
func waitForFrames(of window: Widget, count: Int64, file: StaticString = #filePath, line: UInt = #line) {
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
let testApplication: UnsafeMutablePointer<GtkApplication> = {
    let app = gtk_application_new("io.gitee.Mayun.WidgetTests", G_APPLICATION_NON_UNIQUE)!
    g_application_register(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self), nil, nil)
    return app
}()

@MainActor
func testEnvironment() -> AppEnvironment {
    .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": NSTemporaryDirectory()])
}

// MARK: - Looking into the widget tree

@MainActor
func descendants(of root: Widget) -> [Widget] {
    var result: [Widget] = [root]
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        result += descendants(of: current)
        child = gtk_widget_get_next_sibling(current)
    }
    return result
}

@MainActor
func isA(_ widget: Widget, _ type: GType) -> Bool {
    g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

@MainActor
func visibleLabelTexts(in root: Widget) -> [String] {
    descendants(of: root).filter { isA($0, gtk_label_get_type()) && gtk_widget_is_drawable($0) != 0 }
        .compactMap { gtk_label_get_text(OpaquePointer($0)).map { String(cString: $0) } }
}

/// A text buffer's whole text: with its hidden text and an U+FFFC for each embedded widget or image (`slice`), or as
/// drawn (`text`, hidden text left out).
@MainActor
func contents(of buffer: UnsafeMutablePointer<GtkTextBuffer>, asDrawn: Bool = false) -> String {
    var start = GtkTextIter(), end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer, &start, &end)
    let chars = asDrawn ? gtk_text_buffer_get_text(buffer, &start, &end, 0) : gtk_text_buffer_get_slice(buffer, &start, &end, 1)
    guard let chars else { return "" }
    defer { g_free(chars) }
    return String(cString: chars)
}

/// A document pane's text (`contents(of:)` of its buffer).
@MainActor
func documentText(of view: DocumentView) -> String { contents(of: view.content.buffer) }

/// Every text a person can see: drawn labels, and the lines of drawn text views (a comment shows as a plain label
/// first and as a rendered document once parsed, so which of the two a check meets depends on timing).
@MainActor
func visibleTexts(in root: Widget) -> [String] {
    let views = descendants(of: root).filter { isA($0, gtk_text_view_get_type()) && gtk_widget_is_drawable($0) != 0 }
    let lines = views.flatMap { view in
        contents(of: gtk_text_view_get_buffer(typed(view, as: GtkTextView.self))!, asDrawn: true)
            .split(separator: "\n").map(String.init)
    }
    return visibleLabelTexts(in: root) + lines
}

@MainActor
func firstWidget(in root: Widget, ofType type: GType) -> Widget? {
    descendants(of: root).first { isA($0, type) }
}

/// Renders a widget through the cairo renderer's drawing path into an ARGB32 image surface and hands it to `body`
/// (nil before the widget has a size). Theme checks read pixels from it; screenshot tests write it to a PNG.
@MainActor
func withRenderedSurface<Result>(of widget: Widget, _ body: (OpaquePointer) -> Result) -> Result? {
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
func screenshotsInLightAndNight(of window: Widget, nightMode: NightModeViewModel, named name: String, frames: Int64 = 2,
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
func pixel(of widget: Widget, x: Int32, y: Int32) -> (red: UInt8, green: UInt8, blue: UInt8)? {
    withRenderedSurface(of: widget) { surface -> (red: UInt8, green: UInt8, blue: UInt8)? in
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let offset = Int(y) * Int(cairo_image_surface_get_stride(surface)) + Int(x) * 4
        return (data[offset + 2], data[offset + 1], data[offset])  // ARGB32 is BGRA in memory on little endian
    } ?? nil
}

// MARK: - Services for widget tests

/// Answers every list request with the real recorded `GET /user/repos` sample and everything else with 404.
@MainActor
final class SampleTransport: Transport {
    private(set) var requests: [HTTPRequest] = []
    var listBody: Data = (try? Data(contentsOf: sharedSamples.appendingPathComponent("repos.json"))) ?? Data("[]".utf8)

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        requests.append(request)
        if request.url.contains("/projects/") || request.url.contains("/search/") {
            return HTTPResponse(status: 200, headers: ["total_page": "1"], body: listBody)
        }
        return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
    }
}

let sharedSamples = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/gitee/samples")

@MainActor
func testServices(transport: any Transport = SampleTransport()) -> AppServices {
    AppServices(client: GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"), transport: transport))
}

/// A Coordinator logged in with a token (as `MAYUN_TOKEN` does) whose requests go to `transport` (no retries).
@MainActor
func loggedInCoordinator(transport: any Transport) -> Coordinator {
    let client = GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9", retry: .none),
                             transport: transport)
    let session = Session(client: client, store: nil, environment: ["MAYUN_TOKEN": "token"])
    return Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                       services: AppServices(client: client, session: session))
}

/// The Coordinator's top page in a window of `width` x `height`, shown (destroy the window when done).
@MainActor
func presentTop(of coordinator: Coordinator, width: Int32, height: Int32) -> (GtkKit.Page, Widget)? {
    guard let top = coordinator.top, let window = gtk_window_new() else { return nil }
    let page = PageFactory(images: testImages()).makePage(for: top)
    gtk_window_set_default_size(typed(window), width, height)
    gtk_window_set_child(typed(window), page.root)
    gtk_window_present(typed(window))
    return (page, window)
}

@MainActor
func testImages() -> ImageLoader {
    ImageLoader(fetch: { _, _ in throw GiteeError.notFound(nil) }, diskDirectory: nil)
}

extension MainWindow {
    /// The window with the app's own pages, as the application makes them.
    convenience init(application: UnsafeMutablePointer<GtkApplication>, coordinator: Coordinator,
                     preferences: any PreferencesStore, images: ImageLoader) {
        self.init(application: application, coordinator: coordinator, preferences: preferences, images: images,
                  pages: PageFactory(images: images))
    }
}
