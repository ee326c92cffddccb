import CGtk

/// A centred icon, title and explanation: the loading, empty, error and "not loaded yet" states of a screen.
@MainActor
final class StatusView {
    let root: Widget
    private let icon: Widget
    private let titleLabel: Widget
    private let detailLabel: Widget

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
        Build.append(root, icon, titleLabel, detailLabel)
        update(title: title, detail: detail)
    }

    func update(iconName: String? = nil, title: String, detail: String) {
        if let iconName { gtk_image_set_from_icon_name(opaque(icon), iconName) }
        gtk_label_set_text(opaque(titleLabel), title)
        gtk_label_set_text(opaque(detailLabel), detail)
        gtk_widget_set_visible(detailLabel, detail.isEmpty ? 0 : 1)
    }
}
