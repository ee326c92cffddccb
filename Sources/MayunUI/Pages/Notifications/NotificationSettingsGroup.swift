import CGtk
import GLibRuntime
import MayunCore

/// The "Notifications" card of Settings: one switch for desktop notifications.
@MainActor
final class NotificationSettingsGroup {
    let root: Widget

    init(viewModel: NotificationsViewModel) {
        root = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["card", "settings-group"])
        let row = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        let label = Build.label(tr("Desktop notifications"), xalign: 0)
        gtk_widget_set_hexpand(label, 1)
        let toggle = widget(gtk_switch_new())
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        gtk_switch_set_active(opaque(toggle), viewModel.desktopNotificationsEnabled ? 1 : 0)
        Accessibility.setLabel(toggle, tr("Desktop notifications"))
        connect(raw(toggle), "notify::active", main: {
            viewModel.desktopNotificationsEnabled = gtk_switch_get_active(opaque(toggle)) != 0
        })
        Build.append(row, label, toggle)
        Build.append(root, Build.label(tr("Notifications"), classes: ["heading"], xalign: 0), row,
                     Build.label(tr("While Mayun's window is not focused, new notifications and messages are shown on the desktop. They are checked every five minutes while you are logged in."),
                                 classes: ["dim-label"], wrap: true, xalign: 0))
    }
}
