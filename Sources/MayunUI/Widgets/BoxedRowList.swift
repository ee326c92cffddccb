import CGtk
import GLibRuntime

/// A boxed GtkListBox whose rows are any widgets (each wrapped in a GtkListBoxRow by GTK: a notification's avatar,
/// text and Mark as Read button); a row activated by a click, Enter or AT-SPI runs its own handler. Nothing is ever
/// selected. For rows that are a title with prefixes and suffixes, `BoxedList` of `ActionRow`s.
@MainActor
final class BoxedRowList: WidgetObject {
    private var handlers: [@MainActor () -> Void] = []

    init(classes: [String] = []) {
        super.init(owning: MayunUI.widget(gtk_list_box_new()))
        addClasses(["boxed-list"] + classes)
        gtk_list_box_set_selection_mode(opaque(widget), GTK_SELECTION_NONE)
        connect(raw(widget), "row-activated", mainWithArguments: { [unowned self] arguments in
            guard let row = arguments.object(at: 1) else { return nil }
            let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
            if handlers.indices.contains(index) { handlers[index]() }
            return nil
        })
    }

    /// Appends a row showing `content`; it runs `handler` when activated.
    func append(_ content: WidgetObject, onActivate handler: @escaping @MainActor () -> Void) {
        gtk_list_box_append(opaque(widget), content.widget)
        handlers.append(handler)
    }

    func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_list_box_remove(opaque(widget), child) }
        handlers.removeAll()
    }

    var rowCount: Int { handlers.count }
}
