internal import CGtk
internal import GtkBasics
import GLibRuntime

/// What a completion list beside the cursor needs from a text view: the cursor's offset (Unicode characters, as
/// MayunCore's `MentionToken` counts), a replacement that leaves the cursor after the inserted text, the cursor's
/// place on screen, and the keys a list takes before the text does.
extension TextView {
    /// The keys a completion list takes while it is shown.
    package enum CompletionKey { case up, down, accept, dismiss }

    private var textBuffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(typed(widget)) }

    var cursorOffset: Int {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(textBuffer, &iter, gtk_text_buffer_get_insert(textBuffer))
        return Int(gtk_text_iter_get_offset(&iter))
    }

    /// Every edit and every cursor move, with the whole text and the cursor's offset.
    package func onTextOrCursor(_ handler: @escaping @MainActor (String, Int) -> Void) {
        let buffer = textBuffer
        let report: @MainActor () -> Void = {
            var start = GtkTextIter(), end = GtkTextIter(), cursor = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            gtk_text_buffer_get_iter_at_mark(buffer, &cursor, gtk_text_buffer_get_insert(buffer))
            guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return }
            defer { g_free(text) }
            handler(String(cString: text), Int(gtk_text_iter_get_offset(&cursor)))
        }
        connect(UnsafeMutableRawPointer(buffer), "notify::cursor-position", main: report)
        connect(UnsafeMutableRawPointer(buffer), "changed", main: report)
    }

    /// Replaces the characters `start..<end` with `text` as one user action, the cursor after it.
    package func replace(from start: Int, to end: Int, with text: String) {
        let buffer = textBuffer
        let count = Int(gtk_text_buffer_get_char_count(buffer))
        let from = Int32(clamping: min(max(start, 0), count)), to = Int32(clamping: min(max(end, start), count))
        var first = GtkTextIter(), last = GtkTextIter()
        gtk_text_buffer_begin_user_action(buffer)
        gtk_text_buffer_get_iter_at_offset(buffer, &first, from)
        gtk_text_buffer_get_iter_at_offset(buffer, &last, to)
        gtk_text_buffer_delete(buffer, &first, &last)
        gtk_text_buffer_get_iter_at_offset(buffer, &first, from)
        gtk_text_buffer_insert(buffer, &first, text, -1)
        gtk_text_buffer_place_cursor(buffer, &first)
        gtk_text_buffer_end_user_action(buffer)
    }

    /// The cursor's rectangle in the text view's own coordinates (where a completion list points).
    package var cursorRectangle: (x: Int32, y: Int32, height: Int32) {
        let view = typed(widget, as: GtkTextView.self)
        var iter = GtkTextIter(), location = GdkRectangle()
        gtk_text_buffer_get_iter_at_mark(textBuffer, &iter, gtk_text_buffer_get_insert(textBuffer))
        gtk_text_view_get_iter_location(view, &iter, &location)
        var x: Int32 = 0, y: Int32 = 0
        gtk_text_view_buffer_to_window_coords(view, GTK_TEXT_WINDOW_WIDGET, location.x, location.y, &x, &y)
        // GTK 4.8 leaves the CSS padding out of that conversion: the theme pads the text view and its text node
        // alike (base.css, `.issue-editor textview, .issue-editor textview text`), so the text starts two paddings
        // in. Without this the list covers the line being typed (seen in the e2e screenshots).
        var padding = GtkBorder()
        gtk_style_context_get_padding(gtk_widget_get_style_context(widget), &padding)
        return (x + 2 * Int32(padding.left), y + 2 * Int32(padding.top), max(location.height, 1))
    }

    /// Up, Down, Enter / Tab and Escape, seen before the text view moves the cursor or breaks the line; `handler`
    /// answers whether it took the key (a list not shown takes none, so typing goes on as usual). Ctrl+Enter is
    /// left to the composer (it sends).
    package func onCompletionKeys(_ handler: @escaping @MainActor (CompletionKey) -> Bool) {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        connect(UnsafeMutableRawPointer(keys), "key-pressed", mainWithArguments: { arguments in
            let keyval = Int32(truncatingIfNeeded: arguments.uint(at: 1))
            let modifiers = arguments.flags(at: 3)
            let held = UInt(GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard modifiers & held == 0 else { return false }
            let key: CompletionKey
            switch keyval {
            case GDK_KEY_Up, GDK_KEY_KP_Up: key = .up
            case GDK_KEY_Down, GDK_KEY_KP_Down: key = .down
            case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab: key = .accept
            case GDK_KEY_Escape: key = .dismiss
            default: return false
            }
            return handler(key)
        })
        gtk_widget_add_controller(widget, keys)
    }
}

