import CGtk
import GLibRuntime
import MayunCore

/// Mine's "Notifications" button with the unread count as a badge (hidden when nothing is unread).
@MainActor
enum NotificationsButton {
    static func make(viewModel: MineViewModel, bindings: BindingBag) -> Widget {
        let button = widget(gtk_button_new())
        let content = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        gtk_widget_set_halign(content, GTK_ALIGN_CENTER)
        let badge = Build.label("", classes: ["badge", "notification-badge"])
        Build.append(content, Build.label(tr("Notifications")), badge)
        gtk_button_set_child(typed(button), content)
        connect(raw(button), "clicked", main: { viewModel.onOpenNotifications() })
        Accessibility.setLabel(button, tr("Notifications"))
        bindings.bind { [weak notifications = viewModel.notifications] in
            let text = notifications?.badgeText
            gtk_label_set_text(opaque(badge), text ?? "")
            gtk_widget_set_visible(badge, text == nil ? 0 : 1)
        }
        return button
    }
}
