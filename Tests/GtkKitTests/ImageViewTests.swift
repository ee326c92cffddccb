import CGtk
import Foundation
@testable import MayunCore
@testable import GtkKit
import XCTest

final class ImageViewTests: XCTestCase {
    // MARK: Pure geometry (no display needed)

    func testZoomTowardTheCursorKeepsThePointUnderIt() {
        let geometry = ZoomGeometry(imageWidth: 4000, imageHeight: 3000, viewportWidth: 800, viewportHeight: 600)
        let cursor = (x: 300.0, y: 200.0)
        let before = geometry.imagePoint(at: cursor, zoom: 0.5, offset: (500, 400))
        let offset = geometry.offset(zoomingFrom: 0.5, offset: (500, 400), to: 0.65, around: cursor)
        let after = geometry.imagePoint(at: cursor, zoom: 0.65, offset: offset)
        XCTAssertEqual(before.x, after.x, accuracy: 1e-9)
        XCTAssertEqual(before.y, after.y, accuracy: 1e-9)
        // From the fitted, centred state too (the origin moves as the image grows past the viewport).
        let fit = geometry.fitZoom
        XCTAssertEqual(fit, 0.2, accuracy: 1e-9)
        let centredBefore = geometry.imagePoint(at: cursor, zoom: fit, offset: (0, 0))
        let zoomed = geometry.offset(zoomingFrom: fit, offset: (0, 0), to: 1, around: cursor)
        let centredAfter = geometry.imagePoint(at: cursor, zoom: 1, offset: zoomed)
        XCTAssertEqual(centredBefore.x, centredAfter.x, accuracy: 1e-9)
        XCTAssertEqual(centredBefore.y, centredAfter.y, accuracy: 1e-9)
    }

    func testZoomOffsetsStayInsideTheImage() {
        let geometry = ZoomGeometry(imageWidth: 1000, imageHeight: 1000, viewportWidth: 500, viewportHeight: 500)
        let corner = geometry.offset(zoomingFrom: 1, offset: (0, 0), to: 1 / 1.3, around: (0, 0))
        XCTAssertEqual(corner.x, 0)
        let farEdge = geometry.offset(zoomingFrom: 1, offset: (500, 500), to: 0.6, around: (500, 500))
        XCTAssertEqual(farEdge.x, 100, accuracy: 1e-9, "at most image width × zoom − viewport")
        XCTAssertEqual(ZoomGeometry(imageWidth: 10, imageHeight: 10, viewportWidth: 500, viewportHeight: 500).fitZoom, 1,
                       "small images are not enlarged to fit")
        XCTAssertEqual(ZoomGeometry.clamp(1000), ZoomGeometry.maximumZoom)
    }

    /// A 100,000,000 × 1 image is within the pixel cap; at 32× its width is 3.2e9, past `Int32`: the size request
    /// `Int32(width * zoom)` trapped (issue 10). Now the drawn extent is clamped before it becomes a GTK size.
    func testDrawnSizeOfAVeryWideImageFitsAGTKSize() {
        let geometry = ZoomGeometry(imageWidth: 100_000_000, imageHeight: 1, viewportWidth: 800, viewportHeight: 600)
        let size = geometry.displaySize(zoom: ZoomGeometry.maximumZoom)
        XCTAssertEqual(size.width, ZoomGeometry.maximumExtent)
        XCTAssertEqual(size.height, 32)
        XCTAssertEqual(ZoomGeometry.widgetPixels(size.width), Int32(ZoomGeometry.maximumExtent))
        XCTAssertEqual(ZoomGeometry.widgetPixels(3.2e9), Int32(ZoomGeometry.maximumExtent))
        XCTAssertEqual(ZoomGeometry.widgetPixels(.infinity), Int32(ZoomGeometry.maximumExtent))
        XCTAssertEqual(ZoomGeometry.widgetPixels(.nan), 1)
        XCTAssertEqual(ZoomGeometry.widgetPixels(0.2), 1, "never smaller than one pixel")
        XCTAssertEqual(ZoomGeometry.widgetPixels(640.4), 640)
    }

    // MARK: Widgets

    func testHundredMegapixelImagesAreNotDecoded() throws {
        try requireDisplay()
        try onMain {
            var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
            png += Data([0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0])  // 20000 x 20000
            let view = ImageView()
            view.show(data: png)
            guard case .refused(let message) = view.state else { return XCTFail("refused, got \(view.state)") }
            XCTAssertTrue(message.contains("20000 × 20000"), message)
            // An SVG's size is only known to the loader: the size-prepared guard refuses it without allocating.
            let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"/>"#.utf8)
            XCTAssertThrowsError(try ImageDecoder.decode(svg)) { error in
                XCTAssertEqual(error as? ImageDecodeError, .refused(.tooManyPixels(width: 20000, height: 20000)))
            }
            g_object_ref_sink(raw(view.root))
            g_object_unref(raw(view.root))
        }
    }