/// A list of choices beside a text view's cursor (the @mention completion): it never takes the keyboard, so typing
/// goes on in the text; the text view's key handler moves the highlighted row (`select`). A click picks a row.
/// The popover is parented to the text view only while shown, and let go when the text view is destroyed.
@MainActor
package final class CompletionPopover {
    private let popover: Widget
    private let list: Widget
    private let anchor: Widget
    private var isParented = false
    private var picked: @MainActor (Int) -> Void = { _ in }

    package init(beside textView: TextView, accessibleLabel: String) {
        anchor = textView.widget
        popover = widget(gtk_popover_new())
        g_object_ref_sink(raw(popover))
        list = widget(gtk_list_box_new())
        gtk_list_box_set_selection_mode(opaque(list), GTK_SELECTION_SINGLE)
        gtk_list_box_set_activate_on_single_click(opaque(list), 1)
        gtk_widget_set_focusable(list, 0)
        gtk_widget_add_css_class(list, "mention-list")
        gtk_popover_set_child(typed(popover), list)
        gtk_popover_set_autohide(typed(popover), 0)
        gtk_popover_set_has_arrow(typed(popover), 0)
        gtk_popover_set_position(typed(popover), GTK_POS_BOTTOM)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        gtk_widget_add_css_class(popover, "mention-popover")
        Accessibility.setLabel(popover, accessibleLabel)
        Accessibility.setLabel(list, accessibleLabel)
        connect(raw(list), "row-activated", mainWithArguments: { [weak self] arguments in
            guard let row = arguments.object(at: 1) else { return nil }
            let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
            self?.picked(index)
            return nil
        })
        connect(raw(anchor), "destroy", main: { [weak self] in self?.letGo() })
    }

    isolated deinit {
        letGo()
        g_object_unref(raw(popover))
    }

    package func onPicked(_ handler: @escaping @MainActor (Int) -> Void) { picked = handler }

    /// Shows `titles` (or hides the list when empty) under the cursor rectangle given, `selected` highlighted.
    package func show(_ titles: [String], selected: Int, at cursor: (x: Int32, y: Int32, height: Int32)) {
        guard !titles.isEmpty else { return hide() }
        while let row = gtk_widget_get_first_child(list) { gtk_list_box_remove(opaque(list), row) }
        for title in titles {
            let label = widget(gtk_label_new(title))
            gtk_label_set_xalign(opaque(label), 0)
            gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_max_width_chars(opaque(label), 40)
            Build.margins(label, 4)
            gtk_list_box_append(opaque(list), label)
            if let row = gtk_widget_get_last_child(list) { gtk_widget_set_focusable(row, 0) }
        }
        select(selected)
        var rect = GdkRectangle(x: cursor.x, y: cursor.y, width: 1, height: cursor.height)
        if !isParented {
            gtk_widget_set_parent(popover, anchor)
            isParented = true
        }
        gtk_popover_set_pointing_to(typed(popover), &rect)
        if gtk_widget_get_visible(popover) == 0 { gtk_popover_popup(typed(popover)) } else { gtk_popover_present(typed(popover)) }
    }

    package func select(_ index: Int) {
        guard let row = gtk_list_box_get_row_at_index(opaque(list), Int32(clamping: index)) else { return }
        gtk_list_box_select_row(opaque(list), row)
    }

    package func hide() {
        guard isParented else { return }
        gtk_popover_popdown(typed(popover))
        letGo()
    }

    private func letGo() {
        guard isParented else { return }
        isParented = false
        gtk_widget_unparent(popover)
    }
}
