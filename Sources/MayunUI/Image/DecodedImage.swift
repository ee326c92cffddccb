import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// A decoded picture, ready for a GtkPicture: a still `GdkTexture`, or a `GdkPixbufAnimation` for animated GIFs
/// (GTK 4.8's texture loaders only give the first frame).
public final class DecodedImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// `GdkTexture *` of the first (or only) frame.
    let texture: ObjectRef
    /// `GdkPixbufAnimation *` when the image has more than one frame.
    let animation: ObjectRef?

    public var isAnimated: Bool { animation != nil }
    /// The `GdkTexture *` of the first frame.
    public var texturePointer: UnsafeMutableRawPointer { texture.pointer }

    init(texture: ObjectRef, animation: ObjectRef?) {
        self.texture = texture
        self.animation = animation
        let paintable = OpaquePointer(texture.pointer)
        width = Int(gdk_paintable_get_intrinsic_width(paintable))
        height = Int(gdk_paintable_get_intrinsic_height(paintable))
    }

    /// Wraps a texture someone else made (the shared `ImageLoader`'s cache).
    public convenience init(retainingTexture texture: UnsafeMutableRawPointer) {
        self.init(texture: ObjectRef(retaining: texture), animation: nil)
    }
}

public enum ImageDecodeError: Error, Equatable {
    case refused(ImageLimits.Refusal)
    case unreadable(String)

    public var message: String {
        switch self {
        case .refused(let refusal): refusal.message
        case .unreadable(let reason): tr("This image could not be read.") + (reason.isEmpty ? "" : " (\(reason))")
        }
    }
}

/// Decodes image bytes with gdk-pixbuf's loaders (PNG, JPEG, GIF, SVG, BMP, ICO, and WebP when its loader is
/// installed). Synchronous and thread-safe: call `decodeInBackground` from the main thread.
public enum ImageDecoder {
    /// `fit` > 0 decodes a still scaled down to fit a `fit`×`fit` pixel square (an avatar in a row): decoded once at
    /// the size it is drawn, it costs a few KiB and no scaling on every frame.
    public static func decodeInBackground(_ data: Data, fit: Int = 0) async throws -> DecodedImage {
        try await Task.detached(priority: .userInitiated) { try decode(data, fit: fit) }.value
    }

    public static func decode(_ data: Data, fit: Int = 0) throws -> DecodedImage {
        if let refusal = ImageLimits.check(data) { throw ImageDecodeError.refused(refusal) }
        guard let loader = gdk_pixbuf_loader_new() else { throw ImageDecodeError.unreadable("") }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        // Formats whose header we do not read (SVG, ICO) are checked when the loader learns the size: shrinking the
        // target to 1x1 there keeps it from allocating gigabytes before we refuse.
        let guardBox = SizeGuard()
        connect(UnsafeMutableRawPointer(loader), "size-prepared") { arguments in
            let width = arguments.int(at: 1), height = arguments.int(at: 2)
            if let refusal = ImageLimits.check(width: width, height: height) {
                guardBox.refusal = refusal
                if let emitter = arguments.instance {
                    gdk_pixbuf_loader_set_size(emitter.assumingMemoryBound(to: GdkPixbufLoader.self), 1, 1)
                }
            } else if fit > 0, max(width, height) > fit, let emitter = arguments.instance {
                let scale = Double(fit) / Double(max(width, height))
                gdk_pixbuf_loader_set_size(emitter.assumingMemoryBound(to: GdkPixbufLoader.self),
                                           gint(max(1, (Double(width) * scale).rounded())),
                                           gint(max(1, (Double(height) * scale).rounded())))
            }
            return nil
        }
        var error: UnsafeMutablePointer<GError>?
        let written = data.withUnsafeBytes { bytes -> Bool in
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
        let isAnimated = fit == 0 && gdk_pixbuf_animation_is_static_image(animation) == 0
        return DecodedImage(
            texture: ObjectRef(adopting: UnsafeMutableRawPointer(texture)),
            animation: isAnimated ? ObjectRef(retaining: UnsafeMutableRawPointer(animation)) : nil)
    }

    private final class SizeGuard: @unchecked Sendable {
        var refusal: ImageLimits.Refusal?
    }
}
