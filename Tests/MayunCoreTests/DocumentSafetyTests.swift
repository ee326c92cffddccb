import Foundation
@testable import MayunCore
@testable import MayunDocument
import XCTest

final class DocumentSafetyTests: XCTestCase {
    func testScriptsFormsAndDangerousLinksAreNeutralised() throws {
        let document = DocumentParser.parseMarkdown(try fixture("hostile.md"), context: readmeContext())
        let text = plainText(of: document)
        for dropped in ["alert(\"owned\")", "display: none", "password", "Send", "typed"] {
            XCTAssertFalse(text.contains(dropped), "\(dropped) is dropped")
        }
        XCTAssertTrue(text.contains("Safe text after all that."))
        let found = links(in: document)
        let blocked = found.filter { !$0.link.target.isFollowable }.map(\.text)
        XCTAssertEqual(blocked, ["click me", "again", "data link", "file", "vb", "weird", "html js link"])
        // A tab inside a destination makes cmark-gfm read `[tabbed](java	script:...)` as plain text, not a link.
        XCTAssertFalse(found.contains { $0.text == "tabbed" })
        XCTAssertTrue(found.allSatisfy { !$0.link.target.isFollowable }, "nothing in this file may be followed")
        XCTAssertTrue(found[0].link.hint.contains("javascript:alert(1)"), "the hint says what was blocked")
        let jsImage = images(in: document).first { $0.alt == "js image" }
        XCTAssertNotNil(jsImage)
        XCTAssertNil(jsImage?.source, "a javascript: image has no source")
    }

    func testTenThousandNestedQuotesListsAndElementsDoNotOverflow() {
        let quotes = String(repeating: "> ", count: 10_000) + "deep quote"
        let lists = String(repeating: "- ", count: 10_000) + "deep item\n" + String(repeating: "1. ", count: 10_000) + "x"
        let html = String(repeating: "<div><span><b>", count: 10_000) + "deep html"
            + String(repeating: "</b></span></div>", count: 10_000)
        let emphasis = String(repeating: "*a ", count: 10_000) + String(repeating: " b*", count: 10_000)
        for (name, markdown) in [("quotes", quotes), ("lists", lists), ("html", html), ("emphasis", emphasis)] {
            let start = Date()
            let document = DocumentParser.parseMarkdown(markdown, context: readmeContext())
            XCTAssertFalse(document.blocks.isEmpty, name)
            XCTAssertLessThanOrEqual(depth(of: document.blocks), DocumentLimits.maxDepth + 2, name)
            XCTAssertLessThan(Date().timeIntervalSince(start), 10, "\(name) parses in reasonable time")
        }
        let deepQuote = DocumentParser.parseMarkdown(quotes, context: readmeContext())
        XCTAssertTrue(plainText(of: deepQuote).contains("deep quote"), "text past the depth limit is kept")
        let deepHTML = DocumentParser.parseHTML(html, context: readmeContext())
        XCTAssertTrue(plainText(of: deepHTML).contains("deep html"))
    }

    func testEmptyAndBinaryGarbage() {
        XCTAssertEqual(DocumentParser.parseMarkdown("", context: readmeContext()).blocks, [])
        let garbage = String(decoding: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }, as: UTF8.self)
        _ = DocumentParser.parseMarkdown(garbage, context: readmeContext())
        _ = DocumentParser.parseHTML(garbage, context: readmeContext())
    }

    private func depth(of blocks: [Block]) -> Int {
        var deepest = 0
        var stack: [([Block], Int)] = [(blocks, 1)]
        while let (level, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for block in level {
                switch block {
                case .quote(let children), .aligned(_, let children): stack.append((children, depth + 1))
                case .details(let details): stack.append((details.blocks, depth + 1))
                case .list(let list): stack += list.items.map { ($0.blocks, depth + 1) }
                default: break
                }
            }
        }
        return deepest
    }
}
