import GtkKit
import MayunCore

/// Mine's "Notifications" button with the unread count as a badge (hidden when nothing is unread).
@MainActor
enum NotificationsButton {
    static func button(viewModel: MineViewModel, bindings: BindingBag) -> Button {
        let content = Box(.horizontal, spacing: 6)
        content.halign = .center
        let badge = Label(classes: ["badge", "notification-badge"])
        content.append(Label(tr("Notifications")), badge)
        let button = Button(child: content, accessibleLabel: tr("Notifications"))
        button.onClicked { viewModel.onOpenNotifications() }
        bindings.bind { [weak notifications = viewModel.notifications] in
            let text = notifications?.badgeText
            badge.text = text ?? ""
            badge.isVisible = text != nil
        }
        return button
    }
}
