import Observation

/// How much of a diff one page shows before it asks: the website cuts big diffs too, and a commit that vendors
/// 20,000 files must not build 20,000 files' rows.
public struct DiffLimits: Sendable, Equatable {
    /// Files shown per "page"; "Show the rest" adds as many again.
    public var filesPerPage: Int
    /// Patch bytes shown per page (at least one file is always shown).
    public var patchBytesPerPage: Int
    /// A file changing more lines than this is folded until "Show".
    public var foldedLines: Int
    /// One file's patch is read at most this far (the rest is cut with a note).
    public var patchBytesPerFile: Int

    public init(filesPerPage: Int = 100, patchBytesPerPage: Int = 1_000_000, foldedLines: Int = 3_000,
                patchBytesPerFile: Int = 1_000_000) {
        self.filesPerPage = max(1, filesPerPage)
        self.patchBytesPerPage = max(1, patchBytesPerPage)
        self.foldedLines = max(1, foldedLines)
        self.patchBytesPerFile = max(1, patchBytesPerFile)
    }

    public static let standard = DiffLimits()
}

/// One row of the diff view's list. Rows are built only for the files shown, so their number is bounded by the
/// page caps, and the view recycles widgets for the rows on screen.
public enum DiffRow: Sendable, Equatable {
    /// A file's header: path, status, +/- counts, folded or not; clicking it folds or unfolds the file.
    case file(Int, isCollapsed: Bool)
    /// A hunk's `@@ ... @@` line.
    case hunk(String)
    /// A line in the unified layout.
    case line(DiffLine)
    /// The old and the new side of one row in the side-by-side layout (a side is nil where it has no line).
    case pair(DiffLine?, DiffLine?)
    /// A big file folded until "Show" (the file's index).
    case folded(Int)
    /// A sentence in place of lines: no textual changes, the rest of a patch cut.
    case message(String)
    /// "Show the rest": files not shown yet.
    case rest(Int)
    /// The comments on the line above (a pull request's line comments), drawn under it.
    case thread(DiffAnchor)
    /// The composer for a new line comment (or an edit of one), open under the line above.
    case composer(DiffAnchor)
}

/// A line of a pull request's diff as a line comment names it: the file and the line's position in that file's
/// patch (Gitee's `position`: 1 is the line under the first hunk header; see `DiffLine.position`).
public struct DiffAnchor: Sendable, Hashable, Comparable {
    public let path: String
    public let position: Int

    public static func < (lhs: DiffAnchor, rhs: DiffAnchor) -> Bool {
        (lhs.path, lhs.position) < (rhs.path, rhs.position)
    }
}

/// What a diff shows (commit and pull request pages): the files, which of them are shown (page caps), folded or
/// unfolded, in one column or side by side, as a flat list of rows the view draws lazily.
@MainActor
@Observable
public final class DiffViewModel {
    /// Side by side from this window width up; one column below.
    public static let sideBySideWidth = 1_200

    public private(set) var files: [DiffFile] = []
    public private(set) var rows: [DiffRow] = []
    /// Where the last change of `rows` happened: the rows in `range` (of the old rows) were replaced by `added`
    /// rows, so a view can splice only those and keep its scroll position.
    public private(set) var lastChange = RowListChange(start: 0, removed: 0, added: 0)
    /// Bumped whenever `rows` changes.
    public private(set) var generation = 0
    public private(set) var isSideBySide = false
    /// How many files (from the start) have rows.
    public private(set) var shownFileCount = 0
    public let limits: DiffLimits

    @ObservationIgnored private var collapsed: Set<Int> = []
    @ObservationIgnored private var unfoldedBig: Set<Int> = []
    @ObservationIgnored var parsed: [Int: ParsedPatch] = [:]
    /// The file each row belongs to (-1: none), kept beside `rows` so a row being drawn finds its file at once.
    @ObservationIgnored var rowFiles: [Int] = []
    @ObservationIgnored private var headerRows: [Int: Int] = [:]
    /// Lines that have comments drawn under them, and the line the composer is open under (pull requests only).
    @ObservationIgnored private var threadAnchors: Set<DiffAnchor> = []
    @ObservationIgnored private var composerAnchor: DiffAnchor?
    /// Told when a line is activated (click, Enter): a pull request opens the composer under it. nil: lines do nothing.
    @ObservationIgnored public var onLineActivated: (@MainActor (DiffAnchor) -> Void)?

