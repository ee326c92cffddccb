internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore
import MayunDocument

/// One GtkTextView holding a run of document blocks: text with tags (code blocks and tables too, see
/// DocumentTextBlocks.swift), and widgets only where text cannot do (images, rules, details, over-wide tables) at
/// child anchors. Text stays selectable across paragraphs, and GTK lays out only what is on screen, which keeps a
/// 1 MB README fast. Links are found by character offset (one `link` tag styles them all).
@MainActor
package final class DocumentTextView {
    // Stored widget pointers: attached to `textView`; its buffer is held (ref'd) here; anchored children are held
    // weakly (`sizedChildren`, `DocumentImageSlot`): a nested view outlives its text view inside its parent.
    let textView: Widget
    let buffer: UnsafeMutablePointer<GtkTextBuffer>
    package let environment: DocumentEnvironment
    package let tags: DocumentTags
    let highlighter: CodeHighlighter
    /// Code blocks written so far (recoloured when night mode changes).
    var codeBlocks: [CodeRange] = []
    /// The "Copy" captions of code blocks: offsets and the text they copy.
    var copyActions: [(start: Int32, end: Int32, text: String)] = []
    private var highlightedAtNight: Bool
    private var links: [(start: Int32, end: Int32, link: Link)] = []
    /// Weakly (GWeakRef): the text view frees its anchored widgets when it is destroyed, while this object (and a
    /// nested view, kept by its parent) lives on; a late width change then touches nothing.
    private var sizedChildren: [(widget: WeakWidget, indent: Int)] = []
    private var imageSlots: [(slot: DocumentImageSlot, indent: Int)] = []
    private var nestedViews: [(view: DocumentTextView, indent: Int)] = []
    private(set) var anchorOffsets: [String: Int32] = [:]
    private var width = 0
    /// Paragraphs written, for the alternating `paragraph-even`/`paragraph-odd` tags (DocumentTags).
    private var paragraphs = 0
    private var hoveredHint: String?
    /// A margin tag replaces the view's own left margin, so every margin tag includes it.
    let baseMargin: Int

    static let horizontalMargin: Int32 = 24
    private static let listIndent = 28, quoteIndent = 18
    /// Indentation stops growing here: 32 levels of lists would otherwise leave text a few characters wide, and a
    /// long paragraph in such a column took GTK a second to lay out.
    static let maxIndent = 280

    package static func nested(_ indent: Int, by step: Int) -> Int { min(indent + step, maxIndent) }

    package init(environment: DocumentEnvironment, margins: Bool) {
        self.environment = environment
        baseMargin = margins ? Int(Self.horizontalMargin) : 0
        textView = widget(gtk_text_view_new())
        let view = typed(textView, as: GtkTextView.self)
        buffer = gtk_text_view_get_buffer(view)
        // Held for as long as this object: the text view lets go of its buffer when GTK destroys it, and a buffer
        // freed under `tags`, `highlighter` and late writes would be a crash rather than a write nobody sees.
        g_object_ref(UnsafeMutableRawPointer(buffer))
        tags = DocumentTags(buffer: buffer, rightMargin: margins ? Int(Self.horizontalMargin) : 0)
        highlighter = CodeHighlighter(target: buffer)
        highlightedAtNight = environment.isNight
        gtk_text_view_set_editable(view, 0)
        gtk_text_view_set_cursor_visible(view, 0)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        if margins {
            gtk_text_view_set_left_margin(view, Self.horizontalMargin)
            gtk_text_view_set_right_margin(view, Self.horizontalMargin)
            gtk_text_view_set_top_margin(view, 16)
            gtk_text_view_set_bottom_margin(view, 32)
        }
        Build.addClasses(textView, ["document"])
        Accessibility.setLabel(textView, tr("Document"))
        tags.apply(environment.palette)
        attach(self, to: raw(textView), key: "mayun-document-text")
        listenForLinks()
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(buffer)) }

    // MARK: - Width

    /// The width the text wraps at (without the view's margins); embedded widgets are sized from it.
    func setContentWidth(_ newWidth: Int) {
        guard newWidth != width, newWidth > 0 else { return }
        width = newWidth
        for child in sizedChildren {
            let width = Int32(available(child.indent))
            child.widget.with { gtk_widget_set_size_request($0, width, -1) }
        }
        for entry in imageSlots { entry.slot.resize(available: available(entry.indent)) }
        for entry in nestedViews { entry.view.setContentWidth(available(entry.indent) - 20) }
    }

    func availableWidth(_ indent: Int) -> Int { available(indent) }

    private func available(_ indent: Int) -> Int { max((width > 0 ? width : 640) - indent - 4, 80) }

    // MARK: - Clearing

    /// Empties the shown buffer for writing into it directly.
    package func clear() {
        // The old document's images give their share of the page's budget back, whenever GTK frees their widgets.
        for slot in allImageSlots { slot.removed() }
        gtk_text_buffer_set_text(buffer, "", 0)
        links = []
        sizedChildren = []
        imageSlots = []
        nestedViews = []
        anchorOffsets = [:]
        codeBlocks = []
        copyActions = []
    }

    private func place(_ child: Widget, at anchor: UnsafeMutablePointer<GtkTextChildAnchor>) {
        gtk_text_view_add_child_at_anchor(typed(textView), child, anchor)
    }

    // MARK: - Writing

    package struct Style {
        var indent = 0
        var alignment: BlockAlignment?
        var inQuote = false
        /// Part of a long block cut by `DocumentSlicing` (a big table then stays text rows, never a grid per piece).
        var isPiece = false
    }

    package func write(_ blocks: [Block], style: Style = Style()) {
        for block in blocks { write(block, style: style) }
    }

    package func write(_ block: Block, style: Style) {
        switch block {
        case .heading(let heading):
            let start = endOffset
            anchorOffsets[heading.anchor] = start
            writeInlines(heading.content, tags: [tags["h\(min(max(heading.level, 1), 6))"]])
            endParagraph(from: start, style: style)
        case .paragraph(let inlines):
            let start = endOffset
            writeInlines(inlines, tags: [])
            endParagraph(from: start, style: style)
        case .list(let list):
            writeList(list, style: style)
        case .quote(let blocks):
            var inner = style
            inner.indent = Self.nested(style.indent, by: Self.quoteIndent)
            inner.inQuote = true
            write(blocks, style: inner)
        case .code(let code):
            writeCodeBlock(code, style: style)
        case .table(let table):
            writeTable(table, style: style)
        case .rule:
            embed(DocumentBlockWidgets.rule(), style: style, sized: true)
        case .image(let image):
            let start = endOffset
            insertImage(image, isBlock: true, link: nil, indent: style.indent)
            endParagraph(from: start, style: style)
        case .aligned(let alignment, let blocks):
            var inner = style
            inner.alignment = alignment
            write(blocks, style: inner)
        case .details(let details):
            embed(detailsWidget(details, indent: style.indent), style: style, sized: false)
        }
    }

    private func writeList(_ list: ListBlock, style: Style) {
        var itemStyle = style
        itemStyle.indent = Self.nested(style.indent, by: Self.listIndent)
        for (index, item) in list.items.enumerated() {
            let marker: String
            switch item.task {
            case .done?: marker = "☑\u{00A0}"
            case .open?: marker = "☐\u{00A0}"
            // Saturating: the start number came from the document.
            case nil:
                marker = list.ordered
                    ? "\(DocumentLimits.itemNumber(start: list.start, index: index)).\u{00A0}" : "•\u{00A0}"
            }
            var remaining = item.blocks[...]
            let start = endOffset
            insert(marker, tags: [tags["dim"]])
            if case .paragraph(let inlines)? = remaining.first {
                writeInlines(inlines, tags: [])
                remaining = remaining.dropFirst()
            }
            endParagraph(from: start, style: itemStyle, hanging: 18, tight: true)
            write(Array(remaining), style: itemStyle)
        }
    }

    func writeInlines(_ inlines: [Inline], tags active: [UnsafeMutablePointer<GtkTextTag>?], link: Link? = nil) {
        for inline in inlines {
            switch inline {
            case .text(let text): insert(text, tags: active)
            case .emphasis(let children): writeInlines(children, tags: active + [tags["emphasis"]], link: link)
            case .strong(let children): writeInlines(children, tags: active + [tags["strong"]], link: link)
            case .strike(let children): writeInlines(children, tags: active + [tags["strike"]], link: link)
            case .code(let text): insert(text, tags: active + [tags["code"]])
            case .keyboard(let text): insert("\u{2009}\(text)\u{2009}", tags: active + [tags["keyboard"]])
            case .lineBreak: insert("\u{2028}", tags: active)
            case .image(let image): insertImage(image, isBlock: false, link: link, indent: 0)
            case .link(let target, let children):
                let start = endOffset
                let style = target.target.isFollowable ? tags["link"] : tags["blocked-link"]
                writeInlines(children, tags: active + [style], link: target)
                links.append((start, endOffset, target))
            }
        }
    }

    // MARK: - Buffer primitives

    var endOffset: Int32 {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        return gtk_text_iter_get_offset(&end)
    }

    func insert(_ text: String, tags active: [UnsafeMutablePointer<GtkTextTag>?]) {
        guard !text.isEmpty else { return }
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        let start = gtk_text_iter_get_offset(&end)
        gtk_text_buffer_insert(buffer, &end, text, Int32(text.utf8.count))
        apply(active, from: start)
    }

    func apply(_ active: [UnsafeMutablePointer<GtkTextTag>?], from start: Int32) {
        guard !active.isEmpty else { return }
        var startIter = GtkTextIter(), endIter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &startIter, start)
        gtk_text_buffer_get_end_iter(buffer, &endIter)
        for tag in active { if let tag { gtk_text_buffer_apply_tag(buffer, tag, &startIter, &endIter) } }
    }

    /// Ends the paragraph begun at `start` and gives it its margin, alignment and spacing.
    private func endParagraph(from start: Int32, style: Style, hanging: Int = 0, tight: Bool = false) {
        insert("\n", tags: [])
        var paragraphTags = [tags[tight ? "item" : "block"], tags.margin(baseMargin + style.indent, hanging: hanging),
                             nextParagraphToggle()]
        if style.inQuote { paragraphTags.append(tags["quote"]) }
        switch style.alignment {
        case .center?: paragraphTags.append(tags["center"])
        case .right?: paragraphTags.append(tags["right"])
        default: break
        }
        apply(paragraphTags, from: start)
    }

    /// `paragraph-even` or `paragraph-odd`, alternately: each paragraph then begins with a tag toggle (DocumentTags).
    func nextParagraphToggle() -> UnsafeMutablePointer<GtkTextTag>? {
        paragraphs += 1
        return tags[paragraphs % 2 == 0 ? "paragraph-even" : "paragraph-odd"]
    }

    private func childAnchor() -> UnsafeMutablePointer<GtkTextChildAnchor>? {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        return gtk_text_buffer_create_child_anchor(buffer, &end)
    }

    /// A block widget on a line of its own.
    func embed(_ child: Widget, style: Style, sized: Bool) {
        let start = endOffset
        guard let anchor = childAnchor() else { return }
        place(child, at: anchor)
        if sized {
            sizedChildren.append((WeakWidget(child), style.indent))
            gtk_widget_set_size_request(child, Int32(available(style.indent)), -1)
        }
        endParagraph(from: start, style: style)
    }

    private func insertImage(_ image: DocumentImage, isBlock: Bool, link: Link?, indent: Int) {
        guard let anchor = childAnchor() else { return }
        let slot = DocumentImageSlot(image: image, isBlock: isBlock, link: link, environment: environment)
        slot.resize(available: available(indent))
        imageSlots.append((slot, indent))
        if let root = slot.root { place(root, at: anchor) }
    }

    private func detailsWidget(_ details: Details, indent: Int) -> Widget {
        let expander = widget(gtk_expander_new(nil))
        var summaryLinks: [Link] = []
        let summary = Build.label("", xalign: 0)
        gtk_label_set_markup(opaque(summary), "<b>" + PangoMarkup.markup(for: details.summary, links: &summaryLinks) + "</b>")
        PangoMarkup.routeLinks(of: summary, to: summaryLinks, environment)
        gtk_expander_set_label_widget(opaque(expander), summary)
        gtk_expander_set_expanded(opaque(expander), details.isOpen ? 1 : 0)
        let nested = DocumentTextView(environment: environment, margins: false)
        gtk_widget_set_margin_start(nested.textView, 20)
        nested.write(details.blocks)
        nestedViews.append((nested, indent))
        nested.setContentWidth(available(indent) - 20)
        gtk_expander_set_child(opaque(expander), nested.textView)
        Build.addClasses(expander, ["document-details"])
        return expander
    }

    // MARK: - Links

    package func link(atOffset offset: Int32) -> Link? {
        var low = 0, high = links.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let entry = links[middle]
            if offset < entry.start { high = middle - 1 } else if offset >= entry.end { low = middle + 1 } else {
                return entry.link
            }
        }
        return nil
    }

    /// What a click on the character at `offset` does: followable links go to the environment, blocked ones
    /// (`javascript:` and friends) nowhere. Returns whether a link was followed.
    @discardableResult
    func activateLink(atOffset offset: Int32) -> Bool {
        if let copy = copyAction(atOffset: offset) {
            DocumentBlockWidgets.copyToClipboard(copy, from: textView)
            return true
        }
        guard let link = link(atOffset: offset) else { return false }
        return activate(link)
    }

    /// The code a "Copy" caption at `offset` copies.
    func copyAction(atOffset offset: Int32) -> String? {
        copyActions.first { offset >= $0.start && offset < $0.end }?.text
    }

    @discardableResult
    private func activate(_ link: Link) -> Bool {
        guard link.target.isFollowable else { return false }
        environment.activate(link)
        return true
    }

    private func offset(atX x: Double, y: Double) -> Int32? {
        var bufferX: Int32 = 0, bufferY: Int32 = 0
        let view = typed(textView, as: GtkTextView.self)
        gtk_text_view_window_to_buffer_coords(view, GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        guard gtk_text_view_get_iter_at_location(view, &iter, bufferX, bufferY) != 0 else { return nil }
        return gtk_text_iter_get_offset(&iter)
    }

    private func link(atX x: Double, y: Double) -> Link? {
        offset(atX: x, y: y).flatMap { link(atOffset: $0) }
    }

    private func listenForLinks() {
        let click = gtk_gesture_click_new()!
        connect(UnsafeMutableRawPointer(click), "released", mainWithArguments: { [unowned self] arguments in
            // A drag that selected text is not a click on the link under the pointer.
            guard gtk_text_buffer_get_has_selection(buffer) == 0,
                  let offset = offset(atX: arguments.double(at: 2), y: arguments.double(at: 3)) else { return nil }
            activateLink(atOffset: offset)
            return nil
        })
        gtk_widget_add_controller(textView, click)

        let motion = gtk_event_controller_motion_new()!
        connect(UnsafeMutableRawPointer(motion), "motion", mainWithArguments: { [unowned self] arguments in
            let offset = offset(atX: arguments.double(at: 1), y: arguments.double(at: 2))
            if let offset, copyAction(atOffset: offset) != nil {
                hover(hint: tr("Copy code"), cursor: "pointer")
            } else {
                hover(offset.flatMap { link(atOffset: $0) })
            }
            return nil
        })
        connect(UnsafeMutableRawPointer(motion), "leave", main: { [unowned self] in hover(nil) })
        gtk_widget_add_controller(textView, motion)
    }

    private func hover(_ link: Link?) {
        hover(hint: link?.hint, cursor: link == nil ? "text" : link?.target.isFollowable == true ? "pointer" : "not-allowed")
    }

    private func hover(hint: String?, cursor: String) {
        guard hint != hoveredHint else { return }
        hoveredHint = hint
        gtk_widget_set_cursor_from_name(textView, cursor)
        gtk_widget_set_tooltip_text(textView, hint)
        environment.hover(hint)
    }

    // MARK: - Night mode

    package func apply(_ palette: Palette, isNight: Bool) {
        tags.apply(palette)
        if isNight != highlightedAtNight {
            highlightedAtNight = isNight
            for block in codeBlocks {
                highlighter.clear(from: block.start, to: block.end)
                highlighter.highlight(block.text, language: block.language, isNight: isNight, at: block.start)
            }
        }
        for entry in nestedViews { entry.view.apply(palette, isNight: isNight) }
    }

    /// Image slots of this view and the views nested in it (tests look at what was asked for).
    var allImageSlots: [DocumentImageSlot] {
        imageSlots.map(\.slot) + nestedViews.flatMap(\.view.allImageSlots)
    }
}
