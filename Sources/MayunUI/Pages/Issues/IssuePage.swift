import CGtk
import GLibRuntime
import MayunCore

/// One issue: title, state, author, labels, body, and the comments (more load on demand).
@MainActor
final class IssuePage: Page {
    private let viewModel: IssueViewModel
    private let states: StateStack
    private let header: IssueHeader
    private let labels: Widget
    private let comments: CommentThread<IssueViewModel>

    init(viewModel: IssueViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        header = IssueHeader(source: viewModel, images: images, bylineWraps: true, bindings: bindings) {
            viewModel.isOpen ? "issue-open" : "issue-closed"
        }
        labels = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["issue-page"])
        let scroller = widget(gtk_scrolled_window_new())
        states = StateStack(content: scroller, failureTitle: tr("Could not load this issue")) { viewModel.refresh() }
        comments = CommentThread(source: viewModel, images: images, bindings: bindings)
        super.init(root: states.root, bindings: bindings)

        Build.margins(column, 12)
        Build.append(column, header.heading, header.meta, labels, header.body, header.bodyView.root, comments.root)
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // A reading width on wide windows; the full width (less the margins) on a phone.
        let clamp = widget(adw_clamp_new())
        adw_clamp_set_maximum_size(opaque(clamp), 860)
        adw_clamp_set_child(opaque(clamp), column)
        gtk_scrolled_window_set_child(opaque(scroller), clamp)

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in showLabels(viewModel.labels) }
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }

    private func showLabels(_ names: [String]) {
        while let child = gtk_widget_get_first_child(labels) { gtk_box_remove(typed(labels), child) }
        for name in names { Build.append(labels, Build.label(name, classes: ["badge"])) }
    }
}