    public init(limits: DiffLimits = .standard) { self.limits = limits }

    /// New files (a fresh answer): folds, unfolds and the shown count start again.
    public func show(_ files: [DiffFile]) {
        guard files != self.files || rows.isEmpty && !files.isEmpty else { return }
        self.files = files
        collapsed = []
        unfoldedBig = []
        parsed = [:]
        shownFileCount = 0
        extendShownFiles()
        rebuild()
    }

    // MARK: Outputs

    /// "2 files changed  ·  +10  −3" (server counts, summed with saturation).
    public var summary: String {
        let count = files.count
        let text = String(format: trn("%d file changed", "%d files changed", count: count), count)
        return "\(text)  ·  +\(files.map(\.additions).saturatingSum())  −\(files.map(\.deletions).saturatingSum())"
    }

    /// The paths of the files shown, for the file list that jumps to one.
    public var shownPaths: [String] { files.prefix(shownFileCount).map(\.path) }

    public func isCollapsed(_ file: Int) -> Bool { collapsed.contains(file) }

    /// "+3", "−1" for a file's header.
    public func counts(of file: Int) -> (added: String, removed: String) {
        guard files.indices.contains(file) else { return ("", "") }
        return ("+\(files[file].additions)", "−\(files[file].deletions)")
    }

    /// A file's status as a word for its header ("added", "removed", "renamed"; nothing for a plain change).
    public func statusText(of file: Int) -> String {
        guard files.indices.contains(file) else { return "" }
        switch files[file].status {
        case "added": return tr("added")
        case "removed", "deleted": return tr("removed")
        case "renamed": return tr("renamed")
        default: return ""
        }
    }

    /// The row of a file's header (nil when the file is not shown yet).
    public func headerRow(of file: Int) -> Int? { headerRows[file] }

    /// What a folded row or a "Show the rest" row says.
    public func text(of row: DiffRow) -> String {
        switch row {
        case .folded(let file):
            let lines = files.indices.contains(file) ? files[file].changedLines : 0
            return String(format: trn("This file changes %d line; it is folded.",
                                      "This file changes %d lines; it is folded.", count: lines), lines)
        case .rest(let count):
            return String(format: trn("%d more file not shown.", "%d more files not shown.", count: count), count)
        case .message(let text), .hunk(let text): return text
        case .thread(let anchor), .composer(let anchor): return "\(anchor.path):\(anchor.position)"
        case .file(let file, _): return files.indices.contains(file) ? files[file].path : ""
        case .line(let line): return line.text
        case .pair(let old, let new): return old?.text ?? new?.text ?? ""
        }
    }

    // MARK: Inputs

    /// The row's action: a header folds or unfolds its file, a folded file opens, "Show the rest" shows more.
    public func activate(row index: Int) {
        guard rows.indices.contains(index) else { return }
        switch rows[index] {
        case .file(let file, _):
            if collapsed.remove(file) == nil { collapsed.insert(file) }
        case .folded(let file): unfoldedBig.insert(file)
        case .rest: extendShownFiles()
        case .line(let line): return activateLine(line, at: index)
        case .pair(let old, let new): return activateLine(new ?? old, at: index)
        default: return
        }
        rebuild()
    }

    /// Whether rows of this kind do something when activated (the view makes only those activatable).
    public func isActivatable(row index: Int) -> Bool {
        guard rows.indices.contains(index) else { return false }
        switch rows[index] {
        case .line(let line): return onLineActivated != nil && line.position != nil
        case .pair(let old, let new): return onLineActivated != nil && (new ?? old)?.position != nil
        default: return false
        }
    }

