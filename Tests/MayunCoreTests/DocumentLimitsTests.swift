import FakeGitee
import Foundation
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// Each `DocumentLimits` limit, on the hostile READMEs FakeGitee serves (Sources/FakeGitee/Content/HostileReadmes.swift).
final class DocumentLimitsTests: XCTestCase {
    func testListStartNearInt64IsClampedAndItemNumbersSaturate() {
        let document = DocumentParser.parseMarkdown(HostileReadme.intOverflow.text, context: readmeContext())
        let starts = allBlocks(document.blocks).compactMap { block -> Int? in
            if case .list(let list) = block, list.ordered { return list.start }
            return nil
        }
        XCTAssertTrue(starts.contains(DocumentLimits.listStartRange.upperBound), "\(starts)")
        XCTAssertTrue(starts.contains(DocumentLimits.listStartRange.lowerBound), "\(starts)")
        XCTAssertTrue(starts.allSatisfy(DocumentLimits.listStartRange.contains), "\(starts)")
        XCTAssertEqual(DocumentLimits.listStart("9223372036854775807"), 1_000_000_000)
        XCTAssertEqual(DocumentLimits.listStart(" -9223372036854775808 "), -1_000_000_000)
        XCTAssertEqual(DocumentLimits.listStart("000000000000000000000042"), 42)
        XCTAssertNil(DocumentLimits.listStart("ten"))
        XCTAssertEqual(DocumentLimits.itemNumber(start: Int.max, index: 3), Int.max)
        XCTAssertEqual(DocumentLimits.itemNumber(start: Int.min, index: -1), Int.min)
        XCTAssertEqual(DocumentLimits.itemNumber(start: 7, index: 2), 9)
        XCTAssertTrue(plainText(of: document).contains("After the numbers."))
    }

    func testHundredThousandNestedHTMLListsAreFlattenedNotDropped() {
        let document = DocumentParser.parseHTML(HostileReadme.nestedLists.text, context: readmeContext())
        XCTAssertLessThanOrEqual(DocumentNesting.depth(of: document.blocks), DocumentNesting.limit)
        let text = plainText(of: document)
        XCTAssertTrue(text.contains("the bottom"), "text past the depth limit is still shown")
        XCTAssertTrue(text.contains("After the lists."))
    }

    func testHundredThousandNestedMarkdownListsAndQuotes() {
        let document = DocumentParser.parseMarkdown(HostileReadme.nestedMarkdown.text, context: readmeContext())
        XCTAssertLessThanOrEqual(DocumentNesting.depth(of: document.blocks), DocumentNesting.limit)
        let text = plainText(of: document)
        for expected in ["deep item", "deep quote", "deep number", "After the nesting."] {
            XCTAssertTrue(text.contains(expected), expected)
        }
    }

    func testDeepBlockquotesInHTML() {
        let html = String(repeating: "<blockquote>", count: 35_000) + "deepest" + String(repeating: "</blockquote>", count: 35_000)
        let document = DocumentParser.parseHTML(html, context: readmeContext())
        XCTAssertLessThanOrEqual(DocumentNesting.depth(of: document.blocks), DocumentNesting.limit)
        XCTAssertTrue(plainText(of: document).contains("deepest"))
    }

    func testHugeTableIsCappedByRowsTimesColumns() throws {
        let document = DocumentParser.parseMarkdown(HostileReadme.table.text, context: readmeContext())
        let table = try XCTUnwrap(allBlocks(document.blocks).lazy.compactMap { block -> Table? in
            if case .table(let table) = block { return table }
            return nil
        }.first)
        XCTAssertEqual(table.columnCount, 64)
        XCTAssertLessThanOrEqual(table.rows.count * table.columnCount, DocumentLimits.maxTableCells)
        XCTAssertEqual(table.rows.count + table.omittedRows, 3_500, "every row is either shown or counted")
        XCTAssertTrue(plainText(of: document).contains("After the table."))
    }

    func testOverlongLinksKeepTheirTextButLoseTheAddress() {
        let long = "https://example.com/" + String(repeating: "a", count: DocumentLimits.maxLinkLength)
        let markdown = "[long one](\(long)) and [short one](https://example.com/ok) ![pic](\(long).png)"
        let document = DocumentParser.parseMarkdown(markdown, context: readmeContext())
        XCTAssertEqual(links(in: document).map(\.text), ["short one"])
        XCTAssertTrue(plainText(of: document).contains("long one"))
        XCTAssertEqual(images(in: document).map(\.source), [nil], "an over-long image source is not fetched")
    }

    func testInputPastTheSizeLimitIsCutWithANote() throws {
        let text = HostileReadme.plain2MB.text
        XCTAssertGreaterThan(text.utf8.count, DocumentLimits.maxInputBytes)
        let document = DocumentParser.parseMarkdown(text, context: readmeContext())
        let shown = plainText(of: document)
        XCTAssertLessThanOrEqual(shown.utf8.count, DocumentLimits.maxInputBytes + 1_000)
        XCTAssertTrue(shown.contains("too long to show in full"), "the cut is announced")
        let (kept, omitted) = DocumentLimits.truncate("aé" + String(repeating: "é", count: 10), limit: 4)
        XCTAssertEqual(kept, "aé", "cut on a character boundary")
        XCTAssertEqual(omitted, 20)
    }

