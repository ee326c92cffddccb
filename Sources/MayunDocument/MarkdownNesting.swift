/// Caps how deep one markdown line can nest containers before cmark-gfm sees it. `> > > ... x` or `- - - ... x`
/// 100,000 deep costs cmark-gfm (and the HTML it renders, and libxml2) about a second and hundreds of megabytes, and
/// everything past `DocumentLimits.maxDepth` is flattened to text afterwards anyway. So past `maxMarkers` container
/// markers at the start of a line a backslash is put before the next one, and cmark-gfm reads the rest of the line as
/// text: still shown, never nested.
enum MarkdownNesting {
    static let maxMarkers = DocumentLimits.maxDepth * 2

    static func limit(_ markdown: String) -> String {
        var utf8 = Array(markdown.utf8)
        var inserts: [Int] = []
        var lineStart = 0
        while lineStart < utf8.count {
            if let cut = cutPoint(in: utf8, from: lineStart) { inserts.append(cut) }
            var next = lineStart
            while next < utf8.count, utf8[next] != UInt8(ascii: "\n") { next += 1 }
            lineStart = next + 1
        }
        guard !inserts.isEmpty else { return markdown }
        for position in inserts.reversed() { utf8.insert(UInt8(ascii: "\\"), at: position) }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Where the marker after the first `maxMarkers` of the line starting at `start` begins, if there is one.
    private static func cutPoint(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start, markers = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index += 1
                continue
            }
            var end = index
            if byte == UInt8(ascii: ">") {
                end = index + 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: " ") else { return nil }
                end = index + 1
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                var digit = index
                while digit < bytes.count, digit - index < 9, bytes[digit] >= UInt8(ascii: "0"),
                      bytes[digit] <= UInt8(ascii: "9") { digit += 1 }
                guard digit + 1 < bytes.count, bytes[digit] == UInt8(ascii: ".") || bytes[digit] == UInt8(ascii: ")"),
                      bytes[digit + 1] == UInt8(ascii: " ") else { return nil }
                end = digit + 1
            } else {
                return nil
            }
            if markers == maxMarkers {
                // Before the marker's last character (`1\.`, `\-`, `\>`): an escaped punctuation mark is text.
                return end - 1
            }
            markers += 1
            index = end
        }
        return nil
    }
}
