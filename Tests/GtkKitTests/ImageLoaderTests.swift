import CGtk
import Foundation
@testable import GiteeKit
import GLibRuntime
@testable import MayunCore
@testable import GtkKit
import XCTest

/// The one loader for remote images: capped downloads, a pixel check before decoding, no disk copy of images fetched
/// with the token, and cancellation when the last row or page that wanted an image goes.
final class ImageLoaderTests: XCTestCase {
    private static let url = URL(string: "http://127.0.0.1:9/a.png")!

    /// A 20000 × 20000 PNG header: a few bytes that would decode to 1.6 GB.
    private static let hugePNG: Data = {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        return png + Data([0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0])
    }()

    @MainActor private static func result(of loader: ImageLoader, _ url: URL) -> Result<DecodedImage, ImageDecodeError>? {
        var outcome: Result<DecodedImage, ImageDecodeError>?
        loader.image(url) { outcome = $0 }
        waitUntil("the image") { outcome != nil }
        return outcome
    }

    /// Issue 36: a page of many images decodes at most two at once (each may be hundreds of MB while decoded).
    func testAtMostTwoImagesAreDecodedAtOnce() throws {
        try requireDisplay()
        try onMain {
            let png = try XCTUnwrap(testPNG(width: 600, height: 400))
            let loader = ImageLoader(fetch: { _, _ in FetchedImage(data: png, wasAuthenticated: false) }, diskDirectory: nil)
            var done = 0
            var tickets: [ImageTicket] = []
            for index in 0..<12 {
                tickets.append(loader.image(URL(string: "http://127.0.0.1:9/\(index).png")!) { result in
                    if case .success = result { done += 1 }
                })
            }
            waitUntil("every image") { done == 12 }
            XCTAssertLessThanOrEqual(loader.decodes.peak, ImageLoader.maxConcurrentDecodes)
            XCTAssertGreaterThan(loader.decodes.peak, 0)
            _ = tickets
        }
    }

    func testHugeImagesAreRefusedFromTheHeaderWithAMessage() throws {
        try requireDisplay()
        onMain {
            var askedCap: Int64?
            let loader = ImageLoader(fetch: { _, cap in
                askedCap = cap
                return FetchedImage(data: Self.hugePNG, wasAuthenticated: false)
            }, diskDirectory: nil)
            let outcome = Self.result(of: loader, Self.url)
            XCTAssertEqual(askedCap, Int64(ImageLimits.maxBytes), "the download is capped")
            guard case .failure(let error) = outcome else { return XCTFail("expected a refusal") }
            XCTAssertEqual(error, .refused(.tooManyPixels(width: 20000, height: 20000)))
            XCTAssertTrue(error.message.contains("20000 × 20000"), error.message)
        }
    }

    func testDownloadsOverTheCapAreRefused() throws {
        try requireDisplay()
        onMain {
            let loader = ImageLoader(fetch: { _, cap in throw GiteeError.badResponse(.tooLarge(limit: cap)) },
                                     diskDirectory: nil)
            guard case .failure(.refused(.tooManyBytes)) = Self.result(of: loader, Self.url) else {
                return XCTFail("expected a size refusal")
            }
        }
    }

    func testImagesFetchedWithTheTokenNeverReachTheDisk() throws {
        try requireDisplay()
        try onMain {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-images-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let png = try XCTUnwrap(testPNG(width: 2, height: 2))
            let privateURL = URL(string: "http://127.0.0.1:9/api/v5/repos/me/private/raw/a.png")!
            let loader = ImageLoader(fetch: { url, _ in
                FetchedImage(data: png, wasAuthenticated: url == privateURL)
            }, diskDirectory: folder)
            guard case .success = Self.result(of: loader, privateURL) else { return XCTFail("private image") }
            guard case .success = Self.result(of: loader, Self.url) else { return XCTFail("public image") }
            let publicFile = ImageDiskCache(directory: folder, limit: 1 << 20).path(for: Self.url)
            waitUntil("the public image is on disk") {
                (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) == [publicFile.lastPathComponent]
            }
            XCTAssertEqual(ImageDiskCache.bytes(in: try Data(contentsOf: publicFile), for: Self.url), png)
        }
    }

