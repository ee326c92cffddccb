import CGtk
import GLibRuntime
import MayunCore

/// A file (or a README): highlighted or plain code, a rendered document with a Source toggle, or, for files that
/// are not loaded, their size and type. The bar above offers Copy, Wrap, Source, Save As… and Open on Website.
@MainActor
final class BlobPage: Page {
    private let viewModel: BlobViewModel
    private let images: ImageLoader
    private let stack: Widget
    private let status: StatusView
    private let notice: StatusView
    private let banner: ListBanner
    private let actions: FileActionsBar
    private var sourceToggle: Widget?
    private var wrapToggle: Widget?
    private var copyButton: Widget?
    private var code: CodeView?
    private var document: DocumentView?
    /// Writes the shown document's chunks into `document` as they are parsed.
    private(set) var documentFeed: DocumentFeed?
    private var shownContent: BlobContent?
    private var shownSource = false

    init(viewModel: BlobViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        self.images = images
        stack = widget(gtk_stack_new())
        status = StatusView(iconName: "content-loading-symbolic", title: tr("Loading…"))
        status.setAction(title: tr("Retry")) { viewModel.refresh() }
        notice = StatusView(iconName: "dialog-information-symbolic", title: "")
        banner = ListBanner { viewModel.refresh() }
        actions = FileActionsBar(fileName: viewModel.location.fileName, save: { viewModel.save(to: $0) },
                                 openWebsite: { viewModel.openOnWebsite() })
        let root = Build.box(GTK_ORIENTATION_VERTICAL)
        super.init(root: root)

        sourceToggle = actions.toggle(tr("Source"), icon: "text-x-generic-symbolic") { [unowned self] _ in
            viewModel.toggleSource()
        }
        wrapToggle = actions.toggle(tr("Wrap"), icon: "format-justify-fill-symbolic") { [unowned self] on in
            code?.setWrap(on)
        }
        let copy = actions.button(tr("Copy"), icon: "edit-copy-symbolic")
        connect(raw(copy), "clicked", main: { viewModel.copyText() })
        copyButton = copy
        gtk_stack_add_named(opaque(stack), status.root, "status")
        gtk_stack_add_named(opaque(stack), notice.root, "notice")
        gtk_widget_set_vexpand(stack, 1)
        Build.append(root, actions.root, widget(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)), banner.root, stack)

        bindings.bind { [unowned self] in render(viewModel.state) }
        bindings.bind { [unowned self] in show(viewModel.content, source: viewModel.showsSource) }
        bindings.bind { [unowned self] in feedDocument(viewModel.content) }
        bindings.bind { [unowned self] in banner.show(viewModel.banner) }
        bindings.bind { [unowned self] in actions.showInfo(viewModel.info) }
        bindings.bind { [unowned self] in actions.showTransfer(viewModel.transfer.state) }
        bindings.bind { [unowned self] in updateControls() }
        connect(raw(root), "map", main: { viewModel.start() })
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
        gtk_stack_set_visible_child_name(opaque(stack), "status")
    }

    private func updateControls() {
        sourceToggle.map { gtk_widget_set_visible($0, viewModel.canToggleSource ? 1 : 0) }
        // Code brings its own bar (Wrap, Copy all, Find, Go to line): the page's would say the same twice.
        wrapToggle.map { gtk_widget_set_visible($0, 0) }
        copyButton.map { gtk_widget_set_visible($0, viewModel.canCopy && !viewModel.showsCode ? 1 : 0) }
        if let sourceToggle, gtk_toggle_button_get_active(typed(sourceToggle)) != (viewModel.showsSource ? 1 : 0) {
            gtk_toggle_button_set_active(typed(sourceToggle), viewModel.showsSource ? 1 : 0)
        }
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
            gtk_stack_set_visible_child_name(opaque(stack), "code")
        case .document(_, let text):
            if source {
                codeView().show(text: text, fileName: viewModel.location.fileName, highlight: true)
                gtk_stack_set_visible_child_name(opaque(stack), "code")
            } else {
                _ = feed()
                gtk_stack_set_visible_child_name(opaque(stack), "document")
            }
        case .tooLarge, .binary:
            let text = viewModel.notice
            let icon = if case .binary = content { "application-x-executable-symbolic" } else { "dialog-information-symbolic" }
            notice.update(iconName: icon, title: text?.title ?? "", detail: text?.detail ?? "")
            gtk_stack_set_visible_child_name(opaque(stack), "notice")
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
        case .code?: gtk_stack_set_visible_child_name(opaque(stack), "code")
        case .document?: gtk_stack_set_visible_child_name(opaque(stack), shownSource ? "code" : "document")
        case .tooLarge?, .binary?: gtk_stack_set_visible_child_name(opaque(stack), "notice")
        case nil: break
        }
    }

    private func codeView() -> CodeView {
        if let code { return code }
        let made = CodeView(isNight: viewModel.nightMode?.isNight ?? false)
        if let nightMode = viewModel.nightMode { made.follow(nightMode, in: bindings) }
        gtk_stack_add_named(opaque(stack), made.root, "code")
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
        gtk_stack_add_named(opaque(stack), made.root, "document")
        document = made
        return made
    }
}
