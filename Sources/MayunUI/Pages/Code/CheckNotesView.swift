import GtkKit
import MayunCore

/// A line's check annotations as the diff draws them under it: each one line, its level as an icon and in words, then
/// the message (selectable). Used in a pull request's line threads and alone under a commit's lines.
@MainActor
final class CheckNotesView: ComposedView {
    fileprivate let box = Box(.vertical, spacing: 4, classes: ["check-notes"])
    /// The annotations drawn (tests read them).
    private(set) var shown: [CheckNoteRow] = []

    var root: WidgetObject { box }

    init() { box.isVisible = false }

    func show(_ notes: [CheckNoteRow]) {
        guard notes != shown else { return }
        shown = notes
        box.removeAll()
        box.isVisible = !notes.isEmpty
        for note in notes {
            let line = Box(.horizontal, spacing: 6, classes: ["check-note"])
            let text = Label("\(note.levelText): \(note.message)", wrap: true, xalign: 0)
            text.isSelectable = true
            text.hexpand = true
            line.append(Icon(ChecksView.iconName(note.level)), text)
            line.accessibleLabel = String(format: tr("%@ on line %d of %@: %@"), note.levelText, note.line, note.path,
                                          note.message)
            box.append(line)
        }
    }
}

/// What the diff of a commit draws under its lines: the annotations of the commit's checks.
@MainActor
final class CommitCheckNoteViews: DiffAnnotationViews {
    private unowned let viewModel: CommitViewModel
    private var views: [DiffAnchor: CheckNotesView] = [:]

    init(viewModel: CommitViewModel, bindings: BindingBag) {
        self.viewModel = viewModel
        bindings.bind { [unowned self] in
            _ = viewModel.checkAnchors
            for (anchor, view) in views { view.show(viewModel.checkNotes(at: anchor)) }
        }
    }

    func threadView(for anchor: DiffAnchor) -> (any Shown)? {
        if let view = views[anchor] { return view }
        let view = CheckNotesView()
        view.box.setMargins(8)
        views[anchor] = view
        view.show(viewModel.checkNotes(at: anchor))
        return view
    }

    func composerView(for anchor: DiffAnchor) -> (any Shown)? { nil }
}
