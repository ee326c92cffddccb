@testable import MayunCore
import XCTest

final class DiffParserTests: XCTestCase {
    func testHunksLinesNumbersAndCounts() {
        let patch = """
            diff --git a/a.txt b/a.txt
            index 1..2 100644
            --- a/a.txt
            +++ b/a.txt
            @@ -10,4 +10,5 @@ func main()
             keep
            -old one
            -old two
            +new one
            +new two
            +new three
             tail
            @@ -40 +41,0 @@
            -gone
            \\ No newline at end of file

            """
        let parsed = DiffParser.parse(patch)
        XCTAssertEqual(parsed.hunks.map(\.header), ["@@ -10,4 +10,5 @@ func main()", "@@ -40 +41,0 @@"])
        XCTAssertEqual(parsed.additions, 3)
        XCTAssertEqual(parsed.deletions, 3)
        XCTAssertEqual(parsed.lineCount, 9)
        XCTAssertFalse(parsed.isCut)
        let first = parsed.hunks[0].lines
        XCTAssertEqual(first[0], DiffLine(kind: .context, oldNumber: 10, newNumber: 10, text: "keep", position: 1))
        XCTAssertEqual(first[1], DiffLine(kind: .removed, oldNumber: 11, newNumber: nil, text: "old one", position: 2))
        XCTAssertEqual(first[2], DiffLine(kind: .removed, oldNumber: 12, newNumber: nil, text: "old two", position: 3))
        XCTAssertEqual(first[3], DiffLine(kind: .added, oldNumber: nil, newNumber: 11, text: "new one", position: 4))
        XCTAssertEqual(first[5], DiffLine(kind: .added, oldNumber: nil, newNumber: 13, text: "new three", position: 6))
        XCTAssertEqual(first[6], DiffLine(kind: .context, oldNumber: 13, newNumber: 14, text: "tail", position: 7))
        XCTAssertEqual(parsed.hunks[1].lines, [
            DiffLine(kind: .removed, oldNumber: 40, newNumber: nil, text: "gone", position: 9),
            DiffLine(kind: .note, oldNumber: nil, newNumber: nil, text: " No newline at end of file", position: 10),
        ])
    }

    func testGiteeSampleAddition() {
        let parsed = DiffParser.parse("@@ -0,0 +1 @@\n+add\n\\ No newline at end of file\n")
        XCTAssertEqual(parsed.hunks.first?.lines.first, DiffLine(kind: .added, oldNumber: nil, newNumber: 1, text: "add", position: 1))
        XCTAssertEqual(parsed.additions, 1)
    }

    func testLinesBeforeAnyHeaderStartAtOneAndBinaryNoticeIsANote() {
        let parsed = DiffParser.parse("+first\n second\nBinary files a/x and b/x differ")
        XCTAssertEqual(parsed.hunks.count, 1)
        XCTAssertEqual(parsed.hunks[0].header, "")
        XCTAssertEqual(parsed.hunks[0].lines.map(\.kind), [.added, .context, .note])
        XCTAssertEqual(parsed.hunks[0].lines[1].oldNumber, 1)
        XCTAssertEqual(parsed.hunks[0].lines[1].newNumber, 2)
        XCTAssertEqual(parsed.hunks[0].lines[2].text, "Binary files a/x and b/x differ")
    }

    func testHostileNumbersAreClamped() {
        let parsed = DiffParser.parse("@@ -99999999999999999999999999,1 +-5 @@\n x\n")
        XCTAssertEqual(parsed.hunks[0].lines[0].oldNumber, DiffParser.maxLineNumber)
        XCTAssertEqual(parsed.hunks[0].lines[0].newNumber, 1)
        XCTAssertEqual(DiffParser.hunkStarts("@@ garbage @@").old, 1)
    }

    func testBytesLinesAndLineLengthAreCapped() {
        let long = String(repeating: "é", count: 5_000)
        let parsed = DiffParser.parse("@@ -1 +1 @@\n+\(long)\n", maxBytes: 100_000)
        let text = parsed.hunks[0].lines[0].text
        XCTAssertEqual(text.count, DiffParser.maxLineCharacters + 1)
        XCTAssertTrue(text.hasSuffix("…"))

        let many = String(repeating: "+line\n", count: 1_000)
        let byBytes = DiffParser.parse(many, maxBytes: 60)
        XCTAssertTrue(byBytes.isCut)
        XCTAssertEqual(byBytes.lineCount, 10, "60 bytes hold ten whole six-byte lines")
        let byLines = DiffParser.parse(many, maxLines: 25)
        XCTAssertTrue(byLines.isCut)
        XCTAssertEqual(byLines.lineCount, 25)
    }

    func testInvalidUTF8AndCarriageReturns() {
        var bytes = Array("@@ -1 +1 @@\r\n-a\r\n+".utf8)
        bytes += [0xff, 0xfe, 0x0a]
        let parsed = DiffParser.parse(String(decoding: bytes, as: UTF8.self))
        XCTAssertEqual(parsed.hunks[0].lines[0].text, "a")
        XCTAssertEqual(parsed.hunks[0].lines[1].kind, .added)
        XCTAssertEqual(parsed.hunks[0].lines[1].text, "\u{FFFD}\u{FFFD}")
    }
}
