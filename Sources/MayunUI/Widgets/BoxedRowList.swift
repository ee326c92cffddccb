import CGtk
import GLibRuntime

/// A boxed GtkListBox whose rows are any widgets (each wrapped in a GtkListBoxRow by GTK: a notification's avatar,
/// text and Mark as Read button); a row activated by a click, Enter or AT-SPI runs its own handler. Nothing is ever
/// selected. For rows that are a title with prefixes and suffixes, `BoxedList` of `ActionRow`s.
@MainActor
final class BoxedRowList: WidgetObject {
    /// Shared with the signal handler, which must not need this object: a page may keep only the list's widget.
    private let handlers = RowHandlers()

    init(classes: [String] = []) {
        super.init(owning: MayunUI.widget(gtk_list_box_new()))
        addClasses(["boxed-list"] + classes)
        gtk_list_box_set_selection_mode(opaque(widget), GTK_SELECTION_NONE)
        let handlers = handlers
        connect(raw(widget), "row-activated", mainWithArguments: { arguments in
            guard let row = arguments.object(at: 1) else { return nil }
            handlers.run(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
            return nil
        })
    }

    /// Appends a row showing `content`; it runs `handler` when activated.
    func append(_ content: WidgetObject, onActivate handler: @escaping @MainActor () -> Void) {
        content.withWidget { gtk_list_box_append(opaque(widget), $0) }
        handlers.list.append(handler)
    }

    func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_list_box_remove(opaque(widget), child) }
        handlers.list.removeAll()
    }

    var rowCount: Int { handlers.list.count }
}
