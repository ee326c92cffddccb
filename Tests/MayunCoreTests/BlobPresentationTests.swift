import Foundation
@testable import MayunCore
import XCTest

final class BlobPresentationTests: XCTestCase {
    func testSizePolicy() {
        XCTAssertEqual(BlobPresentation.decide(path: "a.swift", size: 999_999), .highlighted)
        XCTAssertEqual(BlobPresentation.decide(path: "a.swift", size: 1_000_000), .plain)
        XCTAssertEqual(BlobPresentation.decide(path: "a.log", size: 10_000_000), .plain)
        XCTAssertEqual(BlobPresentation.decide(path: "a.log", size: 20_000_000), .tooLarge(size: 20_000_000))
        XCTAssertEqual(BlobPresentation.decide(path: "README.md", size: 5000), .document(.markdown))
        XCTAssertEqual(BlobPresentation.decide(path: "docs/index.HTML", size: 5000), .document(.html))
        XCTAssertEqual(BlobPresentation.decide(path: "huge.md", size: 3_000_000), .plain)
    }

    func testImagesByExtensionAndMagic() {
        XCTAssertEqual(BlobPresentation.decide(path: "logo.PNG", size: 10), .image)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(BlobPresentation.decide(path: "logo", size: 10, head: png), .image)
        XCTAssertEqual(BlobPresentation.decide(path: "big.png", size: 60_000_000),
                       .binary(size: 60_000_000, type: "image/png"))
    }

    func testBinaryByNulBytesOrType() {
        XCTAssertEqual(BlobPresentation.decide(path: "a.dat", size: 3, head: Data([0x41, 0x00, 0x42])),
                       .binary(size: 3, type: "application/octet-stream"))
        XCTAssertEqual(BlobPresentation.decide(path: "a.zip", size: 9, head: Data([0x50, 0x4B, 0x03, 0x04, 0, 0])),
                       .binary(size: 9, type: "application/zip"))
        XCTAssertEqual(BlobPresentation.decide(path: "a.bin", size: 9, contentType: "application/x-msdownload"),
                       .binary(size: 9, type: "application/x-msdownload"))
        XCTAssertEqual(BlobPresentation.decide(path: "a.txt", size: 9, contentType: "text/plain; charset=utf-8",
                                               head: Data("hello".utf8)), .highlighted)
        XCTAssertEqual(BlobPresentation.decide(path: "a.json", size: 9, contentType: "application/json"), .highlighted)
    }

    func testImageHeaderAndGuards() {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        png += Data([0, 0, 0x27, 0x10, 0, 0, 0x27, 0x11])  // 10000 x 10001
        XCTAssertEqual(ImageHeader.dimensions(of: png)?.width, 10_000)
        XCTAssertEqual(ImageHeader.dimensions(of: png)?.height, 10_001)
        XCTAssertEqual(ImageLimits.check(png), .tooManyPixels(width: 10_000, height: 10_001))
        XCTAssertNil(ImageLimits.check(width: 10_000, height: 10_000))
        let gif = Data("GIF89a".utf8) + Data([0x40, 0x01, 0xF0, 0x00])
        XCTAssertEqual(ImageHeader.dimensions(of: gif)?.width, 320)
        XCTAssertEqual(ImageHeader.dimensions(of: gif)?.height, 240)
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0,
                         0x02, 0x80, 0x03])
        XCTAssertEqual(ImageHeader.dimensions(of: jpeg)?.width, 640)
        XCTAssertEqual(ImageHeader.dimensions(of: jpeg)?.height, 480)
        XCTAssertEqual(ImageLimits.check(Data(count: ImageLimits.maxBytes + 1)), .tooManyBytes(ImageLimits.maxBytes + 1))
        XCTAssertTrue(ImageLimits.Refusal.tooManyPixels(width: 20_000, height: 20_000).message.contains("20000 × 20000"))
    }

    func testByteSizes() {
        XCTAssertEqual(ByteSize.format(512), "512 bytes")
        XCTAssertEqual(ByteSize.format(1536), "1.5 KB")
        XCTAssertEqual(ByteSize.format(20 * 1024 * 1024), "20.0 MB")
    }
}
