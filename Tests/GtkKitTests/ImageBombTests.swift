import CGtk
import Foundation
import FakeGitee
@testable import GiteeKit
import GLibRuntime
@testable import MayunCore
@testable import GtkKit
import XCTest

/// Images built to exhaust memory (issue 22): a format whose loader allocates before any size check, a cache of
/// decoded images counted by number, a disk cache trimmed only at launch.
final class ImageBombTests: XCTestCase {
    /// An 11000 x 10000 TIFF of a few hundred bytes: gdk-pixbuf's TIFF loader (libtiff's RGBA reader) allocated
    /// the whole raster (742 MB RSS) before the old size-prepared guard could refuse it.
    func testTheTIFFBombIsRefusedBeforeAnyLoaderAllocates() throws {
        try requireDisplay()
        let tiff = HostileImages.tiff(width: 11000, height: 10000)
        XCTAssertLessThan(tiff.count, 1024)
        XCTAssertNil(ImageFormat.sniff(tiff))
        let before = residentBytes()
        XCTAssertThrowsError(try ImageDecoder.decode(tiff)) { error in
            XCTAssertEqual(error as? ImageDecodeError, .refused(.unsupportedFormat))
        }
        let grown = residentBytes() - before
        XCTAssertLessThan(grown, 32 << 20, "RSS grew by \(grown >> 20) MB")
        XCTAssertEqual(ImageLimits.check(tiff), .unsupportedFormat, "the image page refuses it from the bytes too")
        // Every other format gdk-pixbuf has a loader for and we do not read is refused the same way.
        for head in ["P6\n11000 10000\n255\n", "icns", "\0\0\u{2}\0\0\0\0\0\0\0\0\0"] {
            XCTAssertEqual(ImageLimits.check(Data(head.utf8) + Data(count: 64)), .unsupportedFormat, head)
        }
    }

