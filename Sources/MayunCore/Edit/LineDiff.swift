/// A line diff of two texts as a unified patch (one hunk, every line shown), for the diff view: the newer version
/// on the server against the person's text after a conflict. The common start and end are matched first; the
/// middle by longest common subsequence, bounded (`maxCells`): past it the middle is shown as removed then added,
/// so a huge file never costs more than that.
enum LineDiff {
    static let maxCells = 4_000_000

    static func file(path: String, old: String, new: String) -> DiffFile {
        let (patch, added, removed) = patch(old: old, new: new)
        return DiffFile(path: path, status: "modified", additions: added, deletions: removed, patch: patch)
    }

    static func patch(old: String, new: String) -> (patch: String, added: Int, removed: Int) {
        let a = lines(of: old), b = lines(of: new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        var lines: [String] = a[..<prefix].map { " " + text($0) }
        var added = 0, removed = 0
        let (cells, overflow) = middleA.count.multipliedReportingOverflow(by: middleB.count)
        if overflow || cells > maxCells {
            lines += middleA.map { "-" + text($0) } + middleB.map { "+" + text($0) }
            removed = middleA.count
            added = middleB.count
        } else {
            // lengths[i][j]: LCS of middleA[i...] and middleB[j...].
            let width = middleB.count + 1
            var lengths = [Int](repeating: 0, count: (middleA.count + 1) * width)
            for i in stride(from: middleA.count - 1, through: 0, by: -1) {
                for j in stride(from: middleB.count - 1, through: 0, by: -1) {
                    lengths[i * width + j] = middleA[i] == middleB[j] ? lengths[(i + 1) * width + j + 1] + 1
                        : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
                }
            }
            var i = 0, j = 0
            while i < middleA.count || j < middleB.count {
                if i < middleA.count, j < middleB.count, middleA[i] == middleB[j] {
                    lines.append(" " + text(middleA[i])); i += 1; j += 1
                } else if i < middleA.count, j == middleB.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                    // Removed lines first, as unified diffs show them.
                    lines.append("-" + text(middleA[i])); i += 1; removed += 1
                } else {
                    lines.append("+" + text(middleB[j])); j += 1; added += 1
                }
            }
        }
        lines += a[(a.count - suffix)...].map { " " + text($0) }
        let header = "@@ -1,\(a.count) +1,\(b.count) @@"
        return (([header] + lines).joined(separator: "\n") + "\n", added, removed)
    }

    /// Lines as bytes, split at each "\n" byte as the diff parser reads the patch (to Swift "\r\n" is one Character,
    /// so a file with both line ends was one long line), and compared byte for byte (String's == takes a decomposed
    /// "é" for a composed one, which hid the change). Found writing the fuzz target `diff`.
    private static func lines(of text: String) -> [[UInt8]] {
        Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    }

    private static func text(_ line: [UInt8]) -> String { String(decoding: line, as: UTF8.self) }
}