    func testImageFitsThenZoomsTowardTheCursor() throws {
        try requireDisplay()
        try onMain {
            let png = try XCTUnwrap(testPNG(width: 1600, height: 1200, rgba: [0, 120, 255, 128]))
            let view = ImageView()
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 800, 640)
            gtk_window_set_child(typed(window), view.root)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            var done = false
            view.show(data: png) { done = true }
            waitUntil("decoded") { done && gtk_widget_get_width(view.scroller) > 0 }
            XCTAssertEqual(view.state, .shown)
            XCTAssertTrue(view.isFitting)
            XCTAssertEqual(view.zoom, view.geometry.fitZoom, accuracy: 1e-6)
            XCTAssertTrue(view.infoText.hasPrefix("1600 × 1200"), view.infoText)

            let cursor = (x: 200.0, y: 150.0)
            let before = view.geometry.imagePoint(at: cursor, zoom: view.zoom, offset: view.scrollOffset)
            view.setZoom(view.zoom * 1.3 * 1.3 * 1.3, around: cursor)
            for _ in 0..<20 { g_main_context_iteration(nil, 0) }
            let after = view.geometry.imagePoint(at: cursor, zoom: view.zoom, offset: view.scrollOffset)
            XCTAssertEqual(before.x, after.x, accuracy: 1)
            XCTAssertEqual(before.y, after.y, accuracy: 1)
            XCTAssertFalse(view.isFitting)
            view.actualSize()
            XCTAssertEqual(view.zoom, 1)
            XCTAssertTrue(view.infoText.hasSuffix("100 %"))
            view.fit()
            XCTAssertTrue(view.isFitting)
        }
    }

    func testAnimatedGIFDecodesAsAnAnimation() throws {
        try requireDisplay()
        // Two 1×1 frames (black, white), 100 ms each, looping.
        var gif = Data("GIF89a".utf8) + Data([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF])
        gif += Data([0x21, 0xFF, 0x0B]) + Data("NETSCAPE2.0".utf8) + Data([3, 1, 0, 0, 0])
        for pixel: UInt8 in [0x44, 0x4C] {
            gif += Data([0x21, 0xF9, 4, 0, 10, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, pixel, 1, 0])
        }
        gif += Data([0x3B])
        let decoded = try ImageDecoder.decode(gif)
        XCTAssertTrue(decoded.isAnimated)
        XCTAssertEqual(decoded.width, 1)
        let still = try onMainReturning { try ImageDecoder.decode(XCTUnwrap(testPNG(width: 3, height: 2))) }
        XCTAssertFalse(still.isAnimated)
    }

    /// WebP through gdk-pixbuf's loader from Debian's webp-pixbuf-loader (installed by `make deps`): a 3×2 red
    /// lossy WebP written by ImageMagick.
    func testWebPDecodes() throws {
        let webp = Data([
            0x52, 0x49, 0x46, 0x46, 0x3c, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50,
            0x56, 0x50, 0x38, 0x20, 0x30, 0x00, 0x00, 0x00, 0xd0, 0x01, 0x00, 0x9d,
            0x01, 0x2a, 0x03, 0x00, 0x02, 0x00, 0x02, 0x00, 0x34, 0x25, 0xa0, 0x02,
            0x74, 0xba, 0x01, 0xf8, 0x00, 0x03, 0xb0, 0x00, 0xfe, 0xf0, 0xc4, 0x0b,
            0xff, 0x20, 0xb9, 0x61, 0x75, 0xc8, 0xd7, 0xff, 0x20, 0x3f, 0xe4, 0x07,
            0xfc, 0x80, 0xff, 0xf8, 0xf2, 0x00, 0x00, 0x00
        ])
        let decoded = try ImageDecoder.decode(webp)
        XCTAssertEqual(decoded.width, 3)
        XCTAssertEqual(decoded.height, 2)
        XCTAssertFalse(decoded.isAnimated)
    }

    func testCheckerboardShowsBehindTransparency() throws {
        try requireDisplay()
        try onMain {
            let png = try XCTUnwrap(testPNG(width: 64, height: 64, rgba: [0, 0, 0, 0]))
            let view = ImageView()
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 300, 300)
            gtk_window_set_child(typed(window), view.root)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            var done = false
            view.show(data: png) { done = true }
            waitUntil("decoded") { done && gtk_widget_get_width(view.picture) == 64 }
            let light = (pixel(of: view.frame, x: 4, y: 4), pixel(of: view.frame, x: 12, y: 4))
            XCTAssertNotEqual(light.0?.red, light.1?.red, "two tones of squares")
            view.apply(isNight: true)
            // The frame is restyled and redrawn on the next frame clock tick.
            waitUntil("dark squares in night mode") { Int(pixel(of: view.frame, x: 4, y: 4)?.red ?? 255) < 100 }
        }
    }
}

private func onMainReturning<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
    try MainActor.assumeIsolated(body)
}
