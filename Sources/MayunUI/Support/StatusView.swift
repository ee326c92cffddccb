import CGtk
import GLibRuntime

/// A centred icon, title and explanation: the loading, empty, error and "not loaded yet" states of a screen.
@MainActor
final class StatusView {
    let root: Widget
    private let icon: Widget
    private let titleLabel: Widget
    private let detailLabel: Widget
    private let spinner: Widget
    private var action: Widget?

    init(iconName: String, title: String, detail: String = "") {
        root = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["status-view"])
        gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(root, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(root, 1)
        gtk_widget_set_hexpand(root, 1)
        icon = widget(gtk_image_new_from_icon_name(iconName))
        gtk_image_set_pixel_size(opaque(icon), 64)
        Build.addClasses(icon, ["dim-label"])
        titleLabel = Build.label(title, classes: ["title-2"], wrap: true)
        detailLabel = Build.label(detail, classes: ["dim-label"], wrap: true)
        gtk_label_set_justify(opaque(titleLabel), GTK_JUSTIFY_CENTER)
        gtk_label_set_justify(opaque(detailLabel), GTK_JUSTIFY_CENTER)
        spinner = widget(gtk_spinner_new())
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_widget_set_visible(spinner, 0)
        spinOnlyWhileMapped(spinner)
        Build.append(root, spinner, icon, titleLabel, detailLabel)
        update(title: title, detail: detail)
    }

    func update(iconName: String? = nil, title: String, detail: String) {
        if let iconName { gtk_image_set_from_icon_name(opaque(icon), iconName) }
        gtk_label_set_text(opaque(titleLabel), title)
        gtk_label_set_text(opaque(detailLabel), detail)
        gtk_widget_set_visible(detailLabel, detail.isEmpty ? 0 : 1)
    }

    /// Adds a button under the text (Retry); hidden until `showAction(true)`.
    func setAction(title: String, _ handler: @escaping @MainActor () -> Void) {
        let button = widget(gtk_button_new_with_label(title))
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        Build.addClasses(button, ["suggested-action", "pill"])
        connect(raw(button), "clicked", main: handler)
        gtk_widget_set_visible(button, 0)
        Build.append(root, button)
        action = button
    }

    func showAction(_ visible: Bool) {
        action.map { gtk_widget_set_visible($0, visible ? 1 : 0) }
    }

    func showSpinner(_ spinning: Bool) {
        gtk_widget_set_visible(spinner, spinning ? 1 : 0)
        gtk_widget_set_visible(icon, spinning ? 0 : 1)
        gtk_spinner_set_spinning(opaque(spinner), spinning ? 1 : 0)
    }

}

/// A spinning GtkSpinner keeps the frame clock running even on a hidden stack page or a recycled row, so an idle
/// window would repaint 60 times a second: it spins only while it is actually on screen (and visible).
@MainActor
func spinOnlyWhileMapped(_ spinner: Widget) {
    connect(raw(spinner), "unmap", main: { gtk_spinner_set_spinning(opaque(spinner), 0) })
    connect(raw(spinner), "map", main: { gtk_spinner_set_spinning(opaque(spinner), gtk_widget_get_visible(spinner)) })
}
