import GtkKit
import MayunCore

/// One commit: message and author (scrolling on their own past a third of a phone screen), then the changed files
/// in the diff view, whose bar says how many files and lines changed, filling the rest and building only the rows
/// on screen.
@MainActor
final class CommitPage: Page {
    private let viewModel: CommitViewModel
    private let message = Label(classes: ["commit-message"], wrap: true, xalign: 0)
    private let byline = Label(classes: ["dim-label"], xalign: 0)
    private let states: StateStack
    let diff: DiffView
    let checks: ChecksView
    /// The checks' annotations under the diff's lines.
    let checkNotes: CommitCheckNoteViews

    init(viewModel: CommitViewModel) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        diff = DiffView(model: viewModel.diff, bindings: bindings)
        checks = ChecksView(checks: viewModel.checks, bindings: bindings)
        checkNotes = CommitCheckNoteViews(viewModel: viewModel, bindings: bindings)
        diff.annotations = checkNotes
        message.isSelectable = true
        let header = Box(.vertical, spacing: 6, classes: ["commit-page"])
        header.setMargins(16)
        header.append(message, byline, checks.root)
        let headerScroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        headerScroller.limitHeight(to: 280)
        headerScroller.setChild(header)
        let column = Box(.vertical)
        column.append(headerScroller)
        column.append(diff)
        states = StateStack(content: column, failureTitle: tr("Could not load this commit")) { viewModel.refresh() }
        super.init(root: states, bindings: bindings)
        bindings.bind { [unowned self] in
            message.text = viewModel.message
            byline.text = viewModel.byline
            states.show(viewModel.state)
        }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
