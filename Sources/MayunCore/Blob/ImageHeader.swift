import Foundation

/// The image view's guards: files this large are not decoded (a clear message instead).
public enum ImageLimits {
    public static let maxPixels = 100_000_000
    public static let maxBytes = 50 * 1024 * 1024

    public enum Refusal: Equatable, Sendable, Error {
        case tooManyBytes(Int)
        case tooManyPixels(width: Int, height: Int)

        public var message: String {
            switch self {
            case .tooManyBytes(let bytes):
                return tr("This image is too large to show (%@; the limit is 50 MB).")
                    .replacingOccurrences(of: "%@", with: ByteSize.format(bytes))
            case .tooManyPixels(let width, let height):
                return tr("This image is too large to show (%@ pixels; the limit is 100 megapixels).")
                    .replacingOccurrences(of: "%@", with: "\(width) × \(height)")
            }
        }
    }

    /// Checks the byte count, then the dimensions read from the header (when the format is one we can read).
    public static func check(_ data: Data) -> Refusal? {
        if data.count > maxBytes { return .tooManyBytes(data.count) }
        if let size = ImageHeader.dimensions(of: data) { return check(width: size.width, height: size.height) }
        return nil
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
        case "image/png" where bytes.count >= 24:
            return (bigEndian32(bytes, 16), bigEndian32(bytes, 20))
        case "image/gif" where bytes.count >= 10:
            return (littleEndian16(bytes, 6), littleEndian16(bytes, 8))
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