    /// A PNG that claims one size in its header and is handed to a loader of another format is refused by the
    /// loader of its sniffed format, never decoded by whichever loader gdk-pixbuf would pick.
    func testTheSniffedFormatPicksTheOnlyLoaderAllowed() throws {
        try requireDisplay()
        let png = try XCTUnwrap(MainActor.assumeIsolated { testPNG(width: 3, height: 2) })
        XCTAssertEqual(try ImageDecoder.decode(png).width, 3)
        var broken = png
        broken.replaceSubrange(12..<16, with: Data("IHDX".utf8))
        XCTAssertThrowsError(try ImageDecoder.decode(broken)) { error in
            XCTAssertEqual(error as? ImageDecodeError, .refused(.unknownSize))
        }
        // A badge: SVG still goes through librsvg.
        let svg = Data(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="90" height="20"/>"#.utf8)
        XCTAssertEqual(ImageFormat.sniff(svg), .svg)
        XCTAssertEqual(try ImageDecoder.decode(svg).width, 90)
        XCTAssertNil(ImageFormat.sniff(Data("<html><svg></svg></html>".utf8)), "an HTML page is not an SVG")
    }

    /// Ten 10000 x 10000 PNGs of ~100 KB each: the old cache kept up to 600 images by count (4 GB for these ten).
    /// Each decodes to 400 MB, more than the whole 128 MiB budget, so none is kept, and memory stays within the
    /// budget plus the one image being handed over.
    func testTheTenPNGCacheBombStaysWithinTheBudget() throws {
        try requireDisplay()
        try onMain {
            let png = try XCTUnwrap(HostileImages.blankPNG(width: 10000, height: 10000))
            XCTAssertLessThan(png.count, 1 << 20)
            let loader = ImageLoader(fetch: { _, _ in FetchedImage(data: png, wasAuthenticated: false) },
                                     diskDirectory: nil)
            XCTAssertEqual(loader.memoryBudget, 128 * 1024 * 1024)
            let before = residentBytes()
            var decoded = 0
            for index in 0..<10 {
                var outcome: Result<DecodedImage, ImageDecodeError>?
                loader.image(URL(string: "http://127.0.0.1:9/bomb-\(index).png")!) { outcome = $0 }
                waitUntil("bomb \(index)", timeout: 60) { outcome != nil }
                if case .success(let image) = outcome, image.width == 10000 { decoded += 1 }
                XCTAssertLessThanOrEqual(loader.memoryBytes, loader.memoryBudget)
            }
            XCTAssertEqual(decoded, 10, "each one is shown to whoever asked")
            XCTAssertEqual(loader.cachedImageCount, 0, "none fits the budget, none is kept")
            // The budget, plus the last image, which its task or texture may still hold for a moment (the old cache
            // kept all ten: over 3 GB).
            let grown = residentBytes() - before
            XCTAssertLessThan(grown, loader.memoryBudget + 10000 * 10000 * 4, "RSS grew by \(grown >> 20) MB")
        }
    }

    /// Images that fit are kept by bytes, least recently used evicted first.
    func testTheMemoryCacheEvictsTheLeastRecentlyUsedByBytes() throws {
        try requireDisplay()
        try onMain {
            let png = try XCTUnwrap(testPNG(width: 100, height: 100))  // 40,000 bytes decoded
            let loader = ImageLoader(fetch: { _, _ in FetchedImage(data: png, wasAuthenticated: false) },
                                     diskDirectory: nil, memoryBudget: 100_000)
            let urls = (0..<3).map { URL(string: "http://127.0.0.1:9/\($0).png")! }
            @MainActor func load(_ url: URL) {
                var done = false
                loader.image(url) { _ in done = true }
                waitUntil("\(url)") { done }
            }
            load(urls[0])
            load(urls[1])
            load(urls[0])  // a hit: now the most recently used
            load(urls[2])
            XCTAssertEqual(loader.memoryBytes, 80_000)
            XCTAssertTrue(loader.isCached(urls[0]))
            XCTAssertFalse(loader.isCached(urls[1]), "the least recently used went")
            XCTAssertTrue(loader.isCached(urls[2]))
        }
    }

    func testByteBudgetCache() {
        var cache = ByteBudgetCache<String, Int>(budget: 10)
        cache.insert(1, bytes: 4, for: "a")
        cache.insert(2, bytes: 4, for: "b")
        XCTAssertEqual(cache.value(for: "a"), 1)
        cache.insert(3, bytes: 4, for: "c")
        XCTAssertEqual(cache.keysByAge, ["a", "c"])
        XCTAssertEqual(cache.totalBytes, 8)
        XCTAssertFalse(cache.insert(4, bytes: 11, for: "d"), "larger than the whole budget")
        XCTAssertEqual(cache.keysByAge, ["a", "c"], "and nothing else was evicted for it")
        cache.insert(5, bytes: 10, for: "a")
        XCTAssertEqual(cache.keysByAge, ["a"])
        XCTAssertEqual(cache.totalBytes, 10)
        cache.remove("a")
        XCTAssertEqual(cache.totalBytes, 0)
        XCTAssertEqual(cache.count, 0)
    }

    /// Animations are counted frames x pixels: a GIF over the cap is cut to its first frame, an animated WebP over
    /// it refused, and one under it costs every frame in the cache.
    func testAnimationsAreBoundedByFramesTimesPixels() throws {
        try requireDisplay()
        let small = Self.gif(width: 100, height: 100, frames: 3)
        XCTAssertEqual(ImageHeader.frames(of: small, format: .gif).count, 3)
        let image = try ImageDecoder.decode(small)
        XCTAssertTrue(image.isAnimated)
        XCTAssertEqual(image.byteCost, 100 * 100 * 4 * 3)
        let long = Self.gif(width: 4000, height: 4000, frames: 5)  // 80 million pixels over its frames
        guard case .success(let plan) = ImageLimits.plan(long) else { return XCTFail("a still of it is shown") }
        XCTAssertEqual(plan.frames, 1)
        XCTAssertEqual(ImageHeader.frames(of: plan.bytes, format: .gif).count, 1)
        XCTAssertFalse(try ImageDecoder.decode(long).isAnimated)
        // A frame claiming more than the logical screen counts at its own size.
        let liar = Self.gif(width: 10, height: 10, frames: 1, frameWidth: 20000, frameHeight: 20000)
        XCTAssertEqual(ImageLimits.check(liar), .tooManyPixels(width: 20000, height: 20000))
        var webp = Data("RIFF".utf8) + Data([0, 0, 0, 0]) + Data("WEBPVP8X".utf8) + Data([10, 0, 0, 0, 0x02, 0, 0, 0])
        webp += Data([0x9F, 0x0F, 0x00, 0x9F, 0x0F, 0x00])  // 4000 x 4000 canvas
        for _ in 0..<5 {
            webp += Data("ANMF".utf8) + Data([16, 0, 0, 0]) + Data(count: 6)  // x, y
            webp += Data([0x9F, 0x0F, 0x00, 0x9F, 0x0F, 0x00]) + Data(count: 4)  // 4000 x 4000, duration, flags
        }
        XCTAssertEqual(ImageLimits.check(webp), .tooManyFrames(frames: 5, width: 4000, height: 4000))
    }

    /// BMP's two header layouts: OS/2's 12-byte core header has 16-bit sizes, Windows' 32-bit ones.
    func testBMPSizesFromBothHeaders() {
        var core = Data("BM".utf8) + Data(count: 12) + Data([12, 0, 0, 0]) + Data([0x10, 0x27, 0x11, 0x27])
        core += Data(count: 8)
        XCTAssertEqual(ImageHeader.dimensions(of: core)?.width, 10000)
        XCTAssertEqual(ImageHeader.dimensions(of: core)?.height, 10001)
        XCTAssertEqual(ImageLimits.check(core), .tooManyPixels(width: 10000, height: 10001))
        var info = Data("BM".utf8) + Data(count: 12) + Data([40, 0, 0, 0]) + Data([0x80, 0x02, 0, 0])
        info += Data([0x20, 0xFE, 0xFF, 0xFF]) + Data(count: 8)  // 640 x -480: top-down
        XCTAssertEqual(ImageHeader.dimensions(of: info)?.width, 640)
        XCTAssertEqual(ImageHeader.dimensions(of: info)?.height, 480)
    }

    /// The disk cache stays within its budget while running, least recently used (read or written) removed first.
    func testTheDiskCacheTrimsWhileRunningLeastRecentlyUsedFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-disk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ImageDiskCache(directory: folder, limit: 10_000)
        let urls = (0..<5).map { URL(string: "http://127.0.0.1:9/\($0).png")! }
        for url in urls.prefix(3) { cache.write(Data(count: 3000), for: url) }
        cache.waitForPendingWork()
        let expectation = expectation(description: "read")
        Task { _ = await cache.read(urls[0]); expectation.fulfill() }
        wait(for: [expectation], timeout: 10)
        cache.write(Data(count: 3000), for: urls[3])
        cache.write(Data(count: 3000), for: urls[4])
        cache.waitForPendingWork()
        let kept = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        XCTAssertEqual(kept, Set([urls[0], urls[3], urls[4]].map { cache.path(for: $0).lastPathComponent }),
                       "the read one stays, the two least recently used went")
        let oneFile = Int64(ImageDiskCache.stored(Data(count: 3000), for: urls[0]).count)
        XCTAssertEqual(cache.knownTotal, 3 * oneFile)
        cache.write(Data(count: 20_000), for: urls[1])
        cache.waitForPendingWork()
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path(for: urls[1]).path), "over the whole budget")
    }

    /// Issue 36: a file is named by a 64-bit hash of its URL, so it holds the whole URL and is used only for that URL
    /// (another URL with the same hash, or a file of the old format, is a miss).
    func testTheDiskCacheChecksTheWholeURL() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-disk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ImageDiskCache(directory: folder, limit: 1 << 20)
        let mine = URL(string: "http://127.0.0.1:9/mine.png")!, theirs = URL(string: "http://127.0.0.1:9/theirs.png")!
        cache.write(Data("mine".utf8), for: mine)
        cache.waitForPendingWork()
        // As a hash collision would: the file of `theirs` holds `mine`'s entry; and an old-format file holds bare bytes.
        try FileManager.default.copyItem(at: cache.path(for: mine), to: cache.path(for: theirs))
        let old = URL(string: "http://127.0.0.1:9/old.png")!
        try Data("bare bytes".utf8).write(to: cache.path(for: old))
        let answers = [await cache.read(mine), await cache.read(theirs), await cache.read(old)]
        XCTAssertEqual(answers, [Data("mine".utf8), nil, nil])
    }

    // MARK: - Fixtures

    /// A GIF of `frames` one-pixel-coded frames over a `width` x `height` screen.
    static func gif(width: UInt16, height: UInt16, frames: Int, frameWidth: UInt16? = nil,
                    frameHeight: UInt16? = nil) -> Data {
        var data = Data("GIF89a".utf8) + le16(width) + le16(height) + Data([0x80, 0, 0])
        data += Data([0, 0, 0, 255, 255, 255])  // a two-colour global table
        data += Data([0x21, 0xFF, 11]) + Data("NETSCAPE2.0".utf8) + Data([3, 1, 0, 0, 0])
        for _ in 0..<frames {
            data += Data([0x21, 0xF9, 4, 0, 10, 0, 0, 0])
            data += Data([0x2C]) + le16(0) + le16(0) + le16(frameWidth ?? width) + le16(frameHeight ?? height)
            data += Data([0])  // no local colour table
            data += Data([2, 2, 0x44, 0x01, 0])  // LZW, 3-bit codes: clear (4), pixel 0, end (5)
        }
        return data + Data([0x3B])
    }
}

private func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8)]) }

/// The process's resident memory, from /proc/self/statm.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}
