/// Where a check's annotation goes in the diff: annotations name a line of the commit's file (`start_line`), the diff
/// draws lines by their position in the patch, so the new side's line number is looked up in the file's parsed patch.
extension DiffViewModel {
    /// The anchor of the line numbered `newLine` in the new version of `path`, when the diff shows that line (a
    /// context or an added line; within the parse caps), or nil.
    public func anchor(path: String, newLine: Int) -> DiffAnchor? {
        guard let index = files.firstIndex(where: { $0.path == path }), let patch = files[index].patch,
              !files[index].isTooLarge else { return nil }
        let parsed = self.parsed[index] ?? DiffParser.parse(patch, maxBytes: limits.patchBytesPerFile)
        self.parsed[index] = parsed
        for hunk in parsed.hunks {
            if let line = hunk.lines.first(where: { $0.newNumber == newLine && $0.kind != .removed }),
               let position = line.position {
                return DiffAnchor(path: path, position: position)
            }
        }
        return nil
    }
}
