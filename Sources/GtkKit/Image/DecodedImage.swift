internal import CGtk
internal import GtkBasics
import Foundation
import GLibRuntime
import MayunCore

/// A decoded picture, ready for a GtkPicture: a still `GdkTexture`, or a `GdkPixbufAnimation` for animated GIFs
/// (GTK 4.8's texture loaders only give the first frame).
package final class DecodedImage: @unchecked Sendable {
    package let width: Int
    package let height: Int
    /// `GdkTexture *` of the first (or only) frame.
    let texture: ObjectRef
    /// `GdkPixbufAnimation *` when the image has more than one frame.
    let animation: ObjectRef?

    /// Frames the file declared (1 for a still, or a thumbnail of an animation).
    package let frames: Int

    var isAnimated: Bool { animation != nil }
    /// What the memory cache counts for it: 4 bytes a pixel, for every frame of an animation (the most a loader
    /// could keep), saturating.
    var byteCost: Int {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let (all, overflowAll) = pixels.multipliedReportingOverflow(by: isAnimated ? max(frames, 1) : 1)
        let (bytes, overflowBytes) = all.multipliedReportingOverflow(by: 4)
        return overflow || overflowAll || overflowBytes ? Int.max : max(bytes, 1)
    }
    /// The `GdkTexture *` of the first frame.
    var texturePointer: UnsafeMutableRawPointer { texture.pointer }

    package init(texture: ObjectRef, animation: ObjectRef?, frames: Int = 1) {
        self.texture = texture
        self.animation = animation
        self.frames = max(frames, 1)
        let paintable = OpaquePointer(texture.pointer)
        width = Int(gdk_paintable_get_intrinsic_width(paintable))
        height = Int(gdk_paintable_get_intrinsic_height(paintable))
    }

    /// Wraps a texture someone else made (the shared `ImageLoader`'s cache).
    package convenience init(retainingTexture texture: UnsafeMutableRawPointer) {
        self.init(texture: ObjectRef(retaining: texture), animation: nil)
    }
}

package enum ImageDecodeError: Error, Equatable {
    case refused(ImageLimits.Refusal)
    case unreadable(String)

    package var message: String {
        switch self {
        case .refused(let refusal): refusal.message
        case .unreadable(let reason): tr("This image could not be read.") + (reason.isEmpty ? "" : " (\(reason))")
        }
    }
}

/// Decodes image bytes with gdk-pixbuf's loaders, only the formats of `ImageFormat` (PNG, JPEG, GIF, WebP, BMP,
/// SVG) and each only with its own loader, or, for PNG, BMP and GIF stills larger than the size wanted, with our own
/// scaling decoders (`ScaledPNG`, `ScaledStill`): the guards (`ImageLimits.plan`: bytes, format, pixels, frames x
/// pixels) run on the header before any decoder does. Synchronous and thread-safe: call `decodeInBackground` from
/// the main thread.
package enum ImageDecoder {
    /// `size` bounds the pixels decoded: a still thumbnail for an avatar in a row (a few KiB, no scaling on every
    /// frame), a document image within its box, or `full`.
    static func decodeInBackground(_ data: Data, size: DecodeSize = .full) async throws -> DecodedImage {
        try await Task.detached(priority: .userInitiated) { try decode(data, size: size) }.value
    }

    static func decode(_ data: Data, size: DecodeSize = .full) throws -> DecodedImage {
        let plan: ImageLimits.DecodePlan
        switch ImageLimits.plan(data) {
        case .success(let accepted): plan = accepted
        case .failure(let refusal): throw ImageDecodeError.refused(refusal)
        }
        // Animations keep their size unless a still is wanted (`DecodeSize.within` says why).
        let scales = size.still || plan.frames <= 1
        // PNG, BMP and GIF stills larger than wanted are decoded straight to the size wanted, never at full size
        // (gdk-pixbuf's loaders of those three allocate the full image first, whatever size-prepared asks).
        if let width = plan.width, let height = plan.height, let target = size.scaled(width: width, height: height) {
            switch plan.format {
            case .png: return try ScaledPNG.decode(plan.bytes, within: size)
            case .bmp: return try ScaledStill.decode(plan.bytes, format: .bmp, to: target)
            case .gif where scales: return try ScaledStill.decode(plan.bytes, format: .gif, to: target)
            default: break
            }
        }
        // The loader of the sniffed format, never one gdk-pixbuf picks by itself (it would hand a TIFF to libtiff).
        var typeError: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type(plan.format.loaderName, &typeError) else {
            let reason = typeError.map { String(cString: $0.pointee.message) } ?? plan.format.loaderName
            if let typeError { g_error_free(typeError) }
            throw ImageDecodeError.unreadable(reason)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        // The header's size was checked above; this second check is for SVG (only librsvg knows its size) and a
        // backstop for the rest: shrinking the target to 1x1 when the loader learns the size keeps it from
        // allocating before we refuse.
        let guardBox = SizeGuard()
        connect(UnsafeMutableRawPointer(loader), "size-prepared") { arguments in
            let width = arguments.int(at: 1), height = arguments.int(at: 2)
            if let refusal = ImageLimits.check(width: width, height: height) {
                guardBox.refusal = refusal
                if let emitter = arguments.instance {
                    gdk_pixbuf_loader_set_size(emitter.assumingMemoryBound(to: GdkPixbufLoader.self), 1, 1)
                }
            } else if scales, let target = size.scaled(width: width, height: height), let emitter = arguments.instance {
                gdk_pixbuf_loader_set_size(emitter.assumingMemoryBound(to: GdkPixbufLoader.self),
                                           gint(target.width), gint(target.height))
            }
            return nil
        }
        var error: UnsafeMutablePointer<GError>?
        let written = plan.bytes.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return false }
            return gdk_pixbuf_loader_write(loader, base, gsize(bytes.count), &error) != 0
        }
        // Closing reports a truncated file; after a failed write the first error is the one worth keeping.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError) != 0
        if error == nil { error = closeError } else if let closeError { g_error_free(closeError) }
        if let refusal = guardBox.refusal { throw ImageDecodeError.refused(refusal) }
        let reason = error.map { String(cString: $0.pointee.message) } ?? ""
        if let error { g_error_free(error) }
        guard written, closed, let animation = gdk_pixbuf_loader_get_animation(loader),
              let still = gdk_pixbuf_animation_get_static_image(animation),
              let texture = gdk_texture_new_for_pixbuf(still)
        else { throw ImageDecodeError.unreadable(reason) }
        // A thumbnail is a still: rows do not animate avatars.
        let isAnimated = !size.still && gdk_pixbuf_animation_is_static_image(animation) == 0
        return DecodedImage(
            texture: ObjectRef(adopting: UnsafeMutableRawPointer(texture)),
            animation: isAnimated ? ObjectRef(retaining: UnsafeMutableRawPointer(animation)) : nil,
            frames: isAnimated ? plan.frames : 1)
    }

    private final class SizeGuard: @unchecked Sendable {
        var refusal: ImageLimits.Refusal?
    }
}
