internal import CGtk
internal import GtkBasics

extension Button {
    /// Replaces the label with other widgets (a spinner beside the text). GTK leaves the accessible name to the
    /// caller then: set `accessibleLabel`.
    package func setChild(_ child: WidgetObject) { child.withWidget { gtk_button_set_child(typed(widget), $0) } }
}
