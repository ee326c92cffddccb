import CSoup
import Foundation

/// Images built to exhaust a viewer's memory (issue 22), for the tests and the benchmark's hostile section: a few
/// hundred bytes or KB each that a careless decoder turns into hundreds of MB.
public enum HostileImages {
    /// A little-endian baseline TIFF header: one strip, no compression, `width` x `height` x RGB.
    public static func tiff(width: UInt32, height: UInt32) -> Data {
        var data = Data("II".utf8) + le16(42) + le32(8)
        let entries: [(UInt16, UInt16, UInt32)] = [
            (256, 4, width), (257, 4, height), (258, 3, 8), (259, 3, 1), (262, 3, 2), (273, 4, 200),
            (277, 3, 3), (278, 4, height), (279, 4, width * 3),
        ]
        data += le16(UInt16(entries.count))
        for (tag, type, value) in entries {
            data += le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(UInt16(value)) + le16(0) : le32(value))
        }
        data += le32(0)
        return data + Data(count: 200 - data.count + 64)
    }

    /// A black `width` x `height` greyscale PNG, deflated by GIO's zlib: a few hundred KB that decode to
    /// width x height x 4. `interlaced` stores it in Adam7's seven passes.
    public static func blankPNG(width: Int, height: Int, interlaced: Bool = false) -> Data? {
        guard let compressor = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 6) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(compressor)) }
        let row = [UInt8](repeating: 0, count: width + 1)  // filter byte 0, then black pixels
        var output = [UInt8](repeating: 0, count: 1 << 20)
        var compressed = Data()
        /// Feeds `input` and keeps what comes out; false on a zlib error.
        func feed(_ input: [UInt8], atEnd: Bool) -> Bool {
            var offset = 0
            while true {
                var read: gsize = 0, written: gsize = 0
                let result = input.withUnsafeBytes { bytes in
                    output.withUnsafeMutableBytes { out in
                        g_converter_convert(compressor, bytes.baseAddress.map { $0 + offset },
                                            gsize(input.count - offset), out.baseAddress, gsize(out.count),
                                            atEnd ? G_CONVERTER_INPUT_AT_END : G_CONVERTER_NO_FLAGS,
                                            &read, &written, nil)
                    }
                }
                guard result != G_CONVERTER_ERROR else { return false }
                offset += Int(read)
                compressed += output.prefix(Int(written))
                if atEnd ? result == G_CONVERTER_FINISHED : offset == input.count { return true }
            }
        }
        // Each row: filter byte 0, then its pixels; an interlaced image has each pass's rows of its columns.
        let passes = interlaced ? adam7 : [(x: 0, y: 0, dx: 1, dy: 1)]
        let rows = passes.map { pass -> (count: Int, length: Int) in
            let columns = width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0
            let count = height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0
            return columns == 0 ? (0, 0) : (count, columns + 1)
        }.filter { $0.count > 0 }
        for (passIndex, pass) in rows.enumerated() {
            for index in 0..<pass.count {
                let last = passIndex == rows.count - 1 && index == pass.count - 1
                guard feed(Array(row.prefix(pass.length)), atEnd: last) else { return nil }
            }
        }
        func chunk(_ type: String, _ body: Data) -> Data {
            let typed = Data(type.utf8) + body
            return be32(UInt32(body.count)) + typed + be32(crc32(typed))
        }
        let header = be32(UInt32(width)) + be32(UInt32(height)) + Data([8, 0, 0, 0, interlaced ? 1 : 0])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + chunk("IHDR", header)
            + chunk("IDAT", compressed) + chunk("IEND", Data())
    }
}

/// Adam7's passes: first column and row, and the steps between them.
private let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
                                                            (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

private func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8)]) }
private func le32(_ value: UInt32) -> Data { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
private func be32(_ value: UInt32) -> Data {
    Data([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
}

private func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

