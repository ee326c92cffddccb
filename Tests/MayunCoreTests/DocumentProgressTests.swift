import Foundation
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// The document read in chunks (issue 14): the first screenful early, the rest after, and all of it exactly the
/// document a whole parse gives.
final class DocumentProgressTests: XCTestCase {
    /// Sections with what READMEs hold, and a centred block and details spanning markdown blocks.
    private static func longReadme(sections: Int) -> String {
        var text = "<div align=\"center\">\n\n# Title\n\n![logo](logo.png)\n\n</div>\n\n"
        for section in 1...sections {
            text += "## Section \(section)\n\nText with **bold** and a [link](docs/\(section).md).\n\n- one\n- two\n\n"
            if section % 10 == 0 { text += "<details><summary>More</summary>\n\nHidden \(section).\n\n</details>\n\n" }
            if section % 7 == 0 { text += "| a | b |\n|---|---|\n| 1 | 2 |\n\n```swift\nlet x = \(section)\n```\n\n" }
        }
        return text + "Loose *closing* words."
    }

    private func parseInChunks(_ text: String, format: DocumentParser.Format = .markdown,
                               budget: ParseBudget? = nil) -> (Document?, [DocumentChunk]) {
        let chunks = Locked<[DocumentChunk]>([])
        let document = DocumentParser.parse(text, format: format, context: readmeContext(), prefersDark: false,
                                            budget: budget) { chunk in chunks.mutate { $0.append(chunk) } }
        return (document, chunks.value)
    }

    func testChunksPutTogetherAreTheWholeDocument() throws {
        let text = Self.longReadme(sections: 600)
        let (progressive, chunks) = parseInChunks(text)
        let document = try XCTUnwrap(progressive)
        XCTAssertEqual(document, DocumentParser.parseMarkdown(text, context: readmeContext()),
                       "reading in chunks changes nothing in the document")
        XCTAssertGreaterThan(chunks.count, 3, "a long document comes in several chunks")
        XCTAssertEqual(chunks.flatMap(\.blocks), document.blocks)
        XCTAssertEqual(chunks.flatMap(\.anchors), document.anchors)
        XCTAssertEqual(chunks[0].blocks.count, HTMLDocumentReader.firstChunkBlocks, "the first chunk is small")
        guard case .aligned(.center, _)? = chunks[0].blocks.first else {
            return XCTFail("the first chunk starts with the first block: \(String(describing: chunks[0].blocks.first))")
        }
        XCTAssertEqual(chunks[0].anchors.first, "title")
        XCTAssertTrue(chunks.dropFirst().dropLast().allSatisfy { $0.blocks.count == HTMLDocumentReader.chunkBlocks })
        XCTAssertEqual(chunks.last?.blocks.last.map { [$0] }.map(plainTextOfBlocks), "Loose closing words.")
    }

    func testACutDocumentEndsWithItsNoteInTheLastChunk() throws {
        let line = "A line of text that repeats until the document is over the size limit.\n\n"
        let text = String(repeating: line, count: DocumentLimits.maxInputBytes / line.utf8.count + 100)
        let (progressive, chunks) = parseInChunks(text)
        let document = try XCTUnwrap(progressive)
        XCTAssertEqual(chunks.flatMap(\.blocks), document.blocks)
        XCTAssertTrue(plainTextOfBlocks(chunks.last?.blocks ?? []).contains("too long to show in full"))
    }

    func testAnHTMLFileWithAnAlignedBodyComesInOneChunk() throws {
        let html = "<html><body align=\"center\">" + String(repeating: "<p>centred</p>", count: 100) + "</body></html>"
        let (progressive, chunks) = parseInChunks(html, format: .html)
        let document = try XCTUnwrap(progressive)
        XCTAssertEqual(chunks.count, 1)
        XCTAssertEqual(chunks.first?.blocks, document.blocks)
        XCTAssertEqual(document, DocumentParser.parseHTML(html, context: readmeContext()))
    }

    func testCancellingMidwayStopsTheChunks() {
        let budget = ParseBudget(.seconds(60))
        let chunks = Locked<Int>(0)
        let document = DocumentParser.parse(Self.longReadme(sections: 600), format: .markdown,
                                            context: readmeContext(), prefersDark: false, budget: budget) { _ in
            chunks.mutate { $0 += 1 }
            budget.cancel()
        }
        XCTAssertNil(document, "a cancelled parse gives no document")
        XCTAssertEqual(chunks.value, 1, "no chunk after the cancellation")
    }

    func testTheServiceDeliversEveryChunkOnTheMainActorBeforeAnswering() async throws {
        let text = Self.longReadme(sections: 300)
        let request = DocumentRequest(text: text, format: .markdown, context: readmeContext(), prefersDark: false)
        let received = ChunkSink()
        let delivery = await DocumentParseService.parse(request) { chunk in received.blocks += chunk.blocks }
        guard case .complete(let document)? = delivery else { return XCTFail("\(String(describing: delivery))") }
        let blocks = await received.blocks
        XCTAssertEqual(blocks, document.blocks)
        XCTAssertEqual(document, DocumentParser.parseMarkdown(text, context: readmeContext()))
    }

    func testAnExpiredProgressiveParseIsReplacedByThePlainText() async throws {
        let request = DocumentRequest(text: Self.longReadme(sections: 300), format: .markdown,
                                      context: readmeContext(), prefersDark: false)
        let delivery = await DocumentParseService.parse(request, allowance: .zero) { _ in }
        guard case .replaced(let fallback)? = delivery else { return XCTFail("\(String(describing: delivery))") }
        XCTAssertEqual(fallback.blocks.first.map { plainTextOfBlocks([$0]) }, DocumentNotes.tooComplex)
    }
}

@MainActor
private final class ChunkSink {
    var blocks: [Block] = []
}

/// A value the parse thread writes and the test reads.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}

private func plainTextOfBlocks(_ blocks: [Block]) -> String {
    blocks.map { block -> String in
        switch block {
        case .paragraph(let inlines): return inlines.plainText
        case .heading(let heading): return heading.content.plainText
        default: return ""
        }
    }.joined(separator: "\n")
}
