import GtkKit
import MayunCore

/// What a page with a comment composer offers it (an issue, a pull request).
@MainActor
protocol CommentComposerOwner: AnyObject {
    var composer: CommentComposer { get }
    var isLoggedIn: Bool { get }
    var logInToCommentTitle: String { get }
    func logInToComment()
}

extension IssueViewModel: CommentComposerOwner {}
extension PullRequestViewModel: CommentComposerOwner {}

/// The composer under an issue's or a pull request's comments: Write / Preview (the preview is a `DocumentView`, the pane a README is
/// drawn in), Comment (or Save and Cancel while editing one's own comment), Ctrl+Enter to send, the reason under it
/// when a send failed. Logged out, it is one "Log in to comment" button.
@MainActor
final class CommentComposerView: ComposedView {
    private let view = Box(.vertical, spacing: 8, classes: ["comment-composer"])
    private let logIn: Button
    private let editor = Box(.vertical, spacing: 8)
    private let writeToggle: ToggleButton
    private let previewToggle: ToggleButton
    /// Kept: its handlers read the buffer they were connected to.
    private let textView: TextView
    private let pages = Stack()
    let preview: DocumentView
    private let nothingToPreview: Label
    private let failure = Label(classes: ["error"], wrap: true, xalign: 0)
    private let send: Button
    private let cancelEdit = Button(label: tr("Cancel"))
    /// The @mention list beside the cursor.
    private let mentionList: CompletionPopover

    var root: WidgetObject { view }

    init<Owner: CommentComposerOwner>(viewModel: Owner, images: ImageLoader, bindings: BindingBag) {
        let composer = viewModel.composer
        logIn = Button(label: viewModel.logInToCommentTitle, classes: ["suggested-action"])
        logIn.halign = .start
        writeToggle = ToggleButton(label: composer.writeTitle)
        previewToggle = ToggleButton(label: composer.previewTitle)
        previewToggle.join(writeToggle)
        writeToggle.isActive = true
        textView = TextView(text: composer.text)
        textView.accessibleLabel = composer.placeholder
        textView.tooltip = composer.placeholder
        textView.addClasses(["comment-editor"])
        preview = IssueHeader.makeDocumentView(images: images, nightMode: composer.nightMode)
        preview.isVisible = true
        nothingToPreview = Label(composer.nothingToPreview, classes: ["dim-label"], xalign: 0)
        send = Button(label: composer.sendTitle, classes: ["suggested-action"])
        mentionList = CompletionPopover(beside: textView, accessibleLabel: composer.mentions.accessibleTitle)

        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.setChild(textView)
        scroller.setSizeRequest(width: -1, height: 120)
        let previewBox = Box(.vertical, spacing: 0)
        previewBox.append(nothingToPreview)
        previewBox.append(preview)
        pages.add(scroller, name: "write")
        pages.add(previewBox, name: "preview")
        pages.addClasses(["card", "issue-editor"])

        let modes = Box(.horizontal, spacing: 0, classes: ["linked"])
        modes.append(writeToggle, previewToggle)
        let buttons = Box(.horizontal, spacing: 8)
        buttons.append(modes, Box.spacer(), cancelEdit, send)
        editor.append(Label(tr("Leave a comment"), classes: ["heading"], xalign: 0), pages, failure, buttons)
        view.append(logIn, editor)
        if let nightMode = composer.nightMode { preview.follow(nightMode, in: bindings) }
        Self.wireMentions(composer.mentions, textView: textView, list: mentionList, bindings: bindings)

        logIn.onClicked { viewModel.logInToComment() }
        textView.onChanged { composer.setText($0) }
        textView.onControlEnter { composer.submit() }
        send.onClicked { composer.submit() }
        cancelEdit.onClicked { composer.cancelEditing() }
        writeToggle.onToggled { if $0 { composer.showWrite() } }
        previewToggle.onToggled { if $0 { composer.showPreview() } }

        bindings.bind { [unowned self] in
            let loggedIn = viewModel.isLoggedIn
            logIn.isVisible = !loggedIn
            editor.isVisible = loggedIn
        }
        bindings.bind { [unowned self] in
            textView.text = composer.text
            send.label = composer.sendTitle
            send.isSensitive = composer.canSend
            cancelEdit.isVisible = composer.isEditing
            failure.text = composer.failure ?? ""
            failure.isVisible = composer.failure != nil
        }
        bindings.bind { [unowned self] in
            let previewing = composer.mode == .preview
            pages.visibleChildName = previewing ? "preview" : "write"
            writeToggle.isActive = !previewing
            previewToggle.isActive = previewing
            let document = composer.preview
            nothingToPreview.isVisible = previewing && document == nil
            preview.isVisible = document != nil
            if previewing, let document { preview.show(document) }
        }
    }

    /// "@" and the start of a login offer the project's people beside the cursor; the keys move and pick while the
    /// list shows; a pick replaces the typed mention with "@login " (the buffer's change reaches the composer).
    private static func wireMentions(_ mentions: MentionCompletion, textView: TextView, list: CompletionPopover,
                                     bindings: BindingBag) {
        let insert: @MainActor (Int?) -> Void = { [weak textView] index in
            guard let textView, let change = mentions.accept(index) else { return }
            textView.replace(from: change.start, to: change.end, with: change.insertion)
            _ = textView.grabFocus()
        }
        textView.onTextOrCursor { text, cursor in mentions.update(text: text, cursor: cursor) }
        textView.onCompletionKeys { key in
            switch key {
            case .up: return mentions.moveSelection(by: -1)
            case .down: return mentions.moveSelection(by: 1)
            case .dismiss: return mentions.dismiss()
            case .accept:
                guard mentions.isShowing else { return false }
                insert(nil)
                return true
            }
        }
        list.onPicked { insert($0) }
        bindings.bind { [weak textView] in
            let titles = mentions.candidates.map(\.title)
            let selected = mentions.selectedIndex
            guard let textView, !titles.isEmpty else { return list.hide() }
            list.show(titles, selected: selected, at: textView.cursorRectangle)
        }
    }

    /// Puts the cursor in the text (after Edit).
    func focusText() { _ = textView.grabFocus() }
}
