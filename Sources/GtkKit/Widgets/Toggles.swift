internal import CGtk
internal import GtkBasics
import GLibRuntime

/// What GTK 4's on/off widgets share without a common class (GtkCheckButton, GtkToggleButton and GtkSwitch each
/// have their own `get_active`): the `active` property, read and written by name.
@MainActor
package class Toggle: WidgetObject {
    package var isActive: Bool {
        get { GObjectProperties.bool(typed(widget), "active") }
        set { if newValue != isActive { ObjectProperty.set(raw(widget), "active", .bool(newValue)) } }
    }

    /// Called when it turns on or off, by a click, the keyboard or `isActive`.
    package func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) {
        let widget = widget
        connect(raw(widget), "notify::active", main: { handler(GObjectProperties.bool(typed(widget), "active")) })
    }
}

/// A GtkCheckButton; joined to another with `join(_:)` it becomes a radio of that group.
@MainActor
package final class CheckButton: Toggle {
    package init() { super.init(owning: GtkBasics.widget(gtk_check_button_new())) }

    package func join(_ group: CheckButton) { gtk_check_button_set_group(typed(widget), typed(group.widget)) }
}

/// A GtkSwitch (on / off).
@MainActor
package final class Switch: Toggle {
    package init() {
        super.init(owning: GtkBasics.widget(gtk_switch_new()))
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    }
}

/// A GtkToggleButton; joined to another with `join(_:)`, only one of the group is down (a segmented choice).
@MainActor
package final class ToggleButton: Toggle {
    package init(label: String) { super.init(owning: GtkBasics.widget(gtk_toggle_button_new_with_label(label))) }

    /// A toggle made empty and given other widgets as its content (an icon and a label); it takes its accessible
    /// name here, as GTK names it from nothing it shows.
    package init(child: WidgetObject, accessibleLabel: String, classes: [String] = []) {
        super.init(owning: GtkBasics.widget(gtk_toggle_button_new()))
        child.withWidget { gtk_button_set_child(typed(widget), $0) }
        addClasses(classes)
        self.accessibleLabel = accessibleLabel
    }

    /// An icon-only toggle: its accessible name is also its tooltip.
    package init(iconName: String, accessibleLabel: String) {
        super.init(owning: GtkBasics.widget(gtk_toggle_button_new()))
        gtk_button_set_icon_name(typed(widget), iconName)
        tooltip = accessibleLabel
        self.accessibleLabel = accessibleLabel
    }

    package func join(_ group: ToggleButton) { gtk_toggle_button_set_group(typed(widget), typed(group.widget)) }
}

/// A GtkSpinner, shown and spinning while something is under way.
@MainActor
package final class Spinner: WidgetObject {
    package init() { super.init(owning: GtkBasics.widget(gtk_spinner_new())) }

    /// Visible and spinning, or hidden and still.
    package var isSpinning: Bool {
        get { gtk_spinner_get_spinning(opaque(widget)) != 0 }
        set {
            isVisible = newValue
            if newValue { gtk_spinner_start(opaque(widget)) } else { gtk_spinner_stop(opaque(widget)) }
        }
    }
}
