import CGtk
import GLibRuntime

/// A GtkCheckButton; joined to another with `join(_:)` it becomes a radio of that group.
@MainActor
final class CheckButton: WidgetObject {
    init() { super.init(owning: MayunUI.widget(gtk_check_button_new())) }

    var isActive: Bool {
        get { gtk_check_button_get_active(typed(widget)) != 0 }
        set { if newValue != isActive { gtk_check_button_set_active(typed(widget), newValue ? 1 : 0) } }
    }

    func join(_ group: CheckButton) { gtk_check_button_set_group(typed(widget), typed(group.widget)) }

    /// Called when the button turns on or off, by a click, the keyboard or `isActive`.
    func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) {
        let widget = widget
        connect(raw(widget), "toggled", main: { handler(gtk_check_button_get_active(typed(widget)) != 0) })
    }
}

/// A GtkSwitch (on / off).
@MainActor
final class Switch: WidgetObject {
    init() {
        super.init(owning: MayunUI.widget(gtk_switch_new()))
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    }

    var isActive: Bool {
        get { gtk_switch_get_active(opaque(widget)) != 0 }
        set { if newValue != isActive { gtk_switch_set_active(opaque(widget), newValue ? 1 : 0) } }
    }

    func onActiveChanged(_ handler: @escaping @MainActor (Bool) -> Void) {
        let widget = widget
        connect(raw(widget), "notify::active", main: { handler(gtk_switch_get_active(opaque(widget)) != 0) })
    }
}
