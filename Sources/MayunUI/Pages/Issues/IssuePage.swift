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
    private var commentViews: [Int: DocumentView] = [:]
    private let comments: Widget
    private let moreComments: Widget
    private var shownComments = 0

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
        comments = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
        moreComments = widget(gtk_button_new_with_label(tr("Load more comments")))
        gtk_widget_set_halign(moreComments, GTK_ALIGN_CENTER)
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["issue-page"])
        let scroller = widget(gtk_scrolled_window_new())
        states = StateStack(content: scroller, failureTitle: tr("Could not load this issue")) { viewModel.refresh() }
        super.init(root: states.root)

        let meta = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(meta, stateLabel, byline)
        Build.margins(column, 12)
        Build.append(column, heading, meta, labels, body, bodyView.root,
                     Build.label(tr("Comments"), classes: ["heading"], xalign: 0), comments, moreComments)
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // A reading width on wide windows; the full width (less the margins) on a phone.
        let clamp = widget(adw_clamp_new())
        adw_clamp_set_maximum_size(opaque(clamp), 860)
        adw_clamp_set_child(opaque(clamp), column)
        gtk_scrolled_window_set_child(opaque(scroller), clamp)
        connect(raw(moreComments), "clicked", main: { viewModel.comments.loadMore() })

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in showIssue(viewModel.heading, viewModel.body) }
        bindings.bind { [unowned self] in
            // The plain text shows until the rendered body is ready (and stays for an empty body).
            guard let document = viewModel.bodyDocument else { return }
            bodyView.show(document)
            gtk_widget_set_visible(body, 0)
            gtk_widget_set_visible(bodyView.root, 1)
        }
        bindings.bind { [unowned self] in
            for (index, document) in viewModel.commentDocuments { showCommentDocument(document, at: index) }
        }
        if let nightMode = viewModel.nightMode { bodyView.follow(nightMode, in: bindings) }
        bodyView.onActivateLink = { target in viewModel.activate(target) }
        bindings.bind { [unowned self] in showComments(count: viewModel.comments.items.count,
                                                         generation: viewModel.comments.generation) }
        bindings.bind { [unowned self] in
            gtk_widget_set_visible(moreComments, viewModel.comments.reachedEnd || viewModel.comments.items.isEmpty ? 0 : 1)
        }
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }

    /// Swaps a comment's plain text for its rendered document.
    private func showCommentDocument(_ document: Document, at index: Int) {
        guard let view = commentViews[index], gtk_widget_get_visible(view.root) == 0 else { return }
        view.show(document)
        if let plain = gtk_widget_get_prev_sibling(view.root) { gtk_widget_set_visible(plain, 0) }
        gtk_widget_set_visible(view.root, 1)
    }

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

    private func showComments(count: Int, generation: Int) {
        if count < shownComments {
            while let child = gtk_widget_get_first_child(comments) { gtk_box_remove(typed(comments), child) }
            shownComments = 0
            commentViews = [:]
        }
        while shownComments < count, let comment = viewModel.comment(at: shownComments) {
            let card = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["card", "comment"])
            let text = Build.label(comment.body, wrap: true, xalign: 0)
            gtk_label_set_selectable(opaque(text), 1)
            let view = IssuePage.makeDocumentView(images: images, nightMode: viewModel.nightMode)
            if let nightMode = viewModel.nightMode { view.follow(nightMode, in: bindings) }
            view.onActivateLink = { [unowned self] target in viewModel.activate(target) }
            commentViews[shownComments] = view
            Build.append(card, Build.label("\(comment.author)  ·  \(comment.when)", classes: ["dim-label"], xalign: 0),
                         text, view.root)
            Build.append(comments, card)
            if let document = viewModel.commentDocument(at: shownComments) { showCommentDocument(document, at: shownComments) }
            shownComments += 1
        }
        if count == 0 && viewModel.comments.state == .empty(text: tr("No comments yet.")) {
            Build.append(comments, Build.label(tr("No comments yet."), classes: ["dim-label"], xalign: 0))
        }
    }
}
