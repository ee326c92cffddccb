internal import CGtk
internal import GtkBasics
internal import CPngScale
import Foundation
import GLibRuntime
import MayunCore

/// The most pixels an image is decoded to. A document's images are drawn in a box of the pane's width at most,
/// yet a 10000 x 10000 PNG of 300 KB decoded at full size is 400 MB of pixels: decoded within its box (times the
/// display's scale factor) it is the box's size, a few MB at most.
package struct DecodeSize: Hashable, Sendable {
    /// Pixels; 0 is no bound.
    package let width: Int
    package let height: Int
    /// A still even when the file is animated (avatars in rows are not animated).
    package let still: Bool

    /// Full size, animation kept (the image viewer, the blob page's picture).
    package static let full = DecodeSize(width: 0, height: 0, still: false)

    /// A still fitting a `fit` x `fit` square (an avatar); `full` for 0.
    package static func thumbnail(_ fit: Int) -> DecodeSize {
        fit > 0 ? DecodeSize(width: fit, height: fit, still: true) : .full
    }

    /// Within `width` x `height` pixels (a document's image box times the scale factor). Animations are kept at
    /// their own size: gdk-pixbuf keeps their frames unscaled whatever the target, and `ImageLimits` already
    /// bounds frames x pixels.
    package static func within(width: Int, height: Int) -> DecodeSize {
        DecodeSize(width: max(width, 1), height: max(height, 1), still: false)
    }

    /// The size an image of `width` x `height` is decoded to, aspect kept, never scaled up; nil when it fits.
    func scaled(width: Int, height: Int) -> (width: Int, height: Int)? {
        guard width > 0, height > 0 else { return nil }
        var scale = 1.0
        if self.width > 0, width > self.width { scale = Double(self.width) / Double(width) }
        if self.height > 0, height > self.height { scale = min(scale, Double(self.height) / Double(height)) }
        guard scale < 1 else { return nil }
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}

/// PNGs larger than their `DecodeSize`, decoded row by row straight to that size (png_scale.h): gdk-pixbuf's PNG
/// loader honours `gdk_pixbuf_loader_set_size` only after allocating the full image. BMP and GIF have the same
/// problem (`ScaledStill`, which says what JPEG and WebP do).
enum ScaledPNG {
    static func decode(_ data: Data, within size: DecodeSize) throws -> DecodedImage {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var stride = 0
        var message = [CChar](repeating: 0, count: 160)
        let status = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return 1 }
            return mayun_png_decode_scaled(base, raw.count, UInt32(clamping: size.width), UInt32(clamping: size.height),
                                           UInt64(ImageLimits.maxPixels), &pixels, &width, &height, &stride,
                                           &message, message.count)
        }
        return try ScaledStill.image(status: status, pixels: pixels, width: width, height: height, stride: stride,
                                     message: message)
    }
}
