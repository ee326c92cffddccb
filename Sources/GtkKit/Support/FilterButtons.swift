internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A linked row of toggle buttons of which exactly one is active (Open / Closed / All): the filter bar of the
/// issues and pull requests lists.
@MainActor
package enum FilterButtons {
    private static func make<Value: Equatable>(_ options: [(state: Value, title: String)], selected: Value,
                                       onSelect: @escaping @MainActor (Value) -> Void) -> Widget {
        let filters = Build.box(GTK_ORIENTATION_HORIZONTAL, classes: ["linked"])
        var first: Widget?
        for option in options {
            let button = widget(gtk_toggle_button_new_with_label(option.title))
            if let first { gtk_toggle_button_set_group(typed(button), typed(first)) } else { first = button }
            gtk_toggle_button_set_active(typed(button), option.state == selected ? 1 : 0)
            connect(raw(button), "toggled", main: {
                if gtk_toggle_button_get_active(typed(button)) != 0 { onSelect(option.state) }
            })
            Build.append(filters, button)
        }
        return filters
    }
}

extension FilterButtons {
    /// The row as a `WidgetObject`, for a page to place.
    package static func row<Value: Equatable>(_ options: [(state: Value, title: String)], selected: Value,
                                      onSelect: @escaping @MainActor (Value) -> Void) -> WidgetObject {
        WidgetObject(owning: make(options, selected: selected, onSelect: onSelect))
    }
}
