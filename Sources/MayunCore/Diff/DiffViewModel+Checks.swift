/// Where a check's annotation goes in the diff: annotations name a line of the commit's file (`start_line`), the diff
/// draws lines by their position in the patch, so the new side's line number is looked up in the file's parsed patch.
extension DiffViewModel {
    /// The anchor of the line numbered `newLine` in the new version of `path`, when the diff shows that line (a
    /// context or an added line; within the parse caps), or nil.
    public func anchor(path: String, newLine: Int) -> DiffAnchor? {
        lines(of: path).first { $0.newNumber == newLine && $0.kind != .removed && $0.position != nil }
            .flatMap { line in line.position.map { DiffAnchor(path: path, position: $0) } }
    }
}
