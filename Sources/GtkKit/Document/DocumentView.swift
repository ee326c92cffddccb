internal import CGtk
internal import GtkBasics
import Foundation
import GLibRuntime
import MayunCore
import MayunDocument

/// The document pane: a README, a markdown or HTML file, an issue body, drawn natively from a `Document`.
///
/// It only renders: links go out through `onActivateLink` (the page hands them to the Coordinator: a route push, or
/// `gtk_show_uri` for an external address); `#anchor` links scroll the pane itself; blocked links do nothing.
/// A document may arrive whole (`show`) or in chunks while it is parsed (`begin`, `append`, `finish`): the first
/// screenful is written at once, the rest in slices of a few milliseconds between frames, so a 1 MB README paints
/// its top at once and the window stays usable while the rest arrives (docs/DOCUMENTS.md, issue 14).
@MainActor
package final class DocumentView {
    // Stored widget pointer: attached to `root`; after its "destroy" nothing is written (`isDestroyed`).
    let root: Widget
    /// A followable link was clicked: `.route` or `.external` (anchors found in the document are handled here).
    package var onActivateLink: (LinkTarget) -> Void = { _ in }
    /// The pointer entered (hint) or left (nil) a link: the page may show the hint in a status label.
    var onHoverLink: (String?) -> Void = { _ in }
    /// False while a document is still being written.
    package private(set) var isRendered = true

    package let content: DocumentTextView
    private let environment: DocumentEnvironment
    /// The decoded image bytes this view's page holds (tests, the benchmark).
    package var imageBudget: PageImageBudget { environment.imageBudget }
    private var pending: ArraySlice<Block> = []
    /// The rest of a long block cut by `DocumentSlicing`, written before `pending`.
    private var carried: Block?
    /// False while more blocks may still be appended (a document arriving in chunks).
    private var inputComplete = true
    /// Whether the first screenful has been written (it goes in at once, the rest in slices).
    private var wroteFirstScreen = false
    private var writer: MainLoopSource?
    /// When the last slice ended or the writer was scheduled (g_get_monotonic_time): what the main loop did since.
    private var lastSliceEnd = 0
    private var completion: (@MainActor () -> Void)?
    /// Longest slice of writing allowed per main-loop turn; a block is never cut, so a slice may end a block later
    /// (`DocumentSlicing` keeps every block short: the bound is 8 ms a slice).
    nonisolated static let sliceBudget: Double = 0.004
    /// About a screenful of lines: the first slice, written as soon as the first chunk comes, stops there, so the
    /// first frame is painted early and full; it may take up to `firstSliceBudget` to get there.
    static let firstScreenLines: Int32 = 60
    static let firstSliceBudget: Double = 0.008
    /// Past this much time spent elsewhere between two slices (two frames at 60 Hz), the next slice writes longer.
    nonisolated static let slowLoopGap: Double = 0.033
    /// The most a slice may take after such a gap.
    nonisolated static let longestAdaptiveSlice: Double = 0.1

    /// How long the next slice may write, given how long the main loop spent elsewhere since the last one (`gap`,
    /// seconds): `sliceBudget`, or, past `slowLoopGap`, as long as that gap up to `longestAdaptiveSlice`.
    ///
    /// A pane grown with its content (the project page's README, an issue's body) draws every line it holds in each
    /// frame: GTK does not know the page's scroller shows only part of it. Its frames cost more as the document grows
    /// (150-280 ms for a 150 KB README on a machine busy with a compile), and at one 4 ms slice a frame that README
    /// was still being written after a minute. Writing for as long as the frame took keeps the window painting every
    /// other turn and ends the document in a few frames' time. With frames that cost less, slices stay at 4 ms.
    nonisolated static func sliceBudget(afterGap gap: Double) -> Double {
        gap > slowLoopGap ? min(gap, longestAdaptiveSlice) : sliceBudget
    }

    /// Between GTK's redraw (GDK_PRIORITY_REDRAW, 120: frames are still painted between slices, and input events
    /// at 0 still come first) and the text view's background line validation (125). At the default idle priority
    /// (200) GTK laid out every slice's lines, off screen too, before the next slice: writing a 1 MB README took
    /// seconds. Now the lines below the screen are measured once the document is in, as after a plain `set_text`.
    static let writerPriority = G_PRIORITY_HIGH_IDLE + 22

    /// How the writing went (the benchmark and tests read it): slices written and the longest one, in seconds.
    package var slicesWritten: Int { sliceDurations.count }
    package var longestSlice: Double { sliceDurations.max() ?? 0 }
    package private(set) var sliceDurations: [Double] = []

    /// `imageBudget`: the page's, when several views make one page (a thread's cards); by default the view's own.
    package init(imageLoader: (any DocumentImageLoader)?, imageBudget: PageImageBudget = PageImageBudget(),
                 palette: Palette = .light, isNight: Bool = false) {
        environment = DocumentEnvironment(imageLoader: imageLoader, imageBudget: imageBudget, palette: palette,
                                          isNight: isNight)
        content = DocumentTextView(environment: environment, margins: true)
        root = widget(gtk_scrolled_window_new())
        // Horizontally "external", not "never" (see `growWithContent`): pictures and rules are sized to the last
        // known width, 640 before the first allocation, and with "never" that width became the window's minimum on
        // a 360 px phone (the README page at 528 px). The pane's width decides and the document follows it.
        gtk_scrolled_window_set_policy(opaque(root), GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(root), content.textView)
        gtk_widget_set_vexpand(root, 1)
        gtk_widget_set_hexpand(root, 1)
        Build.addClasses(root, ["document-view"])
        attach(self, to: raw(root), key: "mayun-document-view")
        // A page's binding or a parse may still hand this view a document after GTK destroyed its widgets (the
        // window closing at quit): nothing is written into a disposed text view (its buffer may already be gone;
        // the pulls e2e caught a crash at Ctrl+Q).
        connect(raw(root), "destroy", main: { [weak self] in self?.rootDestroyed() })
        environment.activate = { [unowned self] link in activate(link) }
        environment.hover = { [unowned self] hint in onHoverLink(hint) }
        followWidth()
        // Before its document arrives, after the pane's first frame: the first code block no longer pays for it.
        SourceLanguageWarmUp.afterNextFrame(of: content.textView)
    }

    /// Replaces what is shown with `document`; `completion` runs once every block is in the buffer.
    package func show(_ document: Document, completion: (@MainActor () -> Void)? = nil) {
        begin()
        append(document.blocks)
        finish(completion: completion)
    }

    /// Empties the pane for a document that arrives in chunks (`DocumentParseService.parse(_:progress:)`):
    /// `append` each chunk's blocks, then `finish`. `show` is the same for a whole document.
    package func begin() {
        cancel()
        pending = []
        carried = nil
        wroteFirstScreen = false
        isRendered = false
        sliceDurations = []
        // A destroyed pane takes no more input: its document is never rendered.
        inputComplete = isDestroyed
        guard !isDestroyed else { return }
        content.clear()
    }

    /// Adds blocks after those already given: the first screenful is written at once, the rest a slice per
    /// main-loop turn (`writerPriority`: GTK paints in between).
    package func append(_ blocks: [Block]) {
        guard !inputComplete, !isDestroyed, !blocks.isEmpty else { return }
        pending.append(contentsOf: blocks)
        if !wroteFirstScreen {
            writeSlice(budget: Self.firstSliceBudget, stoppingAt: Self.firstScreenLines)
            wroteFirstScreen = true
        }
        startWriting()
    }

    /// No more blocks will come: `completion` runs once all of them are in the buffer.
    package func finish(completion: (@MainActor () -> Void)? = nil) {
        guard !inputComplete else { return }
        inputComplete = true
        self.completion = completion
        if pending.isEmpty, carried == nil { complete() } else { startWriting() }
    }

    /// Stops writing (the page's parse was cancelled or the page goes); what is written stays.
    package func cancel() {
        writer?.cancel()
        writer = nil
        completion = nil
        inputComplete = true
    }

    package func apply(palette: Palette, isNight: Bool) {
        environment.palette = palette
        environment.isNight = isNight
        guard !isDestroyed else { return }
        content.apply(palette, isNight: isNight)
    }

    /// Whether GTK has destroyed the pane (its window closed): then nothing more is written.
    package private(set) var isDestroyed = false

    private func rootDestroyed() {
        isDestroyed = true
        cancel()
    }

    /// For a document inside another scrolling page (the project page's README): no scrollbar of its own, as tall
    /// as its content.
    ///
    /// Horizontally "external", not "never": the document sizes its pictures and rules to its last known width (640
    /// before its first allocation), and with "never" that became the page's minimum width, holding a phone-sized
    /// window 700 px wide. The page's width decides and the document follows it.
    package func growWithContent() {
        gtk_scrolled_window_set_policy(opaque(root), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(opaque(root), 1)
        gtk_widget_set_vexpand(root, 0)
    }

    /// The space above and below the text. A page of its own (a README, a file) keeps 16 and 32 px; a document in a
    /// card (an issue's body, a comment) needs little: with the page's margins a one-line comment was a card 144 px
    /// tall.
    package func setVerticalMargins(top: Int32, bottom: Int32) {
        gtk_text_view_set_top_margin(typed(content.textView), top)
        gtk_text_view_set_bottom_margin(typed(content.textView), bottom)
    }

    /// Follows the night-mode ViewModel for as long as `bindings` lives.
    package func follow(_ nightMode: NightModeViewModel, in bindings: BindingBag) {
        bindings.bind { [weak self] in self?.apply(palette: nightMode.palette, isNight: nightMode.isNight) }
    }

    /// Scrolls so the heading with this slug is at the top; false when there is no such heading (yet).
    @discardableResult
    package func scroll(toAnchor slug: String) -> Bool {
        guard let offset = content.anchorOffsets[slug] else { return false }
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(content.buffer, &iter, offset)
        let mark = gtk_text_buffer_create_mark(content.buffer, nil, &iter, 1)
        gtk_text_view_scroll_to_mark(typed(content.textView), mark, 0, 1, 0, 0)
        return true
    }

    // MARK: - Private

    private func startWriting() {
        guard writer == nil, !pending.isEmpty || carried != nil else { return }
        // Only the time the writer waited counts: not how long the pane waited for the parse's next chunk.
        lastSliceEnd = g_get_monotonic_time()
        writer = MainLoopSource(milliseconds: 0, priority: Self.writerPriority) { [unowned self] in
            let gap = Double(g_get_monotonic_time() - lastSliceEnd) / 1e6
            writeSlice(budget: Self.sliceBudget(afterGap: gap))
            guard pending.isEmpty, carried == nil else { return true }
            writer = nil
            if inputComplete { complete() }
            return false
        }
    }

    /// Writes blocks for up to `budget` seconds; the first screen's slice stops earlier once the buffer has `lines`
    /// lines (within `firstSliceBudget`: a screenful of a 64-column table is 30 pieces measured cell by cell).
    private func writeSlice(budget: Double, stoppingAt lines: Int32 = 0) {
        let start = g_get_monotonic_time()
        var wrote = false
        while true {
            let continues = carried != nil
            guard let next = carried ?? pending.popFirst() else { break }
            // A list or quote of thousands of items is written a piece at a time, like top-level blocks.
            let (block, rest) = DocumentSlicing.split(next)
            carried = rest
            var style = DocumentTextView.Style()
            style.isPiece = continues || rest != nil
            content.write(block, style: style)
            wrote = true
            let spent = Double(g_get_monotonic_time() - start) / 1e6
            if spent > budget || (lines > 0 && gtk_text_buffer_get_line_count(content.buffer) >= lines) { break }
        }
        guard wrote else { return }
        lastSliceEnd = g_get_monotonic_time()
        sliceDurations.append(Double(lastSliceEnd - start) / 1e6)
    }

    private func complete() {
        guard !isRendered else { return }
        isRendered = true
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
