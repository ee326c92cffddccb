import Foundation

/// The guards every decode passes (README and issue images, avatars, repository image files): bytes, format,
/// pixels, and for animations frames x pixels. Files over them are not decoded (a clear message instead).
public enum ImageLimits {
    public static let maxPixels = 100_000_000
    public static let maxBytes = 50 * 1024 * 1024
    /// Frames x pixels of one animation: 64 million (256 MB at 4 bytes a pixel, were a loader to keep every frame;
    /// a 800 x 500 recording may have 160 frames). A GIF over it is shown as its first frame (gdk-pixbuf 2.42 keeps
    /// a GIF's frames compressed, but plays them by decoding each); an animated WebP over it is refused (its loader
    /// decodes frames of its own accord).
    public static let maxAnimationPixels = 64_000_000

    public enum Refusal: Equatable, Sendable, Error {
        case tooManyBytes(Int)
        case tooManyPixels(width: Int, height: Int)
        case tooManyFrames(frames: Int, width: Int, height: Int)
        /// Not one of `ImageFormat`'s: refused before any decoder sees it.
        case unsupportedFormat
        /// A format we read whose size is not where the format puts it (a truncated or damaged header).
        case unknownSize

        public var message: String {
            switch self {
            case .tooManyBytes(let bytes):
                return tr("This image is too large to show (%@; the limit is 50 MB).")
                    .replacingOccurrences(of: "%@", with: ByteSize.format(bytes))
            case .tooManyPixels(let width, let height):
                return tr("This image is too large to show (%@ pixels; the limit is 100 megapixels).")
                    .replacingOccurrences(of: "%@", with: "\(width) × \(height)")
            case .tooManyFrames(let frames, let width, let height):
                return tr("This animation is too large to show (%@; the limit is 64 million pixels over all its frames).")
                    .replacingOccurrences(of: "%@", with: "\(frames) × \(width) × \(height)")
            case .unsupportedFormat:
                return tr("Mayun does not show images in this format (it shows PNG, JPEG, GIF, WebP, BMP and SVG).")
            case .unknownSize:
                return tr("This image could not be read: its header does not give its size.")
            }
        }
    }

    /// What a decoder is handed once the guards passed: the format (which picks the one loader allowed to read
    /// it), the bytes (a GIF over `maxAnimationPixels` is cut after its first frame), the size from the header (nil
    /// for SVG: librsvg reports it before rendering) and the number of frames.
    public struct DecodePlan: Sendable {
        public let format: ImageFormat
        public let bytes: Data
        public let width: Int?
        public let height: Int?
        public let frames: Int
    }

    /// Checks the byte count, the format, then the dimensions and frames read from the header.
    public static func check(_ data: Data) -> Refusal? {
        if case .failure(let refusal) = plan(data) { return refusal }
        return nil
    }

    public static func plan(_ data: Data) -> Result<DecodePlan, Refusal> {
        if data.count > maxBytes { return .failure(.tooManyBytes(data.count)) }
        guard let format = ImageFormat.sniff(data) else { return .failure(.unsupportedFormat) }
        if format == .svg { return .success(DecodePlan(format: .svg, bytes: data, width: nil, height: nil, frames: 1)) }
        guard let size = ImageHeader.dimensions(of: data) else { return .failure(.unknownSize) }
        if let refusal = check(width: size.width, height: size.height) { return .failure(refusal) }
        let animation = ImageHeader.frames(of: data, format: format)
        if let largest = animation.largestFrame, let refusal = check(width: largest.width, height: largest.height) {
            return .failure(refusal)
        }
        let perFrame = max(size.width.multipliedReportingOverflow(by: size.height).partialValue,
                           animation.largestFrame.map { $0.width * $0.height } ?? 0)
        let (total, overflow) = perFrame.multipliedReportingOverflow(by: animation.count)
        var bytes = data, frames = animation.count
        if animation.count > 1, overflow || total > maxAnimationPixels {
            guard format == .gif, let firstFrameEnd = animation.firstFrameEnd else {
                return .failure(.tooManyFrames(frames: animation.count, width: size.width, height: size.height))
            }
            bytes = data.prefix(firstFrameEnd) + Data([0x3B])  // the GIF trailer after the first frame
            frames = 1
        }
        return .success(DecodePlan(format: format, bytes: bytes, width: size.width, height: size.height,
                                   frames: max(frames, 1)))
    }

    public static func check(width: Int, height: Int) -> Refusal? {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || pixels > maxPixels ? .tooManyPixels(width: width, height: height) : nil
    }
}

/// Dimensions from the first bytes of PNG, GIF, BMP, JPEG and WebP files, without decoding (a 30,000 × 30,000 PNG
/// is a few kilobytes of header and gigabytes of pixels).
public enum ImageHeader {
    public static func dimensions(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(256 * 1024))
        guard let type = FileSniffer.imageType(of: data) else { return nil }
        switch type {
        case "image/png" where bytes.count >= 24 && Array(bytes[12..<16]) == Array("IHDR".utf8):
            return (bigEndian32(bytes, 16), bigEndian32(bytes, 20))
        case "image/gif" where bytes.count >= 10:
            return (littleEndian16(bytes, 6), littleEndian16(bytes, 8))
        case "image/bmp" where bytes.count >= 26 && littleEndian32(bytes, 14) == 12:
            // OS/2's BITMAPCOREHEADER: 16-bit sizes.
            return (littleEndian16(bytes, 18), littleEndian16(bytes, 20))
        case "image/bmp" where bytes.count >= 26:
            // The height is negative for top-down bitmaps.
            let width = Int32(bitPattern: UInt32(truncatingIfNeeded: littleEndian32(bytes, 18)))
            let height = Int32(bitPattern: UInt32(truncatingIfNeeded: littleEndian32(bytes, 22)))
            return (Int(width.magnitude), Int(height.magnitude))
        case "image/jpeg":
            return jpegDimensions(bytes)
        case "image/webp":
            return webpDimensions(bytes)
        default:
            return nil
        }
    }

    private static func jpegDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = bigEndian16(bytes, index + 2)
            // SOF0...SOF15 hold the frame size, except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (bigEndian16(bytes, index + 7), bigEndian16(bytes, index + 5))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func webpDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 30 else { return nil }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8X": return (littleEndian24(bytes, 24) + 1, littleEndian24(bytes, 27) + 1)
        case "VP8L":
            let bits = littleEndian32(bytes, 21)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8 ": return (littleEndian16(bytes, 26) & 0x3FFF, littleEndian16(bytes, 28) & 0x3FFF)
        default: return nil
        }
    }

    private static func bigEndian32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
    private static func bigEndian16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func littleEndian16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    private static func littleEndian24(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16
    }
    private static func littleEndian32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24
    }
}
