internal import CGtk
internal import GtkBasics

/// A GtkBox: children in a row or a column.
@MainActor
package final class Box: WidgetObject {
    package init(_ orientation: Orientation, spacing: Int32 = 0, classes: [String] = []) {
        super.init(owning: Build.box(orientation.gtk, spacing: spacing, classes: classes))
    }

    package func append(_ children: WidgetObject...) {
        for child in children { child.withWidget { gtk_box_append(typed(widget), $0) } }
    }

    /// For widgets made outside the typed layer (a `DocumentView`'s root, a `StateStack`).
    func append(widget children: Widget...) {
        for child in children { gtk_box_append(typed(widget), child) }
    }

    /// Puts `child` first.
    package func prepend(_ child: WidgetObject) { child.withWidget { gtk_box_prepend(typed(widget), $0) } }

    /// Puts `child` right after `sibling` (a child of this box).
    package func insert(_ child: WidgetObject, after sibling: WidgetObject) {
        sibling.withWidget { after in child.withWidget { gtk_box_insert_child_after(typed(widget), $0, after) } }
    }

    package func remove(_ child: WidgetObject) { child.withWidget { gtk_box_remove(typed(widget), $0) } }

    /// Removes every child (a list rebuilt from new data).
    package func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_box_remove(typed(widget), child) }
    }

    /// An empty box that takes the spare width of a row: what follows it keeps to the row's end.
    package static func spacer() -> Box {
        let spacer = Box(.horizontal)
        spacer.hexpand = true
        return spacer
    }
}

/// A thin line between parts of a page (GtkSeparator).
@MainActor
package final class Separator: WidgetObject {
    package init(_ orientation: Orientation = .horizontal) {
        super.init(owning: GtkBasics.widget(gtk_separator_new(orientation.gtk)))
    }
}
