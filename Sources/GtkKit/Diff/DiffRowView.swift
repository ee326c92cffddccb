internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// The widget GTK recycles for one row of a diff: a file header, a hunk line, a line (one column, or old and new
/// side by side), or a sentence with a button (a folded file's Show, Show the rest). Each part is built the first
/// time this widget shows a row of its kind, and binding sets only texts, visibility and one colour class per cell.
@MainActor
package final class DiffRowView {
    let root: Widget
    private let model: DiffViewModel
    /// The GtkListItem this widget belongs to: its position is the row's index when a button is clicked (rows after
    /// a fold move without being bound again).
    private let listItem: OpaquePointer
    private var header: FileHeader?
    private var hunk: Widget?
    private var line: LineCells?
    private var action: ActionCells?
    /// Holds a line's comment thread or the line composer (widgets the page keeps; moved here while shown).
    private var slot: Widget?
    private weak var annotations: (any DiffAnnotationViews)?
    private let highlighter: DiffHighlighter
    /// What this widget shows, to draw it again in the other scheme when night mode changes.
    private var shown: (row: DiffRow, sideBySide: Bool)?

    package init(model: DiffViewModel, listItem: OpaquePointer, annotations: (any DiffAnnotationViews)?,
         highlighter: DiffHighlighter) {
        self.model = model
        self.annotations = annotations
        self.highlighter = highlighter
        self.listItem = listItem
        root = Build.box(GTK_ORIENTATION_VERTICAL)
        attach(self, to: raw(root), key: "mayun-diff-row")
    }

    package static func of(_ listItem: OpaquePointer) -> DiffRowView? {
        guard let child = gtk_list_item_get_child(listItem) else { return nil }
        return attachment(of: UnsafeMutableRawPointer(child), key: "mayun-diff-row", as: DiffRowView.self)
    }

    /// Draws the shown row again (its syntax colours after a change of night mode).
    package func redraw() {
        guard let shown else { return }
        show(shown.row, sideBySide: shown.sideBySide)
    }

    /// A line's syntax colours, looked up by its file (this row's) and its position.
    private func colours(_ line: DiffLine?) -> [DiffHighlighter.Span] {
        guard let line, line.kind != .note, let position = line.position,
              let file = model.file(ofRow: Int(gtk_list_item_get_position(listItem))) else { return [] }
        return highlighter.spans(file: file, position: position, in: model)
    }

    package func show(_ row: DiffRow, sideBySide: Bool) {
        shown = (row, sideBySide)
        var wanted: Widget?
        switch row {
        case .file(let file, let isCollapsed):
            let header = self.header ?? makeHeader()
            header.show(file: file, isCollapsed: isCollapsed, model: model)
            wanted = header.root
        case .hunk(let text):
            let hunk = self.hunk ?? makeHunk()
            gtk_label_set_text(opaque(hunk), text)
            wanted = hunk
        case .line(let line):
            let cells = self.line ?? makeLine()
            cells.show(old: line, new: nil, sideBySide: false, colours: colours)
            wanted = cells.root
        case .pair(let old, let new):
            let cells = self.line ?? makeLine()
            cells.show(old: old, new: new, sideBySide: true, colours: colours)
            wanted = cells.root
        case .folded, .rest:
            let action = self.action ?? makeAction()
            action.show(text: model.text(of: row), button: row.isRest ? tr("Show the rest") : tr("Show"))
            wanted = action.root
        case .message(let text):
            let action = self.action ?? makeAction()
            action.show(text: text, button: nil)
            wanted = action.root
        case .thread(let anchor):
            wanted = showInSlot(annotations?.threadView(for: anchor)?.shownWidget)
        case .composer(let anchor):
            wanted = showInSlot(annotations?.composerView(for: anchor)?.shownWidget)
        }
        if wanted != slot, let slot, let child = gtk_widget_get_first_child(slot) {
            // The page's widget may be wanted by another row next: it leaves this one.
            gtk_box_remove(typed(slot), child)
        }
        for part in [header?.root, hunk, line?.root, action?.root, slot] {
            guard let part else { continue }
            let visible: gboolean = part == wanted ? 1 : 0
            if gtk_widget_get_visible(part) != visible { gtk_widget_set_visible(part, visible) }
        }
    }

    /// Moves the page's widget for this row into the slot (out of another row that showed it before).
    private func showInSlot(_ child: Widget?) -> Widget {
        let slot = self.slot ?? makeSlot()
        guard let child else { return slot }
        if gtk_widget_get_parent(child) != slot {
            if let current = gtk_widget_get_first_child(slot) { gtk_box_remove(typed(slot), current) }
            if let parent = gtk_widget_get_parent(child) { gtk_box_remove(typed(parent), child) }
            gtk_box_append(typed(slot), child)
        }
        return slot
    }

    private func makeSlot() -> Widget {
        let slot = Build.box(GTK_ORIENTATION_VERTICAL, classes: ["diff-annotation"])
        add(slot)
        self.slot = slot
        return slot
    }

    private func activate() {
        model.activate(row: Int(gtk_list_item_get_position(listItem)))
    }

    private func add(_ part: Widget) {
        gtk_widget_set_visible(part, 0)
        gtk_box_append(typed(root), part)
    }

    private func makeHeader() -> FileHeader {
        let header = FileHeader { [unowned self] in activate() }
        add(header.root)
        self.header = header
        return header
    }

    private func makeHunk() -> Widget {
        let hunk = Build.label("", classes: ["diff-hunk", "monospace"], xalign: 0)
        gtk_label_set_ellipsize(opaque(hunk), PANGO_ELLIPSIZE_END)
        add(hunk)
        self.hunk = hunk
        return hunk
    }

    private func makeLine() -> LineCells {
        let cells = LineCells()
        add(cells.root)
        line = cells
        return cells
    }

    private func makeAction() -> ActionCells {
        let action = ActionCells { [unowned self] in activate() }
        add(action.root)
        self.action = action
        return action
    }
}

