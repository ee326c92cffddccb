/// One line of a patch as the diff view draws it.
public struct DiffLine: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case context, added, removed
        /// Not a line of either file: "\ No newline at end of file", "Binary files differ", other header text.
        case note
    }

    public let kind: Kind
    /// The line's number in the old file (context and removed lines) and in the new file (context and added lines).
    public let oldNumber: Int?
    public let newNumber: Int?
    /// The line without its leading `+`, `-` or space, cut at `DiffParser.maxLineCharacters`.
    public let text: String
    /// The line's position in its file's patch as Gitee counts it for line comments: 1 is the line under the first
    /// hunk header, and every later line counts, later hunk headers included (nil when not read from a patch).
    public let position: Int?
}

/// One `@@ -a,b +c,d @@` section of a patch and its lines.
public struct DiffHunk: Sendable, Equatable {
    /// The header line as written (empty for lines that came before any header).
    public let header: String
    public internal(set) var lines: [DiffLine]
}

/// A file's patch, parsed: its hunks, the lines it adds and removes (counted, not taken from the server), and
/// whether a cap cut it.
public struct ParsedPatch: Sendable, Equatable {
    public internal(set) var hunks: [DiffHunk] = []
    public internal(set) var additions = 0
    public internal(set) var deletions = 0
    /// Every line kept, notes included.
    public internal(set) var lineCount = 0
    /// True when the patch was longer than the byte or line cap and only its start is here.
    public internal(set) var isCut = false
}

/// Reads a unified diff (a Gitee `patch` / `diff` field, which is untrusted text): hunks, old and new line numbers,
/// counts. Bounded whatever it is given: at most `maxBytes` bytes are read and `maxLines` lines kept, each cut at
/// `maxLineCharacters`, and hunk start numbers are clamped (`maxLineNumber`), so no input traps or grows without end.
public enum DiffParser {
    public static let maxLineCharacters = 1_000
    public static let maxLineNumber = 1_000_000_000
    public static let defaultMaxBytes = 1 << 20
    public static let defaultMaxLines = 20_000

    public static func parse(_ patch: String, maxBytes: Int = defaultMaxBytes,
                             maxLines: Int = defaultMaxLines) -> ParsedPatch {
        var result = ParsedPatch()
        var bytes = Substring(patch).utf8[...]
        if bytes.count > maxBytes {
            // Cut at the last line end inside the cap, so no line is shown half.
            let capped = bytes.prefix(max(0, maxBytes))
            let end = capped.lastIndex(of: UInt8(ascii: "\n")).map { capped.index(after: $0) } ?? capped.endIndex
            bytes = bytes[bytes.startIndex..<end]
            result.isCut = true
        }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }  // the text after the final line end

