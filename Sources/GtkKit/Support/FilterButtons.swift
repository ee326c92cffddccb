internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A linked row of toggle buttons of which exactly one is active (Open / Closed / All): the filter bar of the
/// issues and pull requests lists.
@MainActor
package enum FilterButtons {
    /// The row as a `WidgetObject`, for a page to place.
    package static func row<Value: Equatable>(_ options: [(state: Value, title: String)], selected: Value,
                                              onSelect: @escaping @MainActor (Value) -> Void) -> WidgetObject {
        let filters = Box(.horizontal, classes: ["linked"])
        var first: ToggleButton?
        for option in options {
            let button = ToggleButton(label: option.title)
            if let first { button.join(first) } else { first = button }
            button.isActive = option.state == selected
            button.onToggled { if $0 { onSelect(option.state) } }
            filters.append(button)
        }
        return filters
    }
}
