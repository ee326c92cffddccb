import CGtk
import FakeGitee
import Foundation
import GLibRuntime
@testable import GiteeKit
@testable import GtkKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// Issue 36: a page's images are decoded at the size they are drawn (a 10000 x 10000 PNG in a README is its box's
/// pixels, not 400 MB), and a page holds at most `PageImageBudget`'s bytes of them; past that it says so.
final class DocumentImageBudgetTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// gdk-pixbuf's PNG loader allocated the full image before scaling (300 MB for this one, whatever size was asked).
    func testAHugePNGIsDecodedRowByRowAtTheSizeAsked() throws {
        let png = try XCTUnwrap(HostileImages.blankPNG(width: 10000, height: 10000))
        XCTAssertLessThan(png.count, 1 << 20)
        let baseline = try PeakResident.resetToNow()
        let image = try ImageDecoder.decode(png, size: .within(width: 900, height: 600))
        let peak = try XCTUnwrap(PeakResident.bytes()) - baseline
        XCTAssertEqual([image.width, image.height], [600, 600], "aspect kept, within both bounds")
        XCTAssertEqual(image.byteCost, 600 * 600 * 4)
        XCTAssertLessThan(peak, 32 << 20, "peak RSS grew by \(peak >> 20) MB")

        // Interlaced: sampled from Adam7's last pass (every other row), still within the bounds.
        let interlaced = try XCTUnwrap(HostileImages.blankPNG(width: 10000, height: 10000, interlaced: true))
        let fromPasses = try ImageDecoder.decode(interlaced, size: .within(width: 900, height: 900))
        XCTAssertEqual([fromPasses.width, fromPasses.height], [900, 900])
        let thin = try XCTUnwrap(HostileImages.blankPNG(width: 3000, height: 1, interlaced: true))
        let line = try ImageDecoder.decode(thin, size: .within(width: 300, height: 300))
        XCTAssertEqual([line.width, line.height], [300, 1])
        // Small enough already: decoded as it is.
        XCTAssertEqual(try ImageDecoder.decode(thin, size: .within(width: 4000, height: 300)).width, 3000)
    }

    /// The scaled picture averages its source: the colour survives, with its alpha.
    func testAScaledPNGKeepsItsColours() throws {
        let png = try XCTUnwrap(MainActor.assumeIsolated { testPNG(width: 1000, height: 500, rgba: [10, 200, 30, 255]) })
        let image = try ImageDecoder.decode(png, size: .within(width: 100, height: 100))
        XCTAssertEqual([image.width, image.height], [100, 50])
        XCTAssertEqual(Self.pixel(of: image, x: 50, y: 25), [10, 200, 30, 255])
        let clear = try XCTUnwrap(MainActor.assumeIsolated { testPNG(width: 400, height: 400, rgba: [0, 0, 255, 128]) })
        let scaledClear = try ImageDecoder.decode(clear, size: .within(width: 40, height: 40))
        XCTAssertEqual(Self.pixel(of: scaledClear, x: 3, y: 3), [0, 0, 255, 128])
    }

    /// Animations keep their frames (and size) in a document's box; an avatar's thumbnail is a scaled still.
    func testAnAnimationStaysAnimated() throws {
        let gif = ImageBombTests.gif(width: 100, height: 100, frames: 3)
        let inBox = try ImageDecoder.decode(gif, size: .within(width: 10, height: 10))
        XCTAssertTrue(inBox.isAnimated)
        XCTAssertEqual(inBox.width, 100)
        let thumbnail = try ImageDecoder.decode(gif, size: .thumbnail(10))
        XCTAssertFalse(thumbnail.isAnimated)
        XCTAssertEqual(thumbnail.width, 10)
    }

    /// The proof: a README of ten 10000 x 10000 PNGs (~300 KB each) through the app's `ImageLoader` stays
    /// far under 400 MB. Before, each decoded to 300-400 MB, two at a time.
    func testAReadmeOfTenHugePNGsStaysUnder400MB() throws {
        try onMain {
            let png = try XCTUnwrap(HostileImages.blankPNG(width: 10000, height: 10000))
            let loader = ImageLoader(fetch: { _, _ in FetchedImage(data: png, wasAuthenticated: false) },
                                     diskDirectory: nil)
            let markdown = (0..<10).map { "![shot \($0)](docs/huge-\($0).png)" }.joined(separator: "\n\n")
            let baseline = try PeakResident.resetToNow()
            let (view, window) = present(markdown, loader: SharedImageLoaderAdapter(loader))
            defer { gtk_window_destroy(typed(window)) }
            let slots = view.content.allImageSlots
            XCTAssertEqual(slots.count, 10)
            waitUntil("the ten images decoded", timeout: 180) { slots.allSatisfy { $0.state != .loading } }
            XCTAssertEqual(slots.map(\.state), Array(repeating: .shown, count: 10))
            XCTAssertEqual(loader.networkFetches, 10)
            // Each within its 480 x 270 box (no size given) times the scale factor: 270 x 270 at scale 1.
            let scale = DisplayScale.largest
            let eachAtMost = 270 * 270 * 4 * scale * scale
            XCTAssertLessThanOrEqual(view.imageBudget.heldBytes, 10 * eachAtMost)
            XCTAssertGreaterThan(view.imageBudget.heldBytes, 0)
            let peak = try XCTUnwrap(PeakResident.bytes()) - baseline
            print("ten 10000 x 10000 PNGs: page holds \(view.imageBudget.heldBytes) bytes, peak RSS +\(peak >> 20) MB")
            XCTAssertLessThan(peak, 400 << 20, "peak RSS grew by \(peak >> 20) MB")
            // One full-size decode alone is 300 MB: this fails if any of them is decoded whole.
            XCTAssertLessThan(peak, 200 << 20, "peak RSS grew by \(peak >> 20) MB")
        }
    }

    /// Past the page's budget an image is neither fetched nor decoded: its place says why, and a new document
    /// gives the budget back.
    func testPastThePageBudgetImagesSayWhyInsteadOfDecoding() throws {
        try onMain {
            let scale = DisplayScale.largest
            // Exactly the unsized block box (480 x 270) at the display's scale: reserved and held the same.
            let png = try XCTUnwrap(testPNG(width: 480 * scale, height: 270 * scale))
            let oneImage = 480 * 270 * 4 * scale * scale
            let loader = BytesImageLoader { _ in png }
            let budget = PageImageBudget(limit: oneImage * 5 / 2)
            let markdown = (0..<5).map { "![shot \($0)](docs/shot-\($0).png)" }.joined(separator: "\n\n")
            let (view, window) = present(markdown, loader: loader, budget: budget)
            defer { gtk_window_destroy(typed(window)) }
            let slots = view.content.allImageSlots
            waitUntil("images settle") { slots.allSatisfy { $0.state != .loading } }
            XCTAssertEqual(slots.map(\.state), [.shown, .shown, .overBudget, .overBudget, .overBudget])
            XCTAssertEqual(loader.requestedURLs.count, 2, "the others were not even fetched")
            XCTAssertEqual(budget.heldBytes, 2 * oneImage)
            XCTAssertEqual(budget.refusedCount, 3)
            let megabytes = Int((Double(2 * oneImage) / 1_048_576).rounded())
            let message = "Image not shown: this page already shows \(megabytes) MB of images."
            XCTAssertEqual(visibleLabelTexts(in: view.root).filter { $0 == message }.count, 3,
                           "\(visibleLabelTexts(in: view.root))")
            view.show(DocumentParser.parseMarkdown("no images now", context: context))
            waitUntil("rendered again") { view.isRendered }
            XCTAssertEqual(budget.heldBytes, 0, "the cleared document's images gave their bytes back")
        }
    }

    func testThePageBudgetNeverHoldsMoreThanItsLimit() {
        MainActor.assumeIsolated {
            let budget = PageImageBudget(limit: 100)
            XCTAssertTrue(budget.reserve(60))
            XCTAssertFalse(budget.reserve(41), "would pass the limit")
            XCTAssertTrue(budget.reserve(40))
            XCTAssertFalse(budget.settle(reserved: 40, actual: 50), "an animation larger than its box")
            XCTAssertEqual(budget.heldBytes, 60, "its reservation is dropped")
            budget.release(60)
            XCTAssertEqual(budget.heldBytes, 0)
            XCTAssertEqual(PageImageBudget.defaultLimit, 96 << 20)
        }
    }

    func testDecodeSizeScalesDownOnly() {
        XCTAssertNil(DecodeSize.within(width: 900, height: 900).scaled(width: 800, height: 600))
        XCTAssertEqual(DecodeSize.within(width: 900, height: 900).scaled(width: 1800, height: 600)!.width, 900)
        XCTAssertEqual(DecodeSize.within(width: 900, height: 900).scaled(width: 1800, height: 600)!.height, 300)
        XCTAssertEqual(DecodeSize.within(width: 900, height: 100).scaled(width: 1000, height: 1000)!.width, 100)
        XCTAssertNil(DecodeSize.full.scaled(width: 100_000, height: 1000))
        XCTAssertEqual(DecodeSize.thumbnail(0), .full)
    }

    // MARK: - Helpers

    /// The RGBA bytes of one pixel of the image's texture (downloaded as premultiplied BGRA, little-endian).
    static func pixel(of image: DecodedImage, x: Int, y: Int) -> [UInt8] {
        let stride = image.width * 4
        var bytes = [UInt8](repeating: 0, count: stride * image.height)
        bytes.withUnsafeMutableBytes { buffer in
            gdk_texture_download(OpaquePointer(image.texturePointer),
                                 buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), gsize(stride))
        }
        let offset = y * stride + x * 4
        let alpha = Int(bytes[offset + 3])
        func straight(_ value: UInt8) -> UInt8 {
            alpha == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + alpha / 2) / alpha))
        }
        return [straight(bytes[offset + 2]), straight(bytes[offset + 1]), straight(bytes[offset]), UInt8(alpha)]
    }
}

