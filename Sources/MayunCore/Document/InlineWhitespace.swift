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
        var result = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}" {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else {
                result.append(scalar)
                lastWasSpace = false
            }
        }
        return String(result)
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
