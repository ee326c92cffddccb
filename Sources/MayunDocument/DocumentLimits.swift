import Foundation

/// Guards against inputs no person writes but an attacker might: every markdown/HTML parse (blob, README, issue,
/// comment) goes through `DocumentParser`, which applies all of these. Why each one exists is in docs/DOCUMENTS.md.
public enum DocumentLimits {
    /// Text beyond this many UTF-8 bytes is not formatted: the first part is, and a note says how much was cut.
    /// Bounds cmark-gfm's work, whose super-linear inputs (0.29.0.gfm.6) cannot be interrupted once started.
    public static let maxInputBytes = 1_000_000
    /// Deeper HTML/markdown nesting is flattened to its text. Every recursive function over a `Document` (reading,
    /// laying out, comparing, freeing) is therefore bounded by this (plus a handful of levels of inline runs).
    public static let maxDepth = 32
    /// Rows of one table beyond this are counted, not shown.
    public static let maxTableRows = 1_000
    public static let maxTableColumns = 64
    /// Rows x columns: a 64-column table shows at most this many cells (fewer rows), so one table cannot hold
    /// 64,000 labels.
    public static let maxTableCells = 10_000
    /// Links and image sources longer than this (in UTF-8 bytes) are not links: their text stays, the address goes.
    public static let maxLinkLength = 4_096
    /// `<ol start>` is clamped into this range (browsers clamp too); list numbers are never computed unchecked.
    public static let listStartRange = -1_000_000_000...1_000_000_000
    /// Wall-clock time a parse may take before the text is shown plain with a note.
    public static let parseBudget: Duration = .milliseconds(1_500)

    /// `start="..."` as written, clamped; nil when it is not a number.
    static func listStart(_ attribute: String?) -> Int? {
        guard let text = attribute?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let sign = text.hasPrefix("-") ? -1 : 1
        let digits = text.drop { $0 == "-" || $0 == "+" }.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        // More digits than the range can hold: the nearest end of the range (no Int conversion that could fail).
        let significant = digits.drop { $0 == "0" }
        let magnitude = significant.count > 10 ? Int.max : Int(significant.isEmpty ? "0" : String(significant))!
        return sign < 0 ? -min(magnitude, -listStartRange.lowerBound) : min(magnitude, listStartRange.upperBound)
    }

    /// The number shown before item `index` of a list starting at `start`: saturating, never trapping.
    public static func itemNumber(start: Int, index: Int) -> Int {
        let (sum, overflow) = start.addingReportingOverflow(index)
        return overflow ? (start > 0 ? Int.max : Int.min) : sum
    }

    /// The first `maxInputBytes` of `text`, cut at a line end when one is near, and how many bytes were left out.
    static func truncate(_ text: String, limit: Int = maxInputBytes) -> (text: String, omittedBytes: Int) {
        let utf8 = text.utf8
        guard utf8.count > limit else { return (text, 0) }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        // Back up to a character boundary, then to the last newline in the final 4 KB (keeps a line whole).
        while end > utf8.startIndex, end.samePosition(in: text) == nil { end = utf8.index(before: end) }
        if let newline = text[..<end].lastIndex(of: "\n"), utf8.distance(from: newline, to: end) < 4_096 {
            end = newline
        }
        let kept = String(text[..<end])
        return (kept, utf8.count - kept.utf8.count)
    }
}
