import MayunCore

/// One issue: title, state (by the site's name), author, labels, body, the comments (more load on demand), the
/// composer under them, and for members the buttons that move the issue between states.
@MainActor
final class IssuePage: Page {
    private let viewModel: IssueViewModel
    private let states: StateStack
    private let header: IssueHeader
    private let labels = Box(.horizontal, spacing: 4)
    private let stateMoves = Box(.horizontal, spacing: 8)
    private let comments: CommentThread<IssueViewModel>
    private let composer: CommentComposerView

    init(viewModel: IssueViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        header = IssueHeader(source: viewModel, images: images, bylineWraps: true, bindings: bindings) {
            viewModel.stateClass
        }
        let column = Box(.vertical, spacing: 12, classes: ["issue-page"])
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this issue")) { viewModel.refresh() }
        comments = CommentThread(source: viewModel, images: images, bindings: bindings, actions: viewModel)
        composer = CommentComposerView(viewModel: viewModel, images: images, bindings: bindings)
        super.init(root: states.root, bindings: bindings)

        column.setMargins(12)
        column.append(header.heading, header.meta, labels, stateMoves, header.body)
        column.append(header.bodyView, comments, composer)
        // A reading width on wide windows; the full width (less the margins) on a phone.
        let clamp = Clamp(maximum: 860, child: column)
        scroller.setChild(clamp)
        comments.onEdit = { [unowned self] in composer.focusText() }

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in showLabels(viewModel.labels) }
        bindings.bind { [unowned self] in showStateMoves(viewModel.stateMoves) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func showLabels(_ names: [String]) {
        labels.removeAll()
        for name in names { labels.append(Label(name, classes: ["badge"])) }
    }

    /// One button per state a member may move the issue to; none (hidden) for everyone else.
    private func showStateMoves(_ moves: [(status: IssueStatus, title: String)]) {
        stateMoves.removeAll()
        stateMoves.isVisible = !moves.isEmpty
        for move in moves {
            let button = Button(label: move.title)
            let target = move.status
            button.onClicked { [unowned viewModel] in viewModel.move(to: target) }
            stateMoves.append(button)
        }
    }
}