    /// Activates one side of a side-by-side row (a click on its old or new half).
    public func activate(row index: Int, newSide: Bool) {
        guard rows.indices.contains(index), case .pair(let old, let new) = rows[index] else { return activate(row: index) }
        activateLine(newSide ? (new ?? old) : (old ?? new), at: index)
    }

    private func activateLine(_ line: DiffLine?, at index: Int) {
        guard let onLineActivated, let position = line?.position, let path = path(ofRow: index) else { return }
        onLineActivated(DiffAnchor(path: path, position: position))
    }

    /// The path of the file a row belongs to (the nearest file header above it).
    public func path(ofRow index: Int) -> String? {
        guard rows.indices.contains(index) else { return nil }
        for row in rows[...index].reversed() {
            if case .file(let file, _) = row { return files.indices.contains(file) ? files[file].path : nil }
        }
        return nil
    }

    /// Draws comment threads under these lines and the composer under `composer` (nil: none open). Lines that do
    /// not exist in the diff (an outdated comment's) get nothing.
    public func annotate(threads: Set<DiffAnchor>, composer: DiffAnchor?) {
        guard threads != threadAnchors || composer != composerAnchor else { return }
        threadAnchors = threads
        composerAnchor = composer
        rebuild()
    }

    /// Whether `anchor` names a line of the diff as the server sent it (a file of it, and a position its patch has,
    /// within the parse caps). An outdated comment's does not.
    public func contains(_ anchor: DiffAnchor) -> Bool {
        lines(of: anchor.path).contains { $0.position == anchor.position }
    }

    /// Where the server's answer places a line comment: at `position`, unless it also names the new file's line
    /// (`new_line`) and the line at `position` is another one while the diff has that line; then at that line. So a
    /// site whose `position` means something else than DiffPatch assumes shows the comment where the site has it.
    public func anchor(path: String, position: Int, newLine: Int?) -> DiffAnchor {
        let stated = DiffAnchor(path: path, position: position)
        guard let newLine, lines(of: path).first(where: { $0.position == position })?.newNumber != newLine else {
            return stated
        }
        return anchor(path: path, newLine: newLine) ?? stated
    }

    /// The lines of `path`'s patch as the server sent it (within the parse caps; none for a file too large).
    func lines(of path: String) -> [DiffLine] {
        guard let index = files.firstIndex(where: { $0.path == path }), let patch = files[index].patch,
              !files[index].isTooLarge else { return [] }
        let parsed = self.parsed[index] ?? DiffParser.parse(patch, maxBytes: limits.patchBytesPerFile)
        self.parsed[index] = parsed
        return parsed.hunks.flatMap(\.lines)
    }

    /// The row of the line `anchor` names (nil when it is not shown: folded, not paged in, or not in the diff).
    public func row(of anchor: DiffAnchor) -> Int? {
        var path: String?
        for (index, row) in rows.enumerated() {
            switch row {
            case .file(let file, _): path = files.indices.contains(file) ? files[file].path : nil
            case .line(let line) where path == anchor.path && line.position == anchor.position: return index
            case .pair(let old, let new) where path == anchor.path
                && (old?.position == anchor.position || new?.position == anchor.position): return index
            default: continue
            }
        }
        return nil
    }

    /// The window's (or the view's) width: side by side from `sideBySideWidth`, one column below.
    public func widthChanged(to width: Int) {
        let wanted = width >= Self.sideBySideWidth
        guard wanted != isSideBySide else { return }
        isSideBySide = wanted
        rebuild()
    }

    /// Shows files until `file` is among them (the file list can name one past the page) and returns its header row.
    @discardableResult
    public func reveal(file: Int) -> Int? {
        guard files.indices.contains(file) else { return nil }
        if file >= shownFileCount {
            while file >= shownFileCount { extendShownFiles() }
            rebuild()
        }
        return headerRows[file]
    }

    // MARK: Building

    /// Adds the next page of files: up to `filesPerPage` files and `patchBytesPerPage` bytes, at least one file.
    private func extendShownFiles() {
        var bytes = 0, added = 0
        while shownFileCount < files.count, added < limits.filesPerPage {
            let next = files[shownFileCount].patchBytes
            if added > 0, bytes.addingSaturated(next) > limits.patchBytesPerPage { break }
            bytes = bytes.addingSaturated(next)
            shownFileCount += 1
            added += 1
        }
    }

