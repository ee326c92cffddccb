import CGtk
import GLibRuntime
import MayunCore

/// The comments under an issue or a pull request: a heading, each comment's plain text at once (swapped for its
/// rendered document when parsed), "No comments yet." when there are none, and "Load more comments" while the
/// server has more. The page keeps it (its bindings hold it unowned).
@MainActor
final class CommentThread<Source: CommentThreadSource> {
    let root: Widget
    private let list: Widget
    private let more: Widget
    private unowned let source: Source
    private let images: ImageLoader
    private let bindings: BindingBag
    private var views: [Int: DocumentView] = [:]
    private var shown = 0

    init(source: Source, images: ImageLoader, bindings: BindingBag) {
        self.source = source
        self.images = images
        self.bindings = bindings
        list = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
        more = widget(gtk_button_new_with_label(tr("Load more comments")))
        gtk_widget_set_halign(more, GTK_ALIGN_CENTER)
        root = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Build.append(root, Build.label(tr("Comments"), classes: ["heading"], xalign: 0), list, more)
        connect(raw(more), "clicked", main: { [unowned source] in source.comments.loadMore() })
        bindings.bind { [unowned self] in
            for (index, document) in source.commentDocuments { showDocument(document, at: index) }
        }
        bindings.bind { [unowned self] in show(count: source.comments.items.count, generation: source.comments.generation) }
        bindings.bind { [unowned self] in
            gtk_widget_set_visible(more, source.comments.reachedEnd || source.comments.items.isEmpty ? 0 : 1)
        }
    }

    /// Swaps a comment's plain text for its rendered document.
    private func showDocument(_ document: Document, at index: Int) {
        guard let view = views[index], gtk_widget_get_visible(view.root) == 0 else { return }
        view.show(document)
        if let plain = gtk_widget_get_prev_sibling(view.root) { gtk_widget_set_visible(plain, 0) }
        gtk_widget_set_visible(view.root, 1)
    }

    /// Appends the comments not shown yet; starts over when the list was replaced (`generation` changed).
    private func show(count: Int, generation: Int) {
        if count < shown {
            while let child = gtk_widget_get_first_child(list) { gtk_box_remove(typed(list), child) }
            shown = 0
            views = [:]
        }
        while shown < count, let comment = source.comment(at: shown) {
            let card = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["card", "comment"])
            let text = Build.label(comment.body, wrap: true, xalign: 0)
            gtk_label_set_selectable(opaque(text), 1)
            let view = IssueHeader.makeDocumentView(images: images, nightMode: source.nightMode)
            if let nightMode = source.nightMode { view.follow(nightMode, in: bindings) }
            view.onActivateLink = { [unowned source] target in source.activate(target) }
            views[shown] = view
            Build.append(card, Build.label("\(comment.author)  ·  \(comment.when)", classes: ["dim-label"], xalign: 0),
                         text, view.root)
            Build.append(list, card)
            if let document = source.commentDocument(at: shown) { showDocument(document, at: shown) }
            shown += 1
        }
        if count == 0 && source.comments.state == .empty(text: tr("No comments yet.")) {
            Build.append(list, Build.label(tr("No comments yet."), classes: ["dim-label"], xalign: 0))
        }
    }
}
