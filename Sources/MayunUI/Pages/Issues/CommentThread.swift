import MayunCore

/// The comments under an issue or a pull request: a heading, each comment's plain text at once (swapped for its
/// rendered document when parsed), "No comments yet." when there are none, and "Load more comments" while the
/// server has more. On an issue, the person's own comments have Edit and Delete (Delete asks first), and a comment on
/// its way says so. The page keeps it (its bindings hold it unowned).
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
    private var shownGeneration = 0
    /// Edit / Delete for one's own comments (issues); nil for a thread that only reads (pull requests).
    private weak var actions: (any CommentActions)?
    /// Called after Edit put a comment into the composer.
    var onEdit: () -> Void = {}

    var root: Widget { view.widget }

    init(source: Source, images: ImageLoader, bindings: BindingBag, actions: (any CommentActions)? = nil) {
        self.source = source
        self.actions = actions
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
        // Replaced, not appended to (a refresh, or a comment added, edited or deleted here): drawn again.
        if count < shown || generation != shownGeneration {
            shownGeneration = generation
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
            card.append(heading(for: shown, author: comment.author, when: comment.when), text)
            card.append(view)
            list.append(card)
            if let document = source.commentDocument(at: shown) { showDocument(document, at: shown) }
            shown += 1
        }
        if count == 0 && source.comments.state == .empty(text: tr("No comments yet.")) {
            list.append(Label(tr("No comments yet."), classes: ["dim-label"], xalign: 0))
        }
    }

    /// "author · when", and for one's own comment Edit and Delete; "Sending…" while it is on its way.
    private func heading(for index: Int, author: String, when: String) -> WidgetObject {
        let pending = actions?.isPendingComment(at: index) ?? false
        let sending = tr("Sending…")
        let line = Label("\(author)  ·  \(pending ? sending : when)", classes: ["dim-label"], xalign: 0)
        guard let actions, actions.isOwnComment(at: index) else { return line }
        line.hexpand = true
        let row = Box(.horizontal, spacing: 4)
        // A label child (not the button's own label, which GTK 4.8 would read as its name) so the name can say whose.
        let edit = Button(child: Label(tr("Edit")), accessibleLabel: String(format: tr("Edit comment by %@"), author),
                          classes: ["flat", "small-button"])
        let delete = Button(child: Label(tr("Delete")), accessibleLabel: String(format: tr("Delete comment by %@"), author),
                            classes: ["flat", "small-button", "destructive-action"])
        edit.onClicked { [weak self, weak actions] in
            actions?.editComment(at: index)
            self?.onEdit()
        }
        delete.onClicked { [weak self] in self?.confirmDelete(at: index) }
        row.append(line, edit, delete)
        return row
    }

    /// Deleting cannot be undone, so it asks first.
    private func confirmDelete(at index: Int) {
        guard let actions else { return }
        let question = actions.deleteQuestion
        let dialog = ConfirmDialog(over: self, question: question.heading, detail: question.body, confirm: question.confirm)
        dialog.present { [weak actions] confirmed in
            if confirmed { actions?.deleteComment(at: index) }
        }
    }
}

/// What a thread needs to offer Edit and Delete on one's own comments.
@MainActor
protocol CommentActions: AnyObject {
    func isOwnComment(at index: Int) -> Bool
    func isPendingComment(at index: Int) -> Bool
    func editComment(at index: Int)
    func deleteComment(at index: Int)
    var deleteQuestion: (heading: String, body: String, confirm: String) { get }
}

extension IssueViewModel: CommentActions {}