    func testDeepDocumentsCompareAndFreeWithinTheLimit() {
        // Built by hand (not by the parser), deeper than the limit: `Document.init` bounds it.
        var block = Block.paragraph([.text("core")])
        var inline = Inline.text("x")
        for _ in 0..<2_000 {
            block = .quote([block])
            inline = .emphasis([inline])
        }
        let deep = Document(blocks: [block, .paragraph([inline])])
        XCTAssertLessThanOrEqual(DocumentNesting.depth(of: deep.blocks), DocumentNesting.limit)
        XCTAssertTrue(plainText(of: deep).contains("core"), "flattened, not dropped")
        let again = Document(blocks: [block, .paragraph([inline])])
        XCTAssertEqual(deep, again)
        // Parsed deep documents compare and are freed too (a crash here would be a stack overflow).
        var parsed: Document? = DocumentParser.parseHTML(HostileReadme.nestedLists.text, context: readmeContext())
        let twin = DocumentParser.parseHTML(HostileReadme.nestedLists.text, context: readmeContext())
        XCTAssertEqual(parsed, twin)
        parsed = nil
        XCTAssertNil(parsed)
    }

    func testEveryHostileReadmeParsesWithinTheBudgetOrFallsBackToPlainText() async throws {
        for kind in HostileReadme.allCases {
            let request = DocumentRequest(text: kind.text, format: .markdown, context: readmeContext(), prefersDark: false)
            let start = ContinuousClock.now
            let document = try await XCTUnwrapAsync(await DocumentParseService.parse(request))
            let elapsed = ContinuousClock.now - start
            XCTAssertLessThan(elapsed, DocumentLimits.parseBudget + .milliseconds(500), "\(kind): answered in time")
            XCTAssertFalse(document.blocks.isEmpty, "\(kind) shows something")
        }
    }

    func testAnExpiredBudgetShowsThePlainTextWithANote() async throws {
        let request = DocumentRequest(text: HostileReadme.nestedMarkdown.text, format: .markdown,
                                      context: readmeContext(), prefersDark: false)
        let document = try await XCTUnwrapAsync(await DocumentParseService.parse(request, allowance: .zero))
        guard case .paragraph(let first)? = document.blocks.first else { return XCTFail("a note comes first") }
        XCTAssertEqual(first.plainText, DocumentNotes.tooComplex)
        XCTAssertTrue(plainText(of: document).contains("- - - deep item"), "the text itself, unformatted")
        XCTAssertNil(DocumentParser.parse("# x", format: .markdown, context: readmeContext(), prefersDark: false,
                                          budget: ParseBudget(.zero)), "the parser gives up on a spent budget")
    }

    func testCancellationStopsTheParse() async {
        let budget = ParseBudget(.seconds(60))
        budget.cancel()
        let request = DocumentRequest(text: HostileReadme.nestedLists.text, format: .html, context: readmeContext(),
                                      prefersDark: false)
        let result = await DocumentParseService.parse(request, budget: budget, allowance: .seconds(60))
        XCTAssertNil(result, "a cancelled parse delivers nothing")

        let task = Task { await DocumentParseService.parse(request, allowance: .seconds(60)) }
        task.cancel()
        let cancelled = await task.value
        XCTAssertNil(cancelled, "cancelling the calling task cancels the parse")
    }

    @MainActor
    func testParsesOwnedByAPageAreCancelledWhenItGoes() async {
        var parses: DocumentParses? = DocumentParses()
        var delivered: [Document] = []
        let request = DocumentRequest(text: "# Hello", format: .markdown, context: readmeContext(), prefersDark: false)
        parses?.parse(request) { delivered.append($0) }
        XCTAssertEqual(parses?.isParsing, true)
        parses = nil
        // A second, live owner delivers: once it has, the first one had every chance to deliver too.
        let live = DocumentParses()
        await withCheckedContinuation { continuation in
            live.parse(request) { delivered.append($0); continuation.resume() }
        }
        XCTAssertEqual(delivered.count, 1, "only the live owner's parse was delivered")
        XCTAssertFalse(live.isParsing)
    }
}

func XCTUnwrapAsync<T>(_ value: @autoclosure () async throws -> T?, file: StaticString = #filePath,
                       line: UInt = #line) async throws -> T {
    let unwrapped = try await value()
    return try XCTUnwrap(unwrapped, file: file, line: line)
}

final class MarkdownNestingTests: XCTestCase {
    func testLinesNestedPastTheLimitAreEscapedAndKeepTheirText() {
        let limit = MarkdownNesting.maxMarkers
        XCTAssertEqual(MarkdownNesting.limit("> > quote\n- item\n1. one\nplain"), "> > quote\n- item\n1. one\nplain",
                       "ordinary markdown is untouched")
        let deep = String(repeating: "> ", count: limit + 5) + "x"
        let escaped = MarkdownNesting.limit(deep)
        XCTAssertEqual(escaped, String(repeating: "> ", count: limit) + "\\" + String(repeating: "> ", count: 5) + "x")
        let numbered = MarkdownNesting.limit(String(repeating: "12. ", count: limit + 1) + "y")
        XCTAssertTrue(numbered.hasSuffix("12\\. y"), numbered)
        let document = DocumentParser.parseMarkdown(deep, context: readmeContext())
        XCTAssertTrue(plainText(of: document).contains("x"))
    }
}
