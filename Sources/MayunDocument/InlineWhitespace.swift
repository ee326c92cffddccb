/// HTML's whitespace rules for inline runs: runs of spaces, tabs and newlines become one space, and spaces at the
/// start of a block, at its end and around line breaks disappear. Adjacent text runs are merged and empty styled
/// runs dropped, so the renderer gets the fewest runs possible.
enum InlineWhitespace {
    static func normalize(_ inlines: [Inline]) -> [Inline] {
        var atLineStart = true
        var result = process(inlines, atLineStart: &atLineStart)
        trimTrailingSpace(&result)
        return result
    }

    static func collapse(_ text: String) -> String {
        // Byte-wise (every whitespace character here is ASCII, and UTF-8 never reuses ASCII bytes inside a
        // multi-byte character); text that needs no change is returned without a copy.
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
        }
        var previousWasSpace = false
        let needsWork = text.utf8.contains { byte in
            let space = isSpace(byte)
            defer { previousWasSpace = space }
            return space && (byte != 0x20 || previousWasSpace)
        }
        guard needsWork else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var lastWasSpace = false
        for byte in text.utf8 {
            if isSpace(byte) {
                if !lastWasSpace { result.append(0x20) }
                lastWasSpace = true
            } else {
                result.append(byte)
                lastWasSpace = false
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func process(_ inlines: [Inline], atLineStart: inout Bool) -> [Inline] {
        var result: [Inline] = []
        for inline in inlines {
            switch inline {
            case .text(let raw):
                var text = collapse(raw)
                if atLineStart, text.hasPrefix(" ") { text.removeFirst() }
                guard !text.isEmpty else { continue }
                if case .text(let previous) = result.last {
                    result[result.count - 1] = .text(previous + text)
                } else {
                    result.append(.text(text))
                }
                atLineStart = text.hasSuffix(" ")
            case .lineBreak:
                trimTrailingSpace(&result)
                result.append(.lineBreak)
                atLineStart = true
            case .code, .keyboard, .image:
                result.append(inline)
                atLineStart = false
            case .emphasis(let children):
                appendWrapped(process(children, atLineStart: &atLineStart), Inline.emphasis, to: &result)
            case .strong(let children):
                appendWrapped(process(children, atLineStart: &atLineStart), Inline.strong, to: &result)
            case .strike(let children):
                appendWrapped(process(children, atLineStart: &atLineStart), Inline.strike, to: &result)
            case .link(let link, let children):
                appendWrapped(process(children, atLineStart: &atLineStart), { .link(link, $0) }, to: &result)
            }
        }
        return result
    }

    private static func appendWrapped(_ children: [Inline], _ wrap: ([Inline]) -> Inline, to result: inout [Inline]) {
        if !children.isEmpty { result.append(wrap(children)) }
    }

    /// Removes spaces at the very end, looking into the last styled run (whose depth the reader bounds).
    private static func trimTrailingSpace(_ inlines: inout [Inline]) {
        guard let last = inlines.last else { return }
        switch last {
        case .text(var text):
            while text.hasSuffix(" ") { text.removeLast() }
            if text.isEmpty { inlines.removeLast() } else { inlines[inlines.count - 1] = .text(text) }
        case .emphasis(var children):
            trimTrailingSpace(&children)
            inlines[inlines.count - 1] = children.isEmpty ? .text("") : .emphasis(children)
        case .strong(var children):
            trimTrailingSpace(&children)
            inlines[inlines.count - 1] = children.isEmpty ? .text("") : .strong(children)
        case .strike(var children):
            trimTrailingSpace(&children)
            inlines[inlines.count - 1] = children.isEmpty ? .text("") : .strike(children)
        case .link(let link, var children):
            trimTrailingSpace(&children)
            inlines[inlines.count - 1] = children.isEmpty ? .text("") : .link(link, children)
        case .code, .keyboard, .image, .lineBreak:
            return
        }
        if case .text("") = inlines.last { inlines.removeLast() }
    }
}

extension Array where Element == Inline {
    /// The text a person would read (for heading slugs, alt texts and table cells in tests).
    public var plainText: String {
        var result = ""
        for inline in self {
            switch inline {
            case .text(let text), .code(let text), .keyboard(let text): result += text
            case .emphasis(let children), .strong(let children), .strike(let children), .link(_, let children):
                result += children.plainText
            case .image(let image): result += image.alt
            case .lineBreak: result += "\n"
            }
        }
        return result
    }
}
