import Foundation
@testable import MayunCore
import XCTest

/// Editing keeps a file's bytes as they were where the person did not change them: BOM, CRLF or LF, the final
/// newline; files that are not UTF-8 text are refused with a reason.
final class EditableTextTests: XCTestCase {
    private func decoded(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> EditableText {
        switch EditableText.decode(Data(bytes)) {
        case .success(let text): return text
        case .failure(let refusal):
            XCTFail("refused: \(refusal)", file: file, line: line)
            throw refusal
        }
    }

    func testEveryAcceptedShapeRoundTripsByteForByte() throws {
        let samples: [String: [UInt8]] = [
            "lf": Array("a\nb\n".utf8), "crlf": Array("a\r\nb\r\n".utf8), "no final newline": Array("a\nb".utf8),
            "crlf no final": Array("a\r\nb".utf8), "bom": [0xEF, 0xBB, 0xBF] + Array("名\n".utf8),
            "mixed": Array("a\r\nb\nc\r\n".utf8), "mixed lf end": Array("a\r\nb\n".utf8), "empty": [],
            "only newline": [0x0A], "bom only": [0xEF, 0xBB, 0xBF], "lone cr": Array("a\rb\n".utf8),
        ]
        for (name, bytes) in samples {
            let text = try decoded(bytes)
            XCTAssertEqual([UInt8](text.encode(text.text)), bytes, name)
        }
    }

    func testTheEditorSeesNoBOMNoCRAndNoFinalNewline() throws {
        let text = try decoded([0xEF, 0xBB, 0xBF] + Array("一\r\n二\r\n".utf8))
        XCTAssertEqual(text.text, "一\n二")
        XCTAssertTrue(text.hasByteOrderMark)
        XCTAssertEqual(text.lineEnding, .crlf)
        XCTAssertTrue(text.hasFinalNewline)
    }

    func testAnEditedCRLFFileStaysCRLFWithItsBOMAndFinalNewline() throws {
        let text = try decoded([0xEF, 0xBB, 0xBF] + Array("one\r\ntwo\r\n".utf8))
        let written = text.encode("one\nnew line\ntwo")
        XCTAssertEqual([UInt8](written), [0xEF, 0xBB, 0xBF] + Array("one\r\nnew line\r\ntwo\r\n".utf8))
        XCTAssertEqual([UInt8](text.encode("one\r\npasted\ntwo")), [0xEF, 0xBB, 0xBF] + Array("one\r\npasted\r\ntwo\r\n".utf8),
                       "pasted line ends become the file's")
    }

    func testAFileWithoutFinalNewlineGetsNone() throws {
        let text = try decoded(Array("x = 1".utf8))
        XCTAssertFalse(text.hasFinalNewline)
        XCTAssertEqual(String(decoding: text.encode("x = 2"), as: UTF8.self), "x = 2")
    }

    func testAnLFFileStaysLFWithoutBOM() throws {
        let text = try decoded(Array("a\nb\n".utf8))
        XCTAssertEqual(String(decoding: text.encode("a\nc"), as: UTF8.self), "a\nc\n")
    }

    func testBinaryGBKUTF16AndHugeFilesAreRefusedWithAReason() {
        XCTAssertEqual(EditableText.decode(Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01])), .failure(.binary))
        // "中文" in GBK: not valid UTF-8.
        XCTAssertEqual(EditableText.decode(Data([0xD6, 0xD0, 0xCE, 0xC4, 0x0A])), .failure(.notUTF8))
        XCTAssertEqual(EditableText.decode(Data([0xFF, 0xFE, 0x41, 0x00])), .failure(.notUTF8), "UTF-16 is not edited")
        let huge = Data(repeating: 0x41, count: EditableText.maxEditableSize + 1)
        XCTAssertEqual(EditableText.decode(huge), .failure(.tooLarge(size: huge.count)))
        XCTAssertTrue(EditableText.Refusal.notUTF8.reason.contains("GBK"))
        XCTAssertTrue(EditableText.Refusal.binary.reason.contains("binary"))
    }

    func testTheConflictDiffShowsTheirLinesAgainstMine() {
        let (patch, added, removed) = LineDiff.patch(old: "a\nb\nc", new: "a\nB\nc\nd")
        XCTAssertEqual(patch, "@@ -1,3 +1,4 @@\n a\n-b\n+B\n c\n+d\n")
        XCTAssertEqual(added, 2)
        XCTAssertEqual(removed, 1)
        let parsed = DiffParser.parse(patch)
        XCTAssertEqual(parsed.hunks.count, 1)
    }

    func testAHugeConflictDiffIsBoundedNotQuadratic() {
        let old = (0..<3_000).map { "old \($0)" }.joined(separator: "\n")
        let new = (0..<3_000).map { "new \($0)" }.joined(separator: "\n")
        let (_, added, removed) = LineDiff.patch(old: old, new: new)
        XCTAssertEqual(added, 3_000)
        XCTAssertEqual(removed, 3_000)
    }

    /// Found writing the fuzz target `diff`: read as CRLF, "\r\r\n" became "\r\n" in the text and was written back as
    /// one line end, so saving changed lines the person never touched.
    func testALoneCarriageReturnBeforeACRLFIsKeptOnSave() throws {
        let bytes = Data("a\r\r\nb\r\n".utf8)
        let file = try EditableText.decode(bytes).get()
        XCTAssertEqual(file.originalBytes, bytes)
        XCTAssertEqual(file.lineEnding, .mixed)
    }

    /// Found writing the fuzz target `diff`: to Swift "\r\n" is one Character, so the conflict diff of a file with both
    /// line ends showed it as one line; and a composed "é" equalled a decomposed one, so that change was hidden.
    func testTheConflictDiffSplitsAndComparesLinesByBytes() {
        let (patch, added, removed) = LineDiff.patch(old: "a\r\nb\nc", new: "a\r\nB\nc")
        XCTAssertEqual(patch, "@@ -1,3 +1,3 @@\n a\r\n-b\n+B\n c\n")
        XCTAssertEqual([added, removed], [1, 1])
        let (accent, accentAdded, accentRemoved) = LineDiff.patch(old: "caf\u{E9}", new: "cafe\u{301}")
        XCTAssertEqual([accentAdded, accentRemoved], [1, 1], accent)
    }
}
