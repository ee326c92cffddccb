import CGtk
import GLibRuntime
import MayunCore

/// One issue: title, state, author, labels, body, and the comments (more load on demand).
@MainActor
final class IssuePage: Page {
    private let viewModel: IssueViewModel
    private let states: StateStack
    private let heading: Widget
    private let stateLabel: Widget
    private let byline: Widget
    private let labels: Widget
    private let body: Widget
    private let bodyView: DocumentView
    private let images: ImageLoader
    private let comments: CommentThread<IssueViewModel>

    init(viewModel: IssueViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        self.images = images
        bodyView = IssuePage.makeDocumentView(images: images, nightMode: viewModel.nightMode)
        heading = Build.label("", classes: ["title-2"], wrap: true, xalign: 0)
        gtk_label_set_selectable(opaque(heading), 1)
        stateLabel = Build.label("", classes: ["badge"])
        byline = Build.label("", classes: ["dim-label"], wrap: true, xalign: 0)
        labels = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
        body = Build.label("", classes: ["issue-body"], wrap: true, xalign: 0)
        gtk_label_set_selectable(opaque(body), 1)
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["issue-page"])
        let scroller = widget(gtk_scrolled_window_new())
        states = StateStack(content: scroller, failureTitle: tr("Could not load this issue")) { viewModel.refresh() }
        let bindings = BindingBag()
        comments = CommentThread(source: viewModel, images: images, bindings: bindings)
        super.init(root: states.root, bindings: bindings)

        let meta = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(meta, stateLabel, byline)
        Build.margins(column, 12)
        Build.append(column, heading, meta, labels, body, bodyView.root,
                     comments.root)
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // A reading width on wide windows; the full width (less the margins) on a phone.
        let clamp = widget(adw_clamp_new())
        adw_clamp_set_maximum_size(opaque(clamp), 860)
        adw_clamp_set_child(opaque(clamp), column)
        gtk_scrolled_window_set_child(opaque(scroller), clamp)

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in showIssue(viewModel.heading, viewModel.body) }
        bindings.bind { [unowned self] in
            // The plain text shows until the rendered body is ready (and stays for an empty body).
            guard let document = viewModel.bodyDocument else { return }
            bodyView.show(document)
            gtk_widget_set_visible(body, 0)
            gtk_widget_set_visible(bodyView.root, 1)
        }
        if let nightMode = viewModel.nightMode { bodyView.follow(nightMode, in: bindings) }
        bodyView.onActivateLink = { target in viewModel.activate(target) }
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }


    static func makeDocumentView(images: ImageLoader, nightMode: NightModeViewModel?) -> DocumentView {
        let view = DocumentView(imageLoader: SharedImageLoaderAdapter(images), palette: nightMode?.palette ?? .light,
                                isNight: nightMode?.isNight ?? false)
        view.growWithContent()
        // Horizontally "external", not "never": the document sizes its pictures and rules to its last known width (640
        // before its first allocation), and with "never" that became the page's minimum width, holding a phone-sized
        // window 700 px wide. Now the page's width decides and the document follows it.
        gtk_scrolled_window_set_policy(opaque(view.root), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        gtk_widget_set_visible(view.root, 0)
        return view
    }

    private func showIssue(_ title: String, _ text: String) {
        gtk_label_set_text(opaque(heading), title)
        gtk_label_set_text(opaque(stateLabel), viewModel.stateText)
        Build.addClasses(stateLabel, [viewModel.isOpen ? "issue-open" : "issue-closed"])
        gtk_label_set_text(opaque(byline), viewModel.byline)
        while let child = gtk_widget_get_first_child(labels) { gtk_box_remove(typed(labels), child) }
        for name in viewModel.labels { Build.append(labels, Build.label(name, classes: ["badge"])) }
        gtk_label_set_text(opaque(body), text)
    }

}
