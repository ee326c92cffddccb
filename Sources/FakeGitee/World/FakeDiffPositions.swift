/// Which `position`s a file's patch has for line comments, counted as the site counts them (GitHub's documented rule,
/// which Gitee's "PR 代码评论 diff 中的行数" repeats): 1 is the line under the first `@@` hunk header, and every later
/// line of the patch counts — removed lines, context, "\ No newline at end of file" notes and later hunk headers — so
/// a removed line has its own position, distinct from the added line beside it. The text after the patch's final
/// line end is no line (recorded patches end with one: samples/pr_files.json), and git's file header lines before
/// the first hunk header (`diff --git`, `---`, `+++`) do not count.
public enum FakeDiffPositions {
    /// The highest position `patch` has (0: none).
    public static func lineCount(of patch: String) -> Int {
        var lines = patch.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let header = lines.firstIndex(where: { $0.hasPrefix("@@") }) else {
            // No hunk header (a patch cut to its lines): the first line is 1, as the client's parser counts.
            return lines.count
        }
        return lines.count - header - 1
    }

    /// The new file's number of the line at `position` (the description's `new_line`, assumed to mean that), nil for a
    /// removed line, a hunk header or a note, and for a position the patch does not have.
    public static func newLine(at position: Int, in patch: String) -> Int? {
        var lines = patch.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let header = lines.firstIndex(where: { $0.hasPrefix("@@") })
        var number: Int?
        for (index, line) in lines.enumerated().dropFirst(header ?? 0) {
            let lineNumber = index - (header.map { $0 + 1 } ?? 0) + 1  // this line's position (0: the first header)
            if line.hasPrefix("@@") {
                // "@@ -a,b +c,d @@": the next new-file line is c.
                number = line.split(separator: " ").first { $0.hasPrefix("+") }
                    .flatMap { Int($0.dropFirst().split(separator: ",").first ?? "") }
                continue
            }
            let kind = line.first
            let isNew = kind == " " || kind == "+" || (kind == nil && number != nil)
            if lineNumber == position { return isNew ? number : nil }
            if isNew { number = number.map { $0 + 1 } }
        }
        return nil
    }

    /// Whether `position` names a line of `patch`.
    public static func contains(_ position: Int, in patch: String) -> Bool {
        (1...max(1, lineCount(of: patch))).contains(position) && lineCount(of: patch) > 0
    }
}