    private func rebuild() {
        var built: [DiffRow] = []
        headerRows = [:]
        for index in 0..<shownFileCount {
            headerRows[index] = built.count
            let isCollapsed = collapsed.contains(index)
            built.append(.file(index, isCollapsed: isCollapsed))
            guard !isCollapsed else { continue }
            appendBody(of: index, to: &built)
        }
        if shownFileCount < files.count { built.append(.rest(files.count - shownFileCount)) }
        replaceRows(with: built)
    }

    private func appendBody(of index: Int, to rows: inout [DiffRow]) {
        let file = files[index]
        guard let patch = file.patch, !patch.isEmpty, !file.isTooLarge else {
            rows.append(.message(tr("No textual changes to show.")))
            return
        }
        if file.changedLines > limits.foldedLines, !unfoldedBig.contains(index) {
            rows.append(.folded(index))
            return
        }
        let parsed = self.parsed[index] ?? DiffParser.parse(patch, maxBytes: limits.patchBytesPerFile)
        self.parsed[index] = parsed
        let annotated = !threadAnchors.isEmpty || composerAnchor != nil
        for hunk in parsed.hunks {
            if !hunk.header.isEmpty { rows.append(.hunk(hunk.header)) }
            guard annotated else {
                if isSideBySide { Self.appendPairs(of: hunk.lines, to: &rows) } else { rows += hunk.lines.map(DiffRow.line) }
                continue
            }
            var lineRows: [DiffRow] = []
            if isSideBySide { Self.appendPairs(of: hunk.lines, to: &lineRows) } else { lineRows = hunk.lines.map(DiffRow.line) }
            for row in lineRows {
                rows.append(row)
                appendAnnotations(under: row, path: file.path, to: &rows)
            }
        }
        if parsed.isCut { rows.append(.message(tr("(The rest of this patch is not shown.)"))) }
    }

    /// A line's threads (old side first in a pair) and the composer, under it.
    private func appendAnnotations(under row: DiffRow, path: String, to rows: inout [DiffRow]) {
        var positions: [Int] = []
        switch row {
        case .line(let line): positions = line.position.map { [$0] } ?? []
        case .pair(let old, let new):
            positions = [old?.position, new?.position].compactMap { $0 }
            if positions.count == 2, positions[0] == positions[1] { positions.removeLast() }
        default: return
        }
        for position in positions {
            let anchor = DiffAnchor(path: path, position: position)
            if threadAnchors.contains(anchor) { rows.append(.thread(anchor)) }
            if composerAnchor == anchor { rows.append(.composer(anchor)) }
        }
    }

    /// Side by side: a run of removed lines and the added lines after it share rows (old left, new right), the
    /// longer side's extra lines facing an empty cell; context lines face themselves; notes span alone.
    static func appendPairs(of lines: [DiffLine], to rows: inout [DiffRow]) {
        var removed: [DiffLine] = [], added: [DiffLine] = []
        func flush() {
            for offset in 0..<max(removed.count, added.count) {
                rows.append(.pair(offset < removed.count ? removed[offset] : nil,
                                  offset < added.count ? added[offset] : nil))
            }
            removed = []
            added = []
        }
        for line in lines {
            switch line.kind {
            case .removed:
                if !added.isEmpty { flush() }
                removed.append(line)
            case .added: added.append(line)
            case .context:
                flush()
                rows.append(.pair(line, line))
            case .note:
                flush()
                rows.append(.line(line))
            }
        }
        flush()
    }

    /// Stores the new rows and records the smallest changed range (same start and end kept), so that folding one
    /// file re-creates only that file's rows in the view.
    private func replaceRows(with new: [DiffRow]) {
        lastChange = RowListChange(from: rows, to: new)
        var file = -1
        rowFiles = new.map { row in
            if case .file(let index, _) = row { file = index }
            if case .rest = row { return -1 }
            return file
        }
        rows = new
        generation += 1
    }
}
