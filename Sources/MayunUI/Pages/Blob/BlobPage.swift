import GtkKit
import MayunCore

/// A file (or a README): highlighted or plain code, a rendered document with a Source toggle, or, for files that
/// are not loaded, their size and type. The bar above offers Copy, Wrap, Source, Save As… and Open on Website.
@MainActor
final class BlobPage: Page {
    private let viewModel: BlobViewModel
    private let images: ImageLoader
    private let stack = Stack()
    private let status: StatusView
    private let notice: StatusView
    private let banner: ListBanner
    private let actions: FileActionsBar
    private var sourceToggle: ToggleButton?
    private var wrapToggle: ToggleButton?
    private var copyButton: Button?
    private var editButton: Button?
    private var deleteButton: Button?
    private var code: CodeView?
    private var document: DocumentView?
    /// Writes the shown document's chunks into `document` as they are parsed.
    private(set) var documentFeed: DocumentFeed?
    private var shownContent: BlobContent?
    private var shownSource = false

    init(viewModel: BlobViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        self.images = images
        status = StatusView(iconName: "content-loading-symbolic", title: tr("Loading…"))
        status.setAction(title: tr("Retry")) { viewModel.refresh() }
        notice = StatusView(iconName: "dialog-information-symbolic", title: "")
        banner = ListBanner { viewModel.refresh() }
        actions = FileActionsBar(fileName: viewModel.location.fileName, save: { viewModel.save(to: $0) },
                                 openWebsite: { viewModel.openOnWebsite() })
        let root = Box(.vertical)
        super.init(root: root)

        sourceToggle = actions.toggle(tr("Source"), icon: "text-x-generic-symbolic") { _ in viewModel.toggleSource() }
        wrapToggle = actions.toggle(tr("Wrap"), icon: "format-justify-fill-symbolic") { [unowned self] on in
            code?.setWrap(on)
        }
        let copy = actions.button(tr("Copy"), icon: "edit-copy-symbolic")
        copy.onClicked { viewModel.copyText() }
        copyButton = copy
        let edit = actions.button(tr("Edit"), icon: "document-edit-symbolic")
        edit.onClicked { viewModel.edit() }
        editButton = edit
        let delete = actions.button(tr("Delete"), icon: "user-trash-symbolic")
        delete.onClicked { [unowned self] in confirmDelete() }
        deleteButton = delete
        stack.add(status, name: "status")
        stack.add(notice, name: "notice")
        stack.vexpand = true
        root.append(actions.view, Separator())
        root.append(banner)
        root.append(stack)

        bindings.bind { [unowned self] in render(viewModel.state) }
        bindings.bind { [unowned self] in show(viewModel.content, source: viewModel.showsSource) }
        bindings.bind { [unowned self] in feedDocument(viewModel.content) }
        bindings.bind { [unowned self] in banner.show(viewModel.banner) }
        bindings.bind { [unowned self] in actions.showInfo(viewModel.info) }
        bindings.bind { [unowned self] in actions.showTransfer(viewModel.transfer.state) }
        bindings.bind { [unowned self] in updateControls() }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func render(_ state: ScreenState) {
        switch state {
        case .content:
            return  // the content binding picks the child
        case .failed(let message):
            status.update(iconName: "network-error-symbolic", title: tr("Could not load this file"), detail: message)
            status.showSpinner(false)
            status.showAction(true)
        case .empty(let text):
            status.update(iconName: "text-x-generic-symbolic", title: text, detail: "")
            status.showSpinner(false)
            status.showAction(false)
        case .loading, .notLoaded:
            status.update(iconName: nil, title: tr("Loading…"), detail: "")
            status.showSpinner(true)
            status.showAction(false)
        }
        stack.visibleChildName = "status"
    }

    private func updateControls() {
        sourceToggle?.isVisible = viewModel.canToggleSource
        // Code brings its own bar (Wrap, Copy all, Find, Go to line): the page's would say the same twice.
        wrapToggle?.isVisible = false
        copyButton?.isVisible = viewModel.canCopy && !viewModel.showsCode
        sourceToggle?.isActive = viewModel.showsSource
        // Only for people with push rights, on a text file.
        editButton?.isVisible = viewModel.canEdit && viewModel.content?.text != nil
        deleteButton?.isVisible = viewModel.canEdit && viewModel.deletion != nil && !viewModel.isReadme
    }

    private func show(_ content: BlobContent?, source: Bool) {
        guard let content, content != shownContent || source != shownSource else {
            if content != nil, viewModel.state == .content { revealCurrent() }
            return
        }
        shownContent = content
        shownSource = source
        switch content {
        case .code(let text, let highlighted):
            codeView().show(text: text, fileName: viewModel.location.fileName, highlight: highlighted)
            stack.visibleChildName = "code"
        case .document(_, let text):
            if source {
                codeView().show(text: text, fileName: viewModel.location.fileName, highlight: true)
                stack.visibleChildName = "code"
            } else {
                _ = feed()
                stack.visibleChildName = "document"
            }
        case .tooLarge, .binary:
            let text = viewModel.notice
            let icon = if case .binary = content { "application-x-executable-symbolic" } else { "dialog-information-symbolic" }
            notice.update(iconName: icon, title: text?.title ?? "", detail: text?.detail ?? "")
            stack.visibleChildName = "notice"
        }
    }

    /// The document pane follows the shown document's chunks as they are parsed (also while the Source toggle
    /// shows its text, so toggling back shows it at once). Its own binding: it runs again at every chunk.
    private func feedDocument(_ content: BlobContent?) {
        guard case .document(let parsed, _)? = content else { return }
        feed().sync(with: parsed)
    }

    private func feed() -> DocumentFeed {
        if let documentFeed { return documentFeed }
        let made = DocumentFeed(view: documentView())
        documentFeed = made
        return made
    }

    private func revealCurrent() {
        switch shownContent {
        case .code?: stack.visibleChildName = "code"
        case .document?: stack.visibleChildName = shownSource ? "code" : "document"
        case .tooLarge?, .binary?: stack.visibleChildName = "notice"
        case nil: break
        }
    }

    /// Deleting asks first (a commit on the branch).
    private func confirmDelete() {
        guard let deletion = viewModel.deletion else { return }
        let question = deletion.question
        ConfirmDialog(over: self, question: question.heading, detail: question.body, confirm: question.confirm)
            .present { if $0 { deletion.delete() } }
    }

    private func codeView() -> CodeView {
        if let code { return code }
        let made = CodeView(isNight: viewModel.nightMode?.isNight ?? false)
        if let nightMode = viewModel.nightMode { made.follow(nightMode, in: bindings) }
        stack.add(made, name: "code")
        code = made
        return made
    }

    private func documentView() -> DocumentView {
        if let document { return document }
        let nightMode = viewModel.nightMode
        let made = DocumentView(imageLoader: SharedImageLoaderAdapter(images), palette: nightMode?.palette ?? .light,
                                isNight: nightMode?.isNight ?? false)
        if let nightMode { made.follow(nightMode, in: bindings) }
        made.onActivateLink = { [unowned self] target in viewModel.activate(target) }
        stack.add(made, name: "document")
        document = made
        return made
    }
}