    /// Avatars in rows: decoded once per URL at the size drawn, one texture shared by every row, one download.
    func testAvatarThumbnailsAreDecodedSmallOnceAndShared() throws {
        try requireDisplay()
        try onMain {
            let png = try XCTUnwrap(testPNG(width: 400, height: 200))
            let loader = ImageLoader(fetch: { _, _ in FetchedImage(data: png, wasAuthenticated: false) },
                                     diskDirectory: nil)
            var first: UnsafeMutableRawPointer?
            loader.load(Self.url, fit: 40) { first = $0 }
            waitUntil("the thumbnail") { first != nil }
            let texture = try XCTUnwrap(first)
            XCTAssertEqual(gdk_texture_get_width(OpaquePointer(texture)), 40, "scaled to fit 40 px, aspect kept")
            XCTAssertEqual(gdk_texture_get_height(OpaquePointer(texture)), 20)
            var second: UnsafeMutableRawPointer?
            loader.load(Self.url, fit: 40) { second = $0 }
            XCTAssertEqual(second, texture, "a second row gets the same texture, synchronously")
            XCTAssertTrue(loader.isCached(Self.url, fit: 40))
            XCTAssertFalse(loader.isCached(Self.url), "the full-size image is a separate entry")
            XCTAssertEqual(loader.networkFetches, 1)
            var full: UnsafeMutableRawPointer?
            loader.load(Self.url) { full = $0 }
            waitUntil("the full-size image") { full != nil }
            XCTAssertEqual(gdk_texture_get_width(OpaquePointer(full)), 400)
        }
    }

    func testTheLastTicketCancelledCancelsTheDownload() throws {
        try requireDisplay()
        onMain {
            var cancelled = false
            let loader = ImageLoader(fetch: { _, _ in
                do { try await Task.sleep(nanoseconds: 30_000_000_000) } catch { cancelled = true; throw error }
                return FetchedImage(data: Data(), wasAuthenticated: false)
            }, diskDirectory: nil)
            let first = loader.load(Self.url) { _ in }
            let second = loader.load(Self.url) { _ in }
            waitUntil("the download started") { loader.networkFetches == 1 }
            first.cancel()
            Self.drain()
            XCTAssertFalse(cancelled, "another row still wants it")
            second.cancel()
            waitUntil("the download is cancelled") { cancelled }
            XCTAssertFalse(loader.isLoading(Self.url))
        }
    }

    /// A document's image (README, issue): when the page goes, the task awaiting the image is cancelled, and so is
    /// the download.
    func testLeavingThePageCancelsADocumentImage() throws {
        try requireDisplay()
        onMain {
            var cancelled = false
            let loader = ImageLoader(fetch: { _, _ in
                do { try await Task.sleep(nanoseconds: 30_000_000_000) } catch { cancelled = true; throw error }
                return FetchedImage(data: Data(), wasAuthenticated: false)
            }, diskDirectory: nil)
            let adapter = SharedImageLoaderAdapter(loader)
            var ended: Error?
            let task = Task { @MainActor in
                do { _ = try await adapter.image(for: Self.url) } catch { ended = error }
            }
            waitUntil("the download started") { loader.networkFetches == 1 }
            task.cancel()
            waitUntil("the download is cancelled") { cancelled }
            waitUntil("the page's task ends") { ended != nil }
            XCTAssertTrue(ended is CancellationError, "\(String(describing: ended))")
        }
    }

    @MainActor private static func drain() {
        for _ in 0..<20 { while g_main_context_iteration(nil, 0) != 0 {} }
    }
}
