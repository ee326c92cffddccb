import GtkKit
import MayunCore
import MayunDocument

/// The comments under an issue or a pull request: a heading, each comment's plain text at once (swapped for its
/// rendered document when parsed), "No comments yet." when there are none, and "Load more comments" while the
/// server has more. The person's own comments have Edit and Delete (Delete asks first), and a comment on
/// its way says so. Only the cards near the screen are drawn (`OnScreenChildren`). The page keeps it (its bindings
/// hold it unowned).
@MainActor
final class CommentThread<Source: CommentThreadSource>: ComposedView {
    private let view = Box(.vertical, spacing: 12)
    private let list: Box
    private let more = Button(label: tr("Load more comments"))
    private unowned let source: Source
    private let images: ImageLoader
    /// The decoded image bytes of all its comments together (and the description's, which the page passes too):
    /// a thread of a hundred screenshots is one page.
    let imageBudget: PageImageBudget
    private let bindings: BindingBag
    /// Draws the cards near the screen, and starts parsing each comment when its card first comes near.
    private let onScreen: OnScreenChildren
    /// Each shown comment's plain text and its document, by index.
    private var views: [Int: (plain: Label, document: DocumentView)] = [:]
    /// The cards shown, in order, each with what it shows: a change redraws from the first card that differs, so
    /// a comment added, sent, edited or deleted at the end never moves what is above it (nor the scroll).
    private var cards: [(signature: String, card: Box)] = []
    private var emptyLabel: Label?
    /// Edit / Delete for one's own comments; nil for a thread that only reads.
    private weak var actions: (any CommentActions)?
    /// Called after Edit put a comment into the composer.
    var onEdit: () -> Void = {}

    var root: WidgetObject { view }

    init(source: Source, images: ImageLoader, imageBudget: PageImageBudget = PageImageBudget(), bindings: BindingBag,
         actions: (any CommentActions)? = nil) {
        self.source = source
        self.imageBudget = imageBudget
        self.actions = actions
        self.images = images
        self.bindings = bindings
        // A thousand cards drawn whole cost a thousand cards' text in every frame while scrolling (issue 29).
        let list = Box(.vertical, spacing: 10)
        self.list = list
        onScreen = OnScreenChildren.install(on: list)
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

    /// Keeps the cards that still show the same comment and redraws from the first that differs (`generation` is
    /// read so a replaced list always comes here).
    private func show(count: Int, generation _: Int) {
        var shownNow: [(author: String, when: String, body: String)] = []
        var signatures: [String] = []
        for index in 0..<count {
            guard let comment = source.comment(at: index) else { break }
            shownNow.append(comment)
            let own = actions?.isOwnComment(at: index) ?? false, pending = actions?.isPendingComment(at: index) ?? false
            let waiting = actions?.waitingText(at: index) ?? ""
            signatures.append("\(comment.author)\u{1F}\(comment.when)\u{1F}\(comment.body)\u{1F}\(own)\u{1F}\(pending)\u{1F}\(waiting)")
        }
        var kept = 0
        while kept < cards.count, kept < signatures.count, cards[kept].signature == signatures[kept] { kept += 1 }
        for stale in cards[kept...] { list.remove(stale.card) }
        cards.removeSubrange(kept...)
        views = views.filter { $0.key < kept }
        if let emptyLabel {
            list.remove(emptyLabel)
            self.emptyLabel = nil
        }
        for index in kept..<shownNow.count {
            let comment = shownNow[index]
            let card = Box(.vertical, spacing: 6, classes: ["card", "comment"])
            let text = Label(comment.body, wrap: true, xalign: 0)
            text.isSelectable = true
            let view = IssueHeader.makeDocumentView(images: images, nightMode: source.nightMode,
                                                    imageBudget: imageBudget)
            if let nightMode = source.nightMode { view.follow(nightMode, in: bindings) }
            view.onActivateLink = { [unowned source] target in source.activate(target) }
            views[index] = (text, view)
            card.append(heading(for: index, author: comment.author, when: comment.when), text)
            card.append(view)
            list.append(card)
            cards.append((signatures[index], card))
            // Parsed when the card comes near the screen: a thread of a thousand comments does not parse them all.
            onScreen.whenNear(card) { [weak self, weak card] in
                guard let self, let card, cards.indices.contains(index), cards[index].card === card else { return }
                if let document = source.commentDocument(at: index) { showDocument(document, at: index) }
            }
        }
        if count == 0 && source.comments.state == .empty(text: tr("No comments yet.")) {
            let empty = Label(tr("No comments yet."), classes: ["dim-label"], xalign: 0)
            list.append(empty)
            emptyLabel = empty
        }
    }

    /// "author · when", and for one's own comment Edit and Delete; "Sending…" while it is on its way; "Waiting to
    /// send" with Cancel while it waits in the outbox.
    private func heading(for index: Int, author: String, when: String) -> WidgetObject {
        if let actions, let waiting = actions.waitingText(at: index) {
            let line = Label("\(author)  ·  \(waiting)", classes: ["dim-label"], xalign: 0)
            line.hexpand = true
            let cancel = Button(child: Label(actions.cancelWaitingTitle),
                                accessibleLabel: tr("Cancel sending this comment"), classes: ["flat", "small-button"])
            cancel.onClicked { [weak actions] in actions?.cancelWaitingComment(at: index) }
            let row = Box(.horizontal, spacing: 4)
            row.append(line, cancel)
            return row
        }
        let pending = actions?.isPendingComment(at: index) ?? false
        let sending = tr("Sending…")
        let line = Label("\(author)  ·  \(pending ? sending : when)", classes: ["dim-label"], xalign: 0)
        guard let actions, actions.isOwnComment(at: index) else { return line }
        line.hexpand = true
        let row = Box(.horizontal, spacing: 4)
        // A label child (not the button's own label, which GTK 4.8 would read as its name) so the name can say whose.
        let edit = Button(child: Label(tr("Edit")), accessibleLabel: String(format: tr("Edit comment by %@"), author),
                          classes: ["flat", "small-button"])
        // Red text on a flat button (the theme's destructive-action is white on red, which a flat button leaves white).
        let delete = Button(child: Label(tr("Delete"), classes: ["error"]),
                            accessibleLabel: String(format: tr("Delete comment by %@"), author),
                            classes: ["flat", "small-button"])
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
    /// "Waiting to send" (or why not sent) for a comment kept in the outbox, else nil.
    func waitingText(at index: Int) -> String?
    func cancelWaitingComment(at index: Int)
    var cancelWaitingTitle: String { get }
    func editComment(at index: Int)
    func deleteComment(at index: Int)
    var deleteQuestion: (heading: String, body: String, confirm: String) { get }
}

extension IssueViewModel: CommentActions {}
extension PullRequestViewModel: CommentActions {}
