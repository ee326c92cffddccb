/// What syntax colouring needs from a diff: which file a row belongs to, and that file's lines as one text whose
/// line N is the patch line at `position` N (line 0 and hunk headers empty), so a highlighter can colour a file
/// once and look a row's colours up by its line's position.
extension DiffViewModel {
    /// The index of the file row `index` belongs to (nil for "Show the rest" and rows out of range).
    public func file(ofRow index: Int) -> Int? {
        guard rowFiles.indices.contains(index), rowFiles[index] >= 0 else { return nil }
        return rowFiles[index]
    }

    /// The file's path (nil out of range).
    public func path(ofFile index: Int) -> String? {
        files.indices.contains(index) ? files[index].path : nil
    }

    /// The file's lines by position, as parsed for its rows (nil when it has no rows parsed: folded, too large).
    /// Removed and added lines are both in it, in patch order: the website colours them the same way.
    public func linesByPosition(ofFile index: Int) -> [String]? {
        guard let parsed = parsed[index] else { return nil }
        var lines: [String] = [""]
        for hunk in parsed.hunks {
            for line in hunk.lines {
                guard let position = line.position, position < DiffParser.maxLineNumber else { continue }
                while lines.count < position { lines.append("") }  // a hunk header's position
                lines.append(line.kind == .note ? "" : line.text)
            }
        }
        return lines
    }
}
