import Foundation

/// Image bytes made in code (FakeGitee has no image library): PNG through a tiny encoder with "stored" deflate
/// blocks (valid zlib without compression), plus small embedded JPEG and animated GIF files.
enum Images {
    /// An RGBA PNG of `width` x `height`, each pixel from `pixel(x, y)`.
    static func png(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity((width * 4 + 1) * height)
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                raw.append(contentsOf: [r, g, b, a])
            }
        }
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = [UInt8]()
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8-bit RGBA, deflate, no filter method extras, no interlace
        appendChunk("IHDR", header, to: &data)
        appendChunk("IDAT", zlibStored(raw), to: &data)
        appendChunk("IEND", [], to: &data)
        return data
    }

    /// A GitHub-style identicon for avatars: a symmetric 5x5 pattern in a colour taken from the seed.
    static func identicon(seed: UInt64, size: Int = 64) -> Data {
        var random = SeededRandom(seed: seed, 77)
        let colour = (UInt8(random.int(40...200)), UInt8(random.int(40...200)), UInt8(random.int(40...200)))
        var cells = [[Bool]](repeating: [Bool](repeating: false, count: 5), count: 5)
        for row in 0..<5 { for column in 0..<3 {
            let on = random.chance(0.5)
            cells[row][column] = on
            cells[row][4 - column] = on
        } }
        let cell = size / 6
        let margin = (size - cell * 5) / 2
        return png(width: size, height: size) { x, y in
            let column = (x - margin) / max(cell, 1), row = (y - margin) / max(cell, 1)
            let inside = x >= margin && y >= margin && column < 5 && row < 5
            return inside && cells[row][column] ? (colour.0, colour.1, colour.2, 255) : (240, 240, 240, 255)
        }
    }

    /// A round logo on a transparent background (shows the viewer's transparency backing); `dark` inverts it.
    static func logo(seed: UInt64, size: Int = 120, dark: Bool = false) -> Data {
        var random = SeededRandom(seed: seed, 91)
        let hue = (UInt8(random.int(30...220)), UInt8(random.int(30...220)), UInt8(random.int(30...220)))
        let centre = Double(size) / 2
        return png(width: size, height: size) { x, y in
            let distance = ((Double(x) - centre) * (Double(x) - centre) + (Double(y) - centre) * (Double(y) - centre)).squareRoot()
            if distance > centre - 2 { return (0, 0, 0, 0) }
            if distance > centre * 0.55 { return dark ? (230, 230, 240, 255) : (hue.0, hue.1, hue.2, 255) }
            let stripe = (x / 6 + y / 6) % 2 == 0
            return dark ? (stripe ? (40, 40, 48, 255) : (hue.0, hue.1, hue.2, 255)) : (stripe ? (255, 255, 255, 255) : (hue.0 / 2, hue.1 / 2, hue.2 / 2, 255))
        }
    }

    /// A badge like shields.io's, as SVG text (README badges).
    static func badgeSVG(label: String, value: String, colour: String) -> String {
        let labelWidth = 6 * label.count + 10, valueWidth = 6 * value.count + 10
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(labelWidth + valueWidth)" height="20" role="img" aria-label="\(label): \(value)">
          <rect width="\(labelWidth)" height="20" fill="#555"/>
          <rect x="\(labelWidth)" width="\(valueWidth)" height="20" fill="\(colour)"/>
          <g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
            <text x="5" y="14">\(label)</text><text x="\(labelWidth + 5)" y="14">\(value)</text>
          </g>
        </svg>
        """
    }

    /// A vector icon (SVG) for the tree's image files.
    static let iconSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
      <circle cx="32" cy="32" r="30" fill="#c71d23"/>
      <path d="M18 34h28M32 18v28" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
    </svg>
    """

    /// 24x24 baseline JPEG (an orange-to-purple gradient), made once with ImageMagick.
    static let jpeg = Data(base64Encoded: """
    /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYn
    KSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo
    KCgoKCgoKCj/wAARCAAYABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAWEAEBAQAAAAAAAAAAAAAAAAAAFWL/
    xAAXAQEBAQEAAAAAAAAAAAAAAAAABwIG/8QAGhEBAAEFAAAAAAAAAAAAAAAAAAMRFBVRYf/aAAwDAQACEQMRAD8ApKeinpD1NFTT
    g8BxQarinoQ9TQYDhVD09FPQK9ZxaYKegCzi0P/Z
    """, options: .ignoreUnknownCharacters) ?? Data()

    /// 16x16 animated GIF, three frames (red, green, blue), looping forever.
    static let animatedGIF = Data(base64Encoded: """
    R0lGODlhEAAQAPAAAP8AAAAAACH5BAAUAAAAIf8LTkVUU0NBUEUyLjADAQAAACwAAAAAEAAQAAACDoSPqcvtD6OctNqLsz4FACH5
    BAAUAAAALAAAAAAQABAAgACAAAAAAAIOhI+py+0Po5y02ouzPgUAIfkEABQAAAAsAAAAABAAEACAAAD/AAAAAg6Ej6nL7Q+jnLTa
    i7M+BQA7
    """, options: .ignoreUnknownCharacters) ?? Data()

    // MARK: PNG plumbing

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendChunk(_ type: String, _ payload: [UInt8], to data: inout Data) {
        let typeBytes = Array(type.utf8)
        data.append(contentsOf: bigEndian(UInt32(payload.count)))
        data.append(contentsOf: typeBytes)
        data.append(contentsOf: payload)
        data.append(contentsOf: bigEndian(crc32(typeBytes + payload)))
    }

    /// zlib stream of stored (uncompressed) deflate blocks of at most 65,535 bytes.
    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let final: UInt8 = offset + length >= bytes.count ? 1 : 0
            output.append(final)
            output += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            output += bytes[offset..<(offset + length)]
            offset += length
        } while offset < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return output + bigEndian((b << 16) | a)
    }

    private static let crcTable: [UInt32] = (0..<256).map { index -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
