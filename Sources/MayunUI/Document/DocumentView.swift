import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// The document pane: a README, a markdown or HTML file, an issue body, drawn natively from a `Document`.
///
/// It only renders: links go out through `onActivateLink` (the page hands them to the Coordinator: a route push, or
/// `gtk_show_uri` for an external address); `#anchor` links scroll the pane itself; blocked links do nothing.
/// Big documents are written in slices of a few milliseconds on the idle loop, so the window stays usable while they
/// arrive (see docs/DOCUMENTS.md for the measured cost of many embedded widgets).
@MainActor
public final class DocumentView {
    public let root: Widget
    /// A followable link was clicked: `.route` or `.external` (anchors found in the document are handled here).
    public var onActivateLink: (LinkTarget) -> Void = { _ in }
    /// The pointer entered (hint) or left (nil) a link: the page may show the hint in a status label.
    public var onHoverLink: (String?) -> Void = { _ in }
    /// False while a document is still being written.
    public private(set) var isRendered = true

    let content: DocumentTextView
    private let environment: DocumentEnvironment
    private var pending: ArraySlice<Block> = []
    /// The rest of a long block cut by `DocumentSlicing`, written before `pending`.
    private var carried: Block?
    private var writer: MainLoopSource?
    private var completion: (@MainActor () -> Void)?
    /// Longest slice of writing allowed per main-loop turn.
    static let sliceBudget: Double = 0.006

    public init(imageLoader: (any DocumentImageLoader)?, palette: Palette = .light, isNight: Bool = false) {
        environment = DocumentEnvironment(imageLoader: imageLoader, palette: palette, isNight: isNight)
        content = DocumentTextView(environment: environment, margins: true)
        root = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque(root), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(root), content.textView)
        gtk_widget_set_vexpand(root, 1)
        gtk_widget_set_hexpand(root, 1)
        Build.addClasses(root, ["document-view"])
        attach(self, to: raw(root), key: "mayun-document-view")
        environment.activate = { [unowned self] link in activate(link) }
        environment.hover = { [unowned self] hint in onHoverLink(hint) }
        followWidth()
    }

    /// Replaces what is shown with `document`; `completion` runs once every block is in the buffer.
    public func show(_ document: Document, completion: (@MainActor () -> Void)? = nil) {
        writer?.cancel()
        content.clear()
        pending = document.blocks[...]
        carried = nil
        self.completion = completion
        isRendered = false
        writeSlice()
        guard !isRendered else { return }
        writer = MainLoopSource(milliseconds: 0, priority: G_PRIORITY_DEFAULT_IDLE) { [unowned self] in
            writeSlice()
            return !isRendered
        }
    }

    public func apply(palette: Palette, isNight: Bool) {
        environment.palette = palette
        environment.isNight = isNight
        content.apply(palette, isNight: isNight)
    }

    /// For a document inside another scrolling page (the project page's README): no scrollbar of its own, as tall
    /// as its content.
    public func growWithContent() {
        gtk_scrolled_window_set_policy(opaque(root), GTK_POLICY_NEVER, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(opaque(root), 1)
        gtk_widget_set_vexpand(root, 0)
    }

    /// Follows the night-mode ViewModel for as long as `bindings` lives.
    public func follow(_ nightMode: NightModeViewModel, in bindings: BindingBag) {
        bindings.bind { [weak self] in self?.apply(palette: nightMode.palette, isNight: nightMode.isNight) }
    }

    /// Scrolls so the heading with this slug is at the top; false when there is no such heading (yet).
    @discardableResult
    public func scroll(toAnchor slug: String) -> Bool {
        guard let offset = content.anchorOffsets[slug] else { return false }
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(content.buffer, &iter, offset)
        let mark = gtk_text_buffer_create_mark(content.buffer, nil, &iter, 1)
        gtk_text_view_scroll_to_mark(typed(content.textView), mark, 0, 1, 0, 0)
        return true
    }

    // MARK: - Private

    private func writeSlice() {
        let start = g_get_monotonic_time()
        while true {
            let continues = carried != nil
            guard let next = carried ?? pending.popFirst() else { break }
            // A list or quote of thousands of items is written a piece at a time, like top-level blocks.
            let (block, rest) = DocumentSlicing.split(next)
            carried = rest
            var style = DocumentTextView.Style()
            style.isPiece = continues || rest != nil
            content.write(block, style: style)
            if Double(g_get_monotonic_time() - start) / 1e6 > Self.sliceBudget { break }
        }
        guard pending.isEmpty, carried == nil, !isRendered else { return }
        isRendered = true
        writer = nil
        let done = completion
        completion = nil
        done?()
    }

    private func activate(_ link: Link) {
        switch link.target {
        case .blocked: return
        case .anchor(let slug): if !scroll(toAnchor: slug) { onActivateLink(link.target) }
        case .route, .external: onActivateLink(link.target)
        }
    }

    /// The text view is the scrolled window's own child (so GTK lays out only what shows); its horizontal
    /// adjustment's page size is its width, which embedded widgets follow.
    private func followWidth() {
        guard let adjustment = gtk_scrollable_get_hadjustment(OpaquePointer(content.textView)) else { return }
        let update: @MainActor () -> Void = { [unowned self] in
            let width = Int(gtk_adjustment_get_page_size(adjustment)) - 2 * Int(DocumentTextView.horizontalMargin)
            content.setContentWidth(width)
        }
        connect(UnsafeMutableRawPointer(adjustment), "notify::page-size", main: update)
        connect(UnsafeMutableRawPointer(adjustment), "changed", main: update)
    }
}
