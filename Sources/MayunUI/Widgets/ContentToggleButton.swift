import CGtk
import GLibRuntime

/// A GtkToggleButton made empty and given other widgets as its content (an icon and a label); it takes its
/// accessible name here, as GTK names it from nothing it shows.
@MainActor
final class ContentToggleButton: WidgetObject {
    init(child: WidgetObject, accessibleLabel: String, classes: [String] = []) {
        super.init(owning: MayunUI.widget(gtk_toggle_button_new()))
        child.withWidget { gtk_button_set_child(typed(widget), $0) }
        addClasses(classes)
        self.accessibleLabel = accessibleLabel
    }

    var isActive: Bool {
        get { gtk_toggle_button_get_active(typed(widget)) != 0 }
        set { if newValue != isActive { gtk_toggle_button_set_active(typed(widget), newValue ? 1 : 0) } }
    }

    /// Called when it goes down or up, by a click, the keyboard or `isActive`.
    func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) {
        let widget = widget
        connect(raw(widget), "toggled", main: { handler(gtk_toggle_button_get_active(typed(widget)) != 0) })
    }
}
