/// The image view's geometry, kept pure so "zoom toward the cursor" is tested without a display.
///
/// The image is drawn at `zoom` × its size inside a viewport; when smaller than the viewport it is centred, otherwise
/// the scroll offset says which part shows.
package struct ZoomGeometry: Equatable, Sendable {
    var imageWidth: Double
    var imageHeight: Double
    var viewportWidth: Double
    var viewportHeight: Double

    static let minimumZoom = 0.02
    static let maximumZoom = 32.0
    /// One wheel notch or one Ctrl+plus, as in GNOME's image viewer.
    package static let step = 1.3

    /// The zoom that fits the whole image in the viewport, never enlarging a small image past 100 %.
    var fitZoom: Double {
        guard imageWidth > 0, imageHeight > 0, viewportWidth > 0, viewportHeight > 0 else { return 1 }
        return min(1, viewportWidth / imageWidth, viewportHeight / imageHeight)
    }

    package static func clamp(_ zoom: Double) -> Double { min(max(zoom, minimumZoom), maximumZoom) }

    /// The largest extent the picture widget is asked for. GTK sizes are `Int32`: an image 100,000,000 pixels wide
    /// (within the pixel cap when one pixel high) at 32× would not fit, and `Int32(...)` would trap.
    static let maximumExtent = Double(1 << 24)

    /// The image's drawn width and height at `zoom`, at least one pixel and at most `maximumExtent`.
    func displaySize(zoom: Double) -> (width: Double, height: Double) {
        (Self.extent(imageWidth * zoom), Self.extent(imageHeight * zoom))
    }

    /// A drawn extent as a GTK size request.
    static func widgetPixels(_ extent: Double) -> Int32 { Int32(Self.extent(extent).rounded()) }

    private static func extent(_ value: Double) -> Double {
        value.isNaN ? 1 : min(max(value, 1), maximumExtent)
    }

    /// Where the image's top-left corner sits in content coordinates (non-zero only while it is centred).
    func origin(zoom: Double) -> (x: Double, y: Double) {
        (max(0, (viewportWidth - imageWidth * zoom) / 2), max(0, (viewportHeight - imageHeight * zoom) / 2))
    }

    func maximumOffset(zoom: Double) -> (x: Double, y: Double) {
        (max(0, imageWidth * zoom - viewportWidth), max(0, imageHeight * zoom - viewportHeight))
    }

    /// The image pixel under viewport point `point` at `zoom` with scroll `offset`.
    func imagePoint(at point: (x: Double, y: Double), zoom: Double, offset: (x: Double, y: Double))
        -> (x: Double, y: Double)
    {
        let origin = origin(zoom: zoom)
        return ((offset.x + point.x - origin.x) / zoom, (offset.y + point.y - origin.y) / zoom)
    }

    /// The scroll offset after zooming from `zoom` to `newZoom` that keeps the image pixel under `point` under it
    /// (as far as the image's edges allow).
    package func offset(zoomingFrom zoom: Double, offset: (x: Double, y: Double), to newZoom: Double,
                       around point: (x: Double, y: Double)) -> (x: Double, y: Double)
    {
        let anchor = imagePoint(at: point, zoom: zoom, offset: offset)
        let origin = origin(zoom: newZoom)
        let limit = maximumOffset(zoom: newZoom)
        let x = anchor.x * newZoom + origin.x - point.x
        let y = anchor.y * newZoom + origin.y - point.y
        return (min(max(0, x), limit.x), min(max(0, y), limit.y))
    }
}
