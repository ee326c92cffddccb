import Foundation

/// The image formats Mayun decodes, each because its size can be read before any decoder allocates: PNG (IHDR),
/// JPEG (the SOF segment), GIF (the logical screen, and every frame's descriptor), WebP (VP8/VP8L/VP8X, and its
/// ANMF frames) and BMP (the info header) from `ImageHeader`; SVG through librsvg, which reports the size it would
/// render at before rendering (the decoder shrinks a refused one to 1 x 1) and keeps its own limits on elements and
/// references. Everything else is refused before gdk-pixbuf sees a byte: TIFF (libtiff reads the whole raster
/// first: an 11000 x 10000 bomb of 321 KB took 742 MB), TGA, PNM, ICNS, ICO, ANI, XPM, XBM and QTIF would each need
/// a header reader of their own and none is README or avatar material.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, webp, bmp, svg

    /// gdk-pixbuf's name for the loader that must decode it (`gdk_pixbuf_loader_new_with_type`): the bytes never
    /// reach a loader chosen by sniffing, so a file that looks like a PNG to us is decoded as a PNG or not at all.
    public var loaderName: String { rawValue }

    /// The format by magic number (SVG by its first tag), or nil for anything Mayun does not decode.
    public static func sniff(_ data: Data) -> ImageFormat? {
        switch FileSniffer.imageType(of: data) {
        case "image/png": return .png
        case "image/jpeg": return .jpeg
        case "image/gif": return .gif
        case "image/webp": return .webp
        case "image/bmp": return .bmp
        default: return looksLikeSVG(data) ? .svg : nil
        }
    }

    /// Markup whose first element (after an XML declaration, comments or a doctype) is `<svg`.
    static func looksLikeSVG(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        let trimmed = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        guard trimmed.hasPrefix("<") else { return false }
        guard let svg = trimmed.range(of: "<svg") else { return false }
        // Nothing but prologue before it: "<?xml", "<!--" and "<!DOCTYPE" tags, no other element.
        let before = trimmed[..<svg.lowerBound]
        var index = before.startIndex
        while let open = before[index...].firstIndex(of: "<") {
            let next = before.index(after: open)
            guard next < before.endIndex, before[next] == "?" || before[next] == "!" else { return false }
            guard let close = before[next...].firstIndex(of: ">") else { return false }
            index = before.index(after: close)
        }
        return true
    }
}