private let context = DocumentContext(repository: RepositoryID(owner: "mayun", name: "desktop"), ref: "master",
                                      folder: "", server: URL(string: "https://gitee.com")!)

@MainActor
private func present(_ markdown: String, loader: any DocumentImageLoader,
                     budget: PageImageBudget = PageImageBudget()) -> (DocumentView, UnsafeMutablePointer<GtkWidget>) {
    let view = DocumentView(imageLoader: loader, imageBudget: budget)
    let window = gtk_window_new()!
    gtk_window_set_default_size(typed(window), 900, 700)
    gtk_window_set_child(typed(window), view.root)
    gtk_window_present(typed(window))
    view.show(DocumentParser.parseMarkdown(markdown, context: context))
    waitUntil("rendered") { view.isRendered && gtk_widget_get_mapped(view.root) != 0 }
    return (view, window)
}

/// The process's peak resident set (VmHWM), reset through /proc/self/clear_refs so that earlier tests' peaks do not
/// count.
enum PeakResident {
    static func reset() {
        _ = malloc_trim(0)
        guard let file = fopen("/proc/self/clear_refs", "w") else { return }
        fputs("5", file)
        fclose(file)
    }

    /// Resets the peak and checks that it took (else an earlier test's peak would hide this one's): the peak
    /// after, close to the resident set now.
    static func resetToNow(file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        reset()
        let peak = try XCTUnwrap(bytes(), file: file, line: line)
        let resident = try XCTUnwrap(bytes(field: "VmRSS:"), file: file, line: line)
        XCTAssertLessThan(peak - resident, 16 << 20, "the peak was reset", file: file, line: line)
        return peak
    }

    /// nil when /proc says nothing (the assertions then fail rather than pass without measuring).
    static func bytes(field: String = "VmHWM:") -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}

@_silgen_name("malloc_trim") private func malloc_trim(_ pad: Int) -> Int32
