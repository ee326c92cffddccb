import CGtk
import Foundation
@testable import GtkKit
@testable import MayunCore
import XCTest

/// Issue 36 for BMP and GIF: gdk-pixbuf 2.42's loaders of both take the size asked in size-prepared but allocate
/// the full image first (400 MB for a 10000 x 10000 one, whatever size was asked), so `ImageDecoder` decodes their
/// stills itself, straight to the size asked (Sources/CStillScale).
final class ScaledStillTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// 10000 x 10000 in 820 KB of RLE8 runs: top half red, bottom half blue.
    func testAHugeRLEBitmapIsDecodedAtTheSizeAsked() throws {
        let bmp = Self.rleBMP(width: 10000, height: 10000)
        XCTAssertLessThan(bmp.count, 1 << 20)
        let baseline = try PeakResident.resetToNow()
        let image = try ImageDecoder.decode(bmp, size: .within(width: 900, height: 600))
        let peak = try XCTUnwrap(PeakResident.bytes()) - baseline
        XCTAssertEqual([image.width, image.height], [600, 600], "aspect kept, within both bounds")
        XCTAssertEqual(image.byteCost, 600 * 600 * 4)
        XCTAssertLessThan(peak, 32 << 20, "peak RSS grew by \(peak >> 20) MB")
        XCTAssertEqual(DocumentImageBudgetTests.pixel(of: image, x: 300, y: 100), [255, 0, 0, 255])
        XCTAssertEqual(DocumentImageBudgetTests.pixel(of: image, x: 300, y: 500), [0, 0, 255, 255])
    }

    /// A one-pixel frame on a 10000 x 10000 logical screen (a few dozen bytes): gdk-pixbuf composites the first
    /// frame onto a full-screen pixbuf.
    func testAHugeGIFScreenIsDecodedAtTheSizeAsked() throws {
        let gif = ImageBombTests.gif(width: 10000, height: 10000, frames: 1)
        XCTAssertLessThan(gif.count, 100)
        let baseline = try PeakResident.resetToNow()
        let image = try ImageDecoder.decode(gif, size: .within(width: 900, height: 600))
        let thumbnail = try ImageDecoder.decode(gif, size: .thumbnail(48))
        let peak = try XCTUnwrap(PeakResident.bytes()) - baseline
        XCTAssertEqual([image.width, image.height], [600, 600])
        XCTAssertEqual(image.byteCost, 600 * 600 * 4)
        XCTAssertEqual([thumbnail.width, thumbnail.height], [48, 48])
        XCTAssertLessThan(peak, 32 << 20, "peak RSS grew by \(peak >> 20) MB")
    }

    /// Bottom-up and top-down bitmaps come out the right way up, with their colours, as gdk-pixbuf shows them
    /// unscaled.
    func testAScaledBitmapKeepsItsColoursAndItsWayUp() throws {
        for topDown in [false, true] {
            let bmp = Self.plainBMP(width: 400, height: 300, topDown: topDown)
            let image = try ImageDecoder.decode(bmp, size: .within(width: 100, height: 100))
            XCTAssertEqual([image.width, image.height], [100, 75])
            XCTAssertEqual(DocumentImageBudgetTests.pixel(of: image, x: 50, y: 10), [255, 0, 0, 255], "top")
            XCTAssertEqual(DocumentImageBudgetTests.pixel(of: image, x: 50, y: 65), [0, 0, 255, 255], "bottom")
            let full = try ImageDecoder.decode(bmp)
            XCTAssertEqual(full.width, 400, "small enough: gdk-pixbuf's loader, unscaled")
            XCTAssertEqual(DocumentImageBudgetTests.pixel(of: full, x: 200, y: 40), [255, 0, 0, 255])
            XCTAssertEqual(DocumentImageBudgetTests.pixel(of: full, x: 200, y: 260), [0, 0, 255, 255])
        }
    }

    /// Plain and interlaced GIFs (whose rows come in four passes) keep their colours and their rows' places.
    func testAScaledGIFKeepsItsColoursInterlacedOrNot() throws {
        for interlaced in [false, true] {
            let gif = Self.halvesGIF(width: 300, height: 200, interlaced: interlaced)
            let full = try ImageDecoder.decode(gif)
            XCTAssertEqual(DocumentImageBudgetTests.pixel(of: full, x: 150, y: 20), [255, 0, 0, 255], "gdk-pixbuf")
            XCTAssertEqual(DocumentImageBudgetTests.pixel(of: full, x: 150, y: 180), [0, 0, 255, 255], "gdk-pixbuf")
            let image = try ImageDecoder.decode(gif, size: .within(width: 60, height: 60))
            XCTAssertEqual([image.width, image.height], [60, 40])
            XCTAssertFalse(image.isAnimated)
            XCTAssertEqual(DocumentImageBudgetTests.pixel(of: image, x: 30, y: 5), [255, 0, 0, 255], "interlaced: \(interlaced)")
            XCTAssertEqual(DocumentImageBudgetTests.pixel(of: image, x: 30, y: 35), [0, 0, 255, 255], "interlaced: \(interlaced)")
        }
    }

    /// A cut file shows the rows it has, as gdk-pixbuf's loader does (bottom-up: the bottom rows come first); the
    /// rows missing are transparent. A file that is not a BMP at all is unreadable.
    func testACutBitmapShowsTheRowsItHas() throws {
        let bmp = Self.plainBMP(width: 400, height: 300, topDown: false)
        let image = try ImageDecoder.decode(bmp.prefix(bmp.count / 2), size: .within(width: 100, height: 100))
        XCTAssertEqual([image.width, image.height], [100, 75])
        XCTAssertEqual(DocumentImageBudgetTests.pixel(of: image, x: 50, y: 65), [0, 0, 255, 255], "rows present")
        XCTAssertEqual(DocumentImageBudgetTests.pixel(of: image, x: 50, y: 10), [0, 0, 0, 0], "rows missing")
        var unknown = bmp
        unknown.replaceSubrange(14..<18, with: le32(20))  // no BMP header is 20 bytes long
        XCTAssertThrowsError(try ImageDecoder.decode(unknown, size: .within(width: 100, height: 100))) { error in
            guard case .unreadable(let reason) = error as? ImageDecodeError else { return XCTFail("\(error)") }
            XCTAssertEqual(reason, "unknown BMP header")
        }
    }

    // MARK: - Files built here

    /// BITMAPFILEHEADER and a 40-byte BITMAPINFOHEADER.
    private static func bmpHeader(width: Int, height: Int, bits: Int, compression: Int, colors: Int,
                                  pixelBytes: Int) -> Data {
        let offset = 14 + 40 + colors * 4
        var data = Data("BM".utf8) + le32(offset + pixelBytes) + le32(0) + le32(offset)
        data += le32(40) + le32(width) + le32(height) + le16(1) + le16(bits) + le32(compression) + le32(pixelBytes)
        data += le32(2835) + le32(2835) + le32(colors) + le32(0)
        return data
    }

    /// RLE8, palette red and blue, rows bottom-up: each row runs of 255 pixels then an end-of-line.
    static func rleBMP(width: Int, height: Int) -> Data {
        var pixels = Data()
        for fileRow in 0..<height {
            let index: UInt8 = height - 1 - fileRow < height / 2 ? 0 : 1
            var left = width
            while left > 0 {
                let run = min(left, 255)
                pixels += Data([UInt8(run), index])
                left -= run
            }
            pixels += Data([0, 0])
        }
        pixels += Data([0, 1])
        return bmpHeader(width: width, height: height, bits: 8, compression: 1, colors: 2, pixelBytes: pixels.count)
            + Data([0, 0, 255, 0, 255, 0, 0, 0]) + pixels
    }

    /// 24-bit BGR, top half red, bottom half blue; a negative height stores it top-down.
    static func plainBMP(width: Int, height: Int, topDown: Bool) -> Data {
        let rowBytes = (width * 3 + 3) / 4 * 4
        var pixels = Data(capacity: rowBytes * height)
        for fileRow in 0..<height {
            let imageRow = topDown ? fileRow : height - 1 - fileRow
            let bgr: [UInt8] = imageRow < height / 2 ? [0, 0, 255] : [255, 0, 0]
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<width { row.replaceSubrange(x * 3..<x * 3 + 3, with: bgr) }
            pixels += row
        }
        return bmpHeader(width: width, height: topDown ? -height : height, bits: 24, compression: 0, colors: 0,
                         pixelBytes: pixels.count) + pixels
    }

    /// Top half red (index 0), bottom half blue (index 1). The LZW stream uses 8-bit codes (minimum code size 7)
    /// and a clear code every 100 pixels, so every code is one byte and the table never grows past 8 bits.
    static func halvesGIF(width: Int, height: Int, interlaced: Bool) -> Data {
        var data = Data("GIF89a".utf8) + le16(width) + le16(height) + Data([0x86, 0, 0])  // 128-colour table
        var table = [UInt8](repeating: 0, count: 128 * 3)
        table.replaceSubrange(0..<6, with: [255, 0, 0, 0, 0, 255])
        data += table
        data += Data([0x2C]) + le16(0) + le16(0) + le16(width) + le16(height) + Data([interlaced ? 0x40 : 0, 7])
        let order = interlaced
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
            : Array(0..<height)
        var codes: [UInt8] = []
        var sinceClear = 100
        for y in order {
            for _ in 0..<width {
                if sinceClear == 100 { codes.append(128); sinceClear = 0 }
                codes.append(y < height / 2 ? 0 : 1)
                sinceClear += 1
            }
        }
        codes.append(129)
        for start in stride(from: 0, to: codes.count, by: 255) {
            let block = codes[start..<min(start + 255, codes.count)]
            data += Data([UInt8(block.count)]) + Data(block)
        }
        return data + Data([0, 0x3B])
    }
}

private func le16(_ value: Int) -> Data { Data([UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]) }
private func le32(_ value: Int) -> Data {
    let bits = UInt32(bitPattern: Int32(truncatingIfNeeded: value))
    return Data([UInt8(bits & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8((bits >> 16) & 0xFF), UInt8(bits >> 24)])
}