        var oldLine = 1, newLine = 1
        /// Gitee's `position`, computed here and nowhere else: 0 at the first hunk header, one more for every line
        /// after it (later hunk headers count too). Assumed: this is GitHub's meaning; Gitee's description says only
        /// "diff 中的行数" and no recorded answer has a line comment (FAKE-GITEE.md, "Assumed rules"). So after posting,
        /// a line comment is drawn where the server's answer puts it (`sendLineComment` keeps the answer's `path` and
        /// `position`): a site that counts otherwise shows the comment moved, never silently on the wrong line.
        var position = 0, sawHunkHeader = false
        var current: DiffHunk?
        func finish() {
            if let hunk = current { result.hunks.append(hunk) }
            current = nil
        }
        for raw in lines {
            if result.lineCount >= maxLines {
                result.isCut = true
                break
            }
            var line = raw
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.starts(with: "@@ ".utf8) || line.elementsEqual("@@".utf8) {
                finish()
                if sawHunkHeader { position = next(position) } else { sawHunkHeader = true }
                let header = text(line)
                let starts = hunkStarts(header)
                oldLine = starts.old
                newLine = starts.new
                current = DiffHunk(header: header, lines: [])
                continue
            }
            if current == nil {
                if isFileHeader(line) { continue }
                current = DiffHunk(header: "", lines: [])
            }
            position = next(position)
            let kind: DiffLine.Kind
            switch line.first {
            case UInt8(ascii: "+"): kind = .added
            case UInt8(ascii: "-"): kind = .removed
            case UInt8(ascii: " "), nil: kind = .context  // an empty line is a context line whose space was trimmed
            default: kind = .note
            }
            let body = kind == .note && line.first != UInt8(ascii: "\\") ? line : line.dropFirst()
            let diffLine: DiffLine
            switch kind {
            case .context:
                diffLine = DiffLine(kind: kind, oldNumber: oldLine, newNumber: newLine, text: text(body),
                                    position: position)
                oldLine = next(oldLine)
                newLine = next(newLine)
            case .added:
                diffLine = DiffLine(kind: kind, oldNumber: nil, newNumber: newLine, text: text(body),
                                    position: position)
                newLine = next(newLine)
                result.additions += 1
            case .removed:
                diffLine = DiffLine(kind: kind, oldNumber: oldLine, newNumber: nil, text: text(body),
                                    position: position)
                oldLine = next(oldLine)
                result.deletions += 1
            case .note:
                diffLine = DiffLine(kind: kind, oldNumber: nil, newNumber: nil, text: text(body),
                                    position: position)
            }
            current?.lines.append(diffLine)
            result.lineCount += 1
        }
        finish()
        return result
    }

    /// The `a` and `c` of `@@ -a,b +c,d @@`, clamped to 1...maxLineNumber (1 when missing or unreadable).
    static func hunkStarts(_ header: String) -> (old: Int, new: Int) {
        var old = 1, new = 1
        for part in header.split(separator: " ").prefix(3) {
            guard let sign = part.first, sign == "-" || sign == "+" else { continue }
            var value = 0
            for digit in part.dropFirst().utf8 {
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { break }
                value = min(maxLineNumber, value * 10 + Int(digit - UInt8(ascii: "0")))
            }
            if sign == "-" { old = max(1, value) } else { new = max(1, value) }
        }
        return (old, new)
    }

    private static func next(_ number: Int) -> Int { min(maxLineNumber, number + 1) }

    /// Lines of a git header that say nothing a file header does not (`diff --git`, `index`, `---`, `+++`, modes).
    private static func isFileHeader(_ line: Substring.UTF8View.SubSequence) -> Bool {
        ["diff ", "index ", "--- ", "+++ ", "new file mode", "deleted file mode", "old mode", "new mode",
         "similarity index", "rename from", "rename to", "copy from", "copy to"].contains { line.starts(with: $0.utf8) }
    }

    /// Text of a line, cut at `maxLineCharacters` (a minified file's one line can be megabytes; a label that long
    /// takes seconds to measure). Invalid UTF-8 becomes U+FFFD.
    private static func text(_ bytes: Substring.UTF8View.SubSequence) -> String {
        let limit = maxLineCharacters * 4
        let head = bytes.count > limit ? bytes.prefix(limit) : bytes
        let string = String(decoding: head, as: UTF8.self)
        guard bytes.count > maxLineCharacters, bytes.count > limit || string.count > maxLineCharacters else {
            return string
        }
        return String(string.prefix(maxLineCharacters)) + "…"
    }
}

extension DiffLine {
    /// The sign drawn before the text: "+", "−" or nothing.
    public var marker: String {
        switch kind {
        case .added: "+"
        case .removed: "−"
        case .context, .note: ""
        }
    }
    public var oldNumberText: String { oldNumber.map(String.init) ?? "" }
    public var newNumberText: String { newNumber.map(String.init) ?? "" }

    /// The numbers drawn before a line in a monospace column: "old new" in one column, one number a side when side
    /// by side; right-aligned in `DiffLine.numberWidth` characters (more only past 99,999 lines).
    public var unifiedGutter: String { Self.pad(oldNumberText) + " " + Self.pad(newNumberText) }
    public var oldGutter: String { Self.pad(oldNumberText) }
    public var newGutter: String { Self.pad(newNumberText) }
    /// The sign and the text, as drawn: "+ added", "− removed", "  context".
    public var signedText: String { (marker.isEmpty ? " " : marker) + " " + text }

    public static let numberWidth = 5
    static func pad(_ number: String) -> String {
        number.count >= numberWidth ? number : String(repeating: " ", count: numberWidth - number.count) + number
    }
}
