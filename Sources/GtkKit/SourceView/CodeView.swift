internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// Source code in GtkSourceView 5: the language guessed from the file name and content, line numbers, the style
/// scheme following night mode, a wrap toggle, copy, find (Ctrl+F) and go to line (Ctrl+L). Files the
/// `BlobPresentation` calls `.plain` are shown without highlighting.
@MainActor
package final class CodeView {
    // Stored widget pointers: attached to `root`; the source view and its buffer are descendants never removed,
    // written from their own signals and the page's bindings.
    let root: Widget
    let sourceView: Widget
    let buffer: UnsafeMutablePointer<GtkSourceBuffer>
    private let search: CodeSearchBar
    private var isNight: Bool

    /// GtkSourceView 5.6 never finalizes a view showing line numbers, nor so its buffer (a probe with a bare view
    /// leaked with `show-line-numbers` on and not with it off; turning it off at "destroy" or "unrealize" did not
    /// help). When the code view goes (its root's data is cleared at dispose), the text goes: what leaks is a few
    /// empty widgets, not the file. The reference `gtk_source_buffer_new` gave this object goes too.
    isolated deinit {
        gtk_text_buffer_set_text(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self), "", 0)
        g_object_unref(UnsafeMutableRawPointer(buffer))
    }

    package init(isNight: Bool = false) {
        self.isNight = isNight
        buffer = gtk_source_buffer_new(nil)
        sourceView = widget(gtk_source_view_new_with_buffer(buffer))
        let view = typed(sourceView, as: GtkTextView.self)
        gtk_text_view_set_editable(view, 0)
        gtk_text_view_set_monospace(view, 1)
        gtk_text_view_set_left_margin(view, 6)
        gtk_text_view_set_top_margin(view, 6)
        gtk_text_view_set_bottom_margin(view, 24)
        gtk_source_view_set_show_line_numbers(typed(sourceView), 1)
        gtk_source_view_set_highlight_current_line(typed(sourceView), 0)
        Accessibility.setLabel(sourceView, tr("Source code"))

        let scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(opaque(scroller), sourceView)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_widget_set_hexpand(scroller, 1)

        search = CodeSearchBar(buffer: buffer, view: sourceView)
        root = Build.box(GTK_ORIENTATION_VERTICAL, classes: ["code-view"])
        toolbar().withWidget { gtk_box_append(typed(root), $0) }
        Build.append(root, search.root, scroller)
        attach(self, to: raw(root), key: "mayun-code-view")
        gtk_source_buffer_set_style_scheme(buffer, SourceLanguages.styleScheme(isNight: isNight))

        let shortcuts = KeyShortcuts(on: root)
        shortcuts.add("<Control>f") { [unowned self] in search.reveal(.find) }
        shortcuts.add("<Control>l") { [unowned self] in search.reveal(.goToLine) }
        shortcuts.add("Escape") { [unowned self] in search.hide() }
    }

    /// Shows `text`; `highlight` is false for big files (see `BlobPresentation.plain`).
    package func show(text: String, fileName: String, highlight: Bool = true) {
        let textBuffer = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self)
        let language = highlight ? SourceLanguages.guess(fileName: fileName, head: String(text.prefix(1024))) : nil
        CompiledLanguages.set(language, on: buffer)
        gtk_source_buffer_set_highlight_syntax(buffer, language == nil ? 0 : 1)
        gtk_text_buffer_set_text(textBuffer, text, Int32(clamping: text.utf8.count))
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(textBuffer, &start)
        gtk_text_buffer_place_cursor(textBuffer, &start)
    }

    /// The GtkSourceView id of the language in use ("swift"), nil for plain text.
    var languageID: String? {
        SourceLanguages.languageID(gtk_source_buffer_get_language(buffer))
    }

    package var text: String {
        let textBuffer = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self)
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(textBuffer, &start, &end)
        guard let chars = gtk_text_buffer_get_text(textBuffer, &start, &end, 0) else { return "" }
        defer { g_free(chars) }
        return String(cString: chars)
    }

    package func setWrap(_ wrap: Bool) {
        gtk_text_view_set_wrap_mode(typed(sourceView), wrap ? GTK_WRAP_WORD_CHAR : GTK_WRAP_NONE)
    }

    var isWrapping: Bool { gtk_text_view_get_wrap_mode(typed(sourceView)) != GTK_WRAP_NONE }

    package func apply(isNight: Bool) {
        self.isNight = isNight
        gtk_source_buffer_set_style_scheme(buffer, SourceLanguages.styleScheme(isNight: isNight))
    }

    package func follow(_ nightMode: NightModeViewModel, in bindings: BindingBag) {
        bindings.bind { [weak self] in self?.apply(isNight: nightMode.isNight) }
    }

    /// Selects the next match of `query` after the cursor (wrapping around); false when there is none.
    @discardableResult
    package func find(_ query: String) -> Bool { search.find(query) }

    /// Moves the cursor to the start of `line` (1-based, clamped) and scrolls it into view.
    func goToLine(_ line: Int) { search.goToLine(line) }

    /// The line the cursor is on (1-based).
    var cursorLine: Int { search.cursorLine }

    private func toolbar() -> Box {
        let bar = Box(.horizontal, spacing: 6, classes: ["toolbar", "code-toolbar"])
        bar.setMargins(4)
        let wrap = ToggleButton(iconName: "format-justify-fill-symbolic", accessibleLabel: tr("Wrap lines"))
        wrap.onToggled { [unowned self] in setWrap($0) }
        let copy = Button(iconName: "edit-copy-symbolic", accessibleLabel: tr("Copy all"))
        // The root's clipboard is the button's: both are on the same display.
        copy.onClicked { [unowned self] in DocumentBlockWidgets.copyToClipboard(text, from: root) }
        let find = Button(iconName: "edit-find-symbolic", accessibleLabel: tr("Find"), tooltip: tr("Find (Ctrl+F)"))
        find.onClicked { [unowned self] in search.reveal(.find) }
        let line = Button(iconName: "go-jump-symbolic", accessibleLabel: tr("Go to line"), tooltip: tr("Go to line (Ctrl+L)"))
        line.onClicked { [unowned self] in search.reveal(.goToLine) }
        bar.append(wrap, copy, find, line)
        return bar
    }
}
