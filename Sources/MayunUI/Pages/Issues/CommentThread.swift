import MayunCore

/// The comments under an issue or a pull request: a heading, each comment's plain text at once (swapped for its
/// rendered document when parsed), "No comments yet." when there are none, and "Load more comments" while the
/// server has more. The page keeps it (its bindings hold it unowned).
@MainActor
final class CommentThread<Source: CommentThreadSource>: Component {
    private let view = Box(.vertical, spacing: 12)
    private let list = Box(.vertical, spacing: 10)
    private let more = Button(label: tr("Load more comments"))
    private unowned let source: Source
    private let images: ImageLoader
    private let bindings: BindingBag
    /// Each shown comment's plain text and its document, by index.
    private var views: [Int: (plain: Label, document: DocumentView)] = [:]
    private var shown = 0

    var root: Widget { view.widget }

    init(source: Source, images: ImageLoader, bindings: BindingBag) {
        self.source = source
        self.images = images
        self.bindings = bindings
        more.halign = .center
        view.append(Label(tr("Comments"), classes: ["heading"], xalign: 0), list, more)
        more.onClicked { [unowned source] in source.comments.loadMore() }
        bindings.bind { [unowned self] in
            for (index, document) in source.commentDocuments { showDocument(document, at: index) }
        }
        bindings.bind { [unowned self] in show(count: source.comments.items.count, generation: source.comments.generation) }
        bindings.bind { [unowned self] in
            more.isVisible = !(source.comments.reachedEnd || source.comments.items.isEmpty)
        }
    }

    /// Swaps a comment's plain text for its rendered document.
    private func showDocument(_ document: Document, at index: Int) {
        guard let shown = views[index], !shown.document.isVisible else { return }
        shown.document.show(document)
        shown.plain.isVisible = false
        shown.document.isVisible = true
    }

    /// Appends the comments not shown yet; starts over when the list was replaced (`generation` changed).
    private func show(count: Int, generation: Int) {
        if count < shown {
            list.removeAll()
            shown = 0
            views = [:]
        }
        while shown < count, let comment = source.comment(at: shown) {
            let card = Box(.vertical, spacing: 6, classes: ["card", "comment"])
            let text = Label(comment.body, wrap: true, xalign: 0)
            text.isSelectable = true
            let view = IssueHeader.makeDocumentView(images: images, nightMode: source.nightMode)
            if let nightMode = source.nightMode { view.follow(nightMode, in: bindings) }
            view.onActivateLink = { [unowned source] target in source.activate(target) }
            views[shown] = (text, view)
            card.append(Label("\(comment.author)  ·  \(comment.when)", classes: ["dim-label"], xalign: 0), text)
            card.append(view)
            list.append(card)
            if let document = source.commentDocument(at: shown) { showDocument(document, at: shown) }
            shown += 1
        }
        if count == 0 && source.comments.state == .empty(text: tr("No comments yet.")) {
            list.append(Label(tr("No comments yet."), classes: ["dim-label"], xalign: 0))
        }
    }
}
