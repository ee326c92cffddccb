import FuzzSupport
import Foundation
import Glibc
@testable import MayunCore

/// The diff parser (a commit's or a pull request's `patch`, as a stranger's commit wrote it) and the diff model's
/// rows in both layouts, with the invariants the view relies on: counts match the lines, line numbers stay in
/// 1...maxLineNumber, lines are cut, caps hold, and every row the model builds can be activated.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDiff(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let parsed = DiffParser.parse(text, maxBytes: 4_096, maxLines: 200)
    precondition(parsed.lineCount <= 200, "more lines than the cap")
    let lines = parsed.hunks.flatMap(\.lines)
    precondition(lines.count == parsed.lineCount, "lineCount differs from the lines kept")
    precondition(parsed.additions == lines.filter { $0.kind == .added }.count, "additions miscounted")
    precondition(parsed.deletions == lines.filter { $0.kind == .removed }.count, "deletions miscounted")
    for line in lines {
        precondition(line.text.count <= DiffParser.maxLineCharacters + 1, "a line longer than the cap")
        for number in [line.oldNumber, line.newNumber].compactMap({ $0 }) {
            precondition((1...DiffParser.maxLineNumber).contains(number), "line number \(number) out of range")
        }
        switch line.kind {
        case .added: precondition(line.oldNumber == nil && line.newNumber != nil, "added line numbers")
        case .removed: precondition(line.oldNumber != nil && line.newNumber == nil, "removed line numbers")
        case .context: precondition(line.oldNumber != nil && line.newNumber != nil, "context line numbers")
        case .note: precondition(line.oldNumber == nil && line.newNumber == nil, "note line numbers")
        }
    }

    MainActor.assumeIsolated {
        let diff = DiffViewModel(limits: DiffLimits(filesPerPage: 2, patchBytesPerPage: 2_048, foldedLines: 50,
                                                    patchBytesPerFile: 4_096))
        let counts = (Int(count % 7) - 1, Int.max - Int(count % 3))
        diff.show([DiffFile(path: text, status: text, additions: counts.0, deletions: counts.1, patch: text),
                   DiffFile(path: "b", status: "added", additions: parsed.additions, deletions: 0, patch: text),
                   DiffFile(path: "c", status: "removed", additions: 0, deletions: 0, patch: nil)])
        _ = diff.summary
        for width in [1_280, 360] {
            diff.widthChanged(to: width)
            var index = 0
            while index < diff.rows.count, index < 400 {
                _ = diff.text(of: diff.rows[index])
                if case .folded = diff.rows[index] { diff.activate(row: index) }
                if case .rest = diff.rows[index] { diff.activate(row: index) }
                index += 1
            }
            let change = diff.lastChange
            precondition(change.start >= 0 && change.removed >= 0 && change.added >= 0
                         && change.start + change.added <= diff.rows.count, "a change range outside the rows")
        }
        precondition(diff.reveal(file: 2) == diff.headerRow(of: 2), "revealing a file finds its header")
    }
    checkEditedFile(Array(UnsafeBufferPointer(start: start, count: count)))
    return 0
}

/// The file editor on the same bytes: a repository file as `EditableText` reads it (its promise: the bytes of every
/// file it accepts come back unchanged), and the conflict diff (`LineDiff`) of its two halves, old and new, which must
/// show every line of both: context and removed lines give the old text back, context and added lines the new.
func checkEditedFile(_ bytes: [UInt8]) {
    let data = Data(bytes)
    switch EditableText.decode(data) {
    case .success(let file):
        precondition(file.originalBytes == data, "EditableText does not give back the bytes it read")
        precondition(EditableText.decode(file.encode(file.text + "\n")).map(\.text) != .failure(.binary),
                     "an edit made a text file binary")
    case .failure(.tooLarge): precondition(bytes.count > EditableText.maxEditableSize, "a small file counted as too large")
    case .failure(.binary): precondition(bytes.contains(0), "a file without NUL bytes counted as binary")
    case .failure(.notUTF8): break
    }

    let half = bytes.count / 2
    let old = String(decoding: bytes[..<half], as: UTF8.self), new = String(decoding: bytes[half...], as: UTF8.self)
    let (patch, added, removed) = LineDiff.patch(old: old, new: new)
    // In bytes, as the diff parser reads a patch: "\r\n" is one Character to Swift, and so is "+" before a combining
    // mark; and String's == would take a decomposed "é" for a composed one.
    var lines = Array(patch.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    precondition(lines.first?.starts(with: Array("@@ -1,".utf8)) == true && lines.last == [],
                 "not one hunk ending in a newline")
    lines = Array(lines.dropFirst().dropLast())
    precondition(lines.allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "+"), UInt8(ascii: "-")].contains($0.first) },
                 "a patch line without its mark")
    precondition(lines.filter { $0.first == UInt8(ascii: "+") }.count == added, "LineDiff miscounted its added lines")
    precondition(lines.filter { $0.first == UInt8(ascii: "-") }.count == removed, "LineDiff miscounted its removed lines")
    func text(without mark: Character) -> [UInt8] {
        Array(lines.filter { $0.first != mark.asciiValue }.map { $0.dropFirst() }.joined(separator: [UInt8(ascii: "\n")]))
    }
    precondition(text(without: "+") == Array(old.utf8) && text(without: "-") == Array(new.utf8),
                 "the conflict diff does not show both texts")
}

exit(FuzzDriver.run(fuzzDiff))