private extension DiffRow {
    var isRest: Bool { if case .rest = self { true } else { false } }
}

/// A file's header: a flat button (click folds or unfolds) with the fold arrow, the path, the status and the counts.
@MainActor
private final class FileHeader {
    let root: Widget
    private let arrow = Build.label("", classes: ["diff-fold-arrow"])
    private let path = Build.label("", classes: ["monospace", "diff-path"], xalign: 0)
    private let status = Build.label("", classes: ["dim-label", "caption"])
    private let added = Build.label("", classes: ["diff-count-added", "monospace"])
    private let removed = Build.label("", classes: ["diff-count-removed", "monospace"])

    init(onClick: @escaping @MainActor () -> Void) {
        root = widget(gtk_button_new())
        Build.addClasses(root, ["flat", "diff-file-header"])
        gtk_label_set_ellipsize(opaque(path), PANGO_ELLIPSIZE_START)
        gtk_widget_set_hexpand(path, 1)
        let box = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(box, arrow, path, status, added, removed)
        gtk_button_set_child(typed(root), box)
        connect(raw(root), "clicked", main: onClick)
    }

    func show(file: Int, isCollapsed: Bool, model: DiffViewModel) {
        let counts = model.counts(of: file)
        let pathText = model.text(of: .file(file, isCollapsed: isCollapsed))
        gtk_label_set_text(opaque(arrow), isCollapsed ? "▸" : "▾")
        gtk_label_set_text(opaque(path), pathText)
        let statusText = model.statusText(of: file)
        gtk_label_set_text(opaque(status), statusText)
        gtk_widget_set_visible(status, statusText.isEmpty ? 0 : 1)
        gtk_label_set_text(opaque(added), counts.added)
        gtk_label_set_text(opaque(removed), counts.removed)
        gtk_widget_set_tooltip_text(root, pathText)
        Accessibility.setLabel(root, "\(pathText) \(counts.added) \(counts.removed)"
                               + (isCollapsed ? " " + tr("folded") : ""))
    }
}

