internal import CGtk
internal import GtkBasics
internal import CStillScale
import Foundation
import GLibRuntime
import MayunCore

/// BMP and GIF stills larger than their `DecodeSize`, decoded straight to that size (still_scale.h): gdk-pixbuf
/// 2.42's BMP and GIF loaders take the size from `gdk_pixbuf_loader_set_size` but allocate the full image first
/// (an 8000 x 8000 RLE BMP of 500 KB peaked at 250 MB). WebP's loader passes the size to libwebp, which scales a
/// lossy image while decoding, and JPEG's uses libjpeg's DCT scaling, so those two stay with gdk-pixbuf; what no
/// decoder can avoid stays: a lossless WebP is held whole in libwebp (its references reach any earlier pixel), a
/// progressive JPEG keeps every coefficient.
enum ScaledStill {
    /// `target` is `DecodeSize.scaled` of the header's size; a GIF gives its first frame.
    static func decode(_ data: Data, format: ImageFormat, to target: (width: Int, height: Int)) throws -> DecodedImage {
        var pixels: UnsafeMutablePointer<UInt8>?
        var stride = 0
        var message = [CChar](repeating: 0, count: 160)
        let width = UInt32(clamping: target.width), height = UInt32(clamping: target.height)
        let status = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return 1 }
            let limit = UInt64(ImageLimits.maxPixels)
            switch format {
            case .bmp:
                return mayun_bmp_decode_scaled(base, raw.count, width, height, limit, &pixels, &stride, &message,
                                               message.count)
            case .gif:
                return mayun_gif_decode_scaled(base, raw.count, width, height, limit, &pixels, &stride, &message,
                                               message.count)
            default:
                return 1
            }
        }
        return try image(status: status, pixels: pixels, width: width, height: height, stride: stride, message: message)
    }

    /// What a C scaling decoder (this one's or `ScaledPNG`'s) gave: a texture that owns the pixels (8-bit RGBA, not
    /// premultiplied, from malloc) and frees them with its GBytes, or the decoder's message as the error.
    static func image(status: Int32, pixels: UnsafeMutablePointer<UInt8>?, width: UInt32, height: UInt32, stride: Int,
                      message: [CChar]) throws -> DecodedImage {
        guard status == 0, let pixels else {
            mayun_still_free(pixels)
            throw ImageDecodeError.unreadable(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                     as: UTF8.self))
        }
        let bytes = g_bytes_new_with_free_func(pixels, gsize(Int(height) * stride), { pointer in
            mayun_still_free(pointer?.assumingMemoryBound(to: UInt8.self))
        }, pixels)
        defer { g_bytes_unref(bytes) }
        guard let texture = gdk_memory_texture_new(gint(width), gint(height), GDK_MEMORY_R8G8B8A8, bytes, gsize(stride))
        else { throw ImageDecodeError.unreadable("") }
        return DecodedImage(texture: ObjectRef(adopting: UnsafeMutableRawPointer(texture)), animation: nil)
    }
}
