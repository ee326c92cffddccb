import GtkKit
import MayunCore

/// What the diff of a pull request draws under its lines: each line's comment thread (author, time, the body in the
/// document pane; Edit and Delete on one's own, Delete asks; Reply) and the one line composer (the conversation's
/// composer on the line's own draft, with Cancel). Kept by the page, handed to whichever row shows them.
@MainActor
final class LineCommentViews: DiffAnnotationViews {
    private unowned let viewModel: PullRequestViewModel
    private let images: ImageLoader
    private let bindings: BindingBag
    private var threads: [DiffAnchor: LineThreadView] = [:]
    private let composerBox = Box(.vertical, spacing: 6, classes: ["card", "line-composer"])
    private let composerTitle = Label(classes: ["heading"], xalign: 0)
    private let composer: CommentComposerView

    init(viewModel: PullRequestViewModel, images: ImageLoader, bindings: BindingBag) {
        self.viewModel = viewModel
        self.images = images
        self.bindings = bindings
        composer = CommentComposerView(viewModel: LineComposerOwner(viewModel), images: images, bindings: bindings)
        let close = Button(label: viewModel.closeLineComposerTitle, classes: ["flat"])
        close.onClicked { [unowned viewModel] in viewModel.closeLineComposer() }
        composerTitle.hexpand = true
        let top = Box(.horizontal, spacing: 8)
        top.append(composerTitle, close)
        composerBox.setMargins(8)
        composerBox.append(top)
        composerBox.append(composer)
        bindings.bind { [unowned self] in composerTitle.text = viewModel.lineComposerTitle }
        bindings.bind { [unowned self] in
            // Reads the comments, the login and the rendered documents whatever threads exist yet, so that the
            // binding runs again when any of them changes; every thread shown follows.
            _ = (viewModel.comments.items.count, viewModel.comments.generation, viewModel.isLoggedIn)
            _ = viewModel.renderedComments.landed
            _ = viewModel.checkAnchors.count
            for (anchor, view) in threads {
                view.show(viewModel.lineThread(at: anchor), notes: viewModel.checkNotes(at: anchor))
            }
        }
        bindings.bind { [unowned self] in
            // The composer just opened: the cursor goes into it.
            if viewModel.composingAt != nil { composer.focusText() }
        }
    }

    func threadView(for anchor: DiffAnchor) -> (any Shown)? {
        if let view = threads[anchor] { return view }
        let view = LineThreadView(anchor: anchor, viewModel: viewModel, images: images, bindings: bindings)
        threads[anchor] = view
        view.show(viewModel.lineThread(at: anchor), notes: viewModel.checkNotes(at: anchor))
        return view
    }

    func composerView(for anchor: DiffAnchor) -> (any Shown)? { composerBox }
}

/// The line composer's owner: the pull request, with the line's composer.
@MainActor
private final class LineComposerOwner: CommentComposerOwner {
    private unowned let viewModel: PullRequestViewModel
    init(_ viewModel: PullRequestViewModel) { self.viewModel = viewModel }
    var composer: CommentComposer { viewModel.lineComposer }
    var isLoggedIn: Bool { viewModel.isLoggedIn }
    var logInToCommentTitle: String { viewModel.logInToCommentTitle }
    func logInToComment() { viewModel.logInToComment() }
}

/// One line's check annotations (an icon and the level in words, then the message) and its comments, as cards like
/// the conversation's, with Reply under them.
@MainActor
final class LineThreadView: ComposedView {
    private let view = Box(.vertical, spacing: 8, classes: ["line-thread"])
    private let list = Box(.vertical, spacing: 8)
    private let notes = CheckNotesView()
    private let anchor: DiffAnchor
    private unowned let viewModel: PullRequestViewModel
    private let images: ImageLoader
    private let bindings: BindingBag
    private var shown: [LineCommentRow] = []
    /// The annotations drawn (tests read them).
    var notesShown: [CheckNoteRow] { notes.shown }
    private var documentsShown: [Bool] = []

    var root: WidgetObject { view }

    init(anchor: DiffAnchor, viewModel: PullRequestViewModel, images: ImageLoader, bindings: BindingBag) {
        self.anchor = anchor
        self.viewModel = viewModel
        self.images = images
        self.bindings = bindings
        let reply = Button(label: viewModel.replyTitle, classes: ["flat"])
        reply.halign = .start
        reply.onClicked { [unowned viewModel] in viewModel.openLineComposer(at: anchor) }
        view.setMargins(8)
        view.append(notes.root, list, reply)
        view.accessibleLabel = String(format: tr("Comments on line %d of %@"), anchor.position, anchor.path)
    }

    /// Redraws when the comments, their rendered documents or the line's annotations changed.
    func show(_ rows: [LineCommentRow], notes: [CheckNoteRow] = []) {
        self.notes.show(notes)
        let documents = rows.map { viewModel.lineCommentDocument(for: $0.body) != nil }
        guard rows != shown || documents != documentsShown else { return }
        shown = rows
        documentsShown = documents
        list.removeAll()
        for row in rows { list.append(card(for: row)) }
    }

    private func card(for row: LineCommentRow) -> Box {
        let card = Box(.vertical, spacing: 6, classes: ["card", "comment"])
        card.setMargins(0)
        let heading = Label("\(row.author)  ·  \(row.waiting ?? row.when)", classes: ["dim-label"], xalign: 0)
        heading.hexpand = true
        let top = Box(.horizontal, spacing: 4)
        top.append(heading)
        if row.waiting != nil {
            let cancel = Button(child: Label(viewModel.cancelWaitingTitle),
                                accessibleLabel: String(format: tr("Cancel the change to the comment by %@"), row.author),
                                classes: ["flat", "small-button"])
            let id = row.id
            cancel.onClicked { [unowned viewModel] in viewModel.cancelWaitingLineComment(id: id) }
            top.append(cancel)
        } else if row.isOwn {
            let edit = Button(child: Label(tr("Edit")), accessibleLabel: String(format: tr("Edit comment by %@"), row.author),
                              classes: ["flat", "small-button"])
            let delete = Button(child: Label(tr("Delete"), classes: ["error"]),
                                accessibleLabel: String(format: tr("Delete comment by %@"), row.author),
                                classes: ["flat", "small-button"])
            let id = row.id
            edit.onClicked { [unowned viewModel] in viewModel.editLineComment(id: id) }
            delete.onClicked { [unowned self] in confirmDelete(id: id) }
            top.append(edit, delete)
        }
        card.append(top)
        if let document = viewModel.lineCommentDocument(for: row.body) {
            let pane = IssueHeader.makeDocumentView(images: images, nightMode: viewModel.nightMode)
            if let nightMode = viewModel.nightMode { pane.follow(nightMode, in: bindings) }
            pane.onActivateLink = { [unowned viewModel] target in viewModel.activate(target) }
            pane.show(document)
            pane.isVisible = true
            card.append(pane)
        } else {
            let text = Label(row.body, wrap: true, xalign: 0)
            text.isSelectable = true
            card.append(text)
        }
        return card
    }

    private func confirmDelete(id: Int) {
        let question = viewModel.deleteQuestion
        let dialog = ConfirmDialog(over: self, question: question.heading, detail: question.body, confirm: question.confirm)
        dialog.present { [weak viewModel] confirmed in
            if confirmed { viewModel?.deleteLineComment(id: id) }
        }
    }
}