/// One row of lines: in one column the old and new numbers, then the sign and text; side by side, the old side's
/// number and text, then the new side's. Each side is a box with two monospace labels (numbers, text), so a row is
/// five or eight widgets: GTK 4.8's GtkListView keeps about 200 rows bound, and every widget costs style work.
/// Each side's colour is one class: added, removed, context, note, or empty.
/// A line's text does not wrap: a long line makes the list wider and the diff scrolls sideways (as on the website).
/// A wrapping label is measured at several widths, each a full reshaping of its text (Pango 1.50 reshapes at every
/// line break of the zero-width layout that gives its minimum width): 160 wrapping monospace labels took 22-35 ms to
/// measure, plain ones 2.9 ms (issue 29), and the first screen of a diff binds 40 rows of them in one frame.
@MainActor
private final class LineCells {
    let root = Build.box(GTK_ORIENTATION_HORIZONTAL)
    private let left = Side()
    private let right = Side()
    private var isSideBySide = false

    init() {
        Build.addClasses(root, ["diff-line", "monospace"])
        // Which half a click lands on (DiffSideClicks): the left cell is the old line when side by side.
        gtk_widget_add_css_class(left.root, DiffSideClicks.oldSideClass)
        gtk_widget_add_css_class(right.root, DiffSideClicks.newSideClass)
        Build.append(root, left.root, right.root)
        gtk_widget_set_visible(right.root, 0)
    }

    func show(old: DiffLine?, new: DiffLine?, sideBySide: Bool, colours: (DiffLine?) -> [DiffHighlighter.Span]) {
        if sideBySide != isSideBySide {
            isSideBySide = sideBySide
            gtk_box_set_homogeneous(typed(root), sideBySide ? 1 : 0)
            gtk_widget_set_visible(right.root, sideBySide ? 1 : 0)
        }
        if sideBySide {
            left.show(old, gutter: old?.oldGutter ?? "", colours: colours(old))
            // A context line faces itself: its colours are read once.
            right.show(new, gutter: new?.newGutter ?? "", colours: new == old ? left.colours : colours(new))
        } else {
            let line = old ?? new
            left.show(line, gutter: line?.unifiedGutter ?? "", colours: colours(line))
        }
    }

    @MainActor
    final class Side {
        let root = Build.box(GTK_ORIENTATION_HORIZONTAL)
        private let numbers = Build.label("", classes: ["diff-number"], xalign: 1)
        private let text = Build.label("", xalign: 0)
        private var kindClass = ""

        init() {
            gtk_widget_set_hexpand(root, 1)
            gtk_widget_set_hexpand(text, 1)
            gtk_widget_set_valign(numbers, GTK_ALIGN_START)
            Build.append(root, numbers, text)
        }

        private(set) var colours: [DiffHighlighter.Span] = []

        func show(_ line: DiffLine?, gutter: String, colours: [DiffHighlighter.Span]) {
            gtk_label_set_text(opaque(numbers), gutter)
            gtk_label_set_text(opaque(text), line?.signedText ?? "")
            if colours != self.colours || !colours.isEmpty {
                DiffColouring.apply(colours, to: text, after: line.map(DiffColouring.prefixBytes) ?? 0)
                self.colours = colours
            }
            let wanted = switch line?.kind {
            case .added: "diff-added"
            case .removed: "diff-removed"
            case .context: "diff-context"
            case .note: "diff-note"
            case nil: "diff-empty"
            }
            guard wanted != kindClass else { return }
            if !kindClass.isEmpty { gtk_widget_remove_css_class(root, kindClass) }
            gtk_widget_add_css_class(root, wanted)
            kindClass = wanted
        }
    }
}

/// A sentence, and a button when the row does something (Show, Show the rest).
@MainActor
private final class ActionCells {
    let root = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["diff-action"])
    private let label = Build.label("", classes: ["dim-label"], wrap: true, xalign: 0)
    private let button = widget(gtk_button_new_with_label(""))

    init(onClick: @escaping @MainActor () -> Void) {
        gtk_widget_set_hexpand(label, 1)
        Build.append(root, label, button)
        connect(raw(button), "clicked", main: onClick)
    }

    func show(text: String, button title: String?) {
        gtk_label_set_text(opaque(label), text)
        gtk_widget_set_visible(button, title == nil ? 0 : 1)
        if let title { gtk_button_set_label(typed(button), title) }
    }
}
