import CGtk

/// A GtkBox: children in a row or a column.
@MainActor
final class Box: WidgetObject {
    init(_ orientation: GtkOrientation, spacing: Int32 = 0, classes: [String] = []) {
        super.init(owning: Build.box(orientation, spacing: spacing, classes: classes))
    }

    func append(_ children: WidgetObject...) {
        for child in children { gtk_box_append(typed(widget), child.widget) }
    }

    /// For children not yet in the typed layer.
    func append(widget child: Widget) { gtk_box_append(typed(widget), child) }

    /// Removes every child (a list rebuilt from new data).
    func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_box_remove(typed(widget), child) }
    }
}
