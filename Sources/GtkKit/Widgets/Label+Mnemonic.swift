internal import CGtk
internal import GtkBasics

extension Label {
    /// Ties this caption to the control it names: a click on the caption focuses `control`, and the caption
    /// becomes the control's accessible name (its labelled-by).
    package func names(_ control: WidgetObject) { gtk_label_set_mnemonic_widget(opaque(widget), control.widget) }
}
