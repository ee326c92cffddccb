import CGtk
import GLibRuntime

/// A GtkListBox whose rows are made of any widgets (each put in a GtkListBoxRow, activatable); nothing is ever
/// selected, and a row activated by a click, Enter or AT-SPI reports its index (a pull request's commits). For rows
/// that are `ActionRow`s with a handler each, `BoxedList` is simpler.
@MainActor
final class ListBox: WidgetObject {
    init(classes: [String] = []) {
        super.init(owning: MayunUI.widget(gtk_list_box_new()))
        addClasses(classes)
        gtk_list_box_set_selection_mode(opaque(widget), GTK_SELECTION_NONE)
    }

    func append(_ row: WidgetObject) {
        // Held through the call: a temporary argument may be the widget's only owner.
        withExtendedLifetime(row) { gtk_list_box_append(opaque(widget), row.widget) }
    }

    func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_list_box_remove(opaque(widget), child) }
    }

    /// The index of the row activated.
    func onRowActivated(_ handler: @escaping @MainActor (Int) -> Void) {
        connect(raw(widget), "row-activated", mainWithArguments: { arguments in
            guard let row = arguments.object(at: 1) else { return nil }
            handler(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
            return nil
        })
    }
}
