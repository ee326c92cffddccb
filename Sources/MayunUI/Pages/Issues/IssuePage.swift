import MayunCore

/// One issue: title, state, author, labels, body, and the comments (more load on demand).
@MainActor
final class IssuePage: Page {
    private let viewModel: IssueViewModel
    private let states: StateStack
    private let header: IssueHeader
    private let labels = Box(.horizontal, spacing: 4)
    private let comments: CommentThread<IssueViewModel>

    init(viewModel: IssueViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        header = IssueHeader(source: viewModel, images: images, bylineWraps: true, bindings: bindings) {
            viewModel.isOpen ? "issue-open" : "issue-closed"
        }
        let column = Box(.vertical, spacing: 12, classes: ["issue-page"])
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this issue")) { viewModel.refresh() }
        comments = CommentThread(source: viewModel, images: images, bindings: bindings)
        super.init(root: states.root, bindings: bindings)

        column.setMargins(12)
        column.append(header.heading, header.meta, labels, header.body)
        column.append(header.bodyView, comments)
        // A reading width on wide windows; the full width (less the margins) on a phone.
        let clamp = Clamp(maximum: 860, child: column)
        scroller.setChild(clamp)

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in showLabels(viewModel.labels) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func showLabels(_ names: [String]) {
        labels.removeAll()
        for name in names { labels.append(Label(name, classes: ["badge"])) }
    }
}
