import GtkKit
import MayunCore

/// The "Notifications" group of the Preferences window: one switch row for desktop notifications.
@MainActor
final class NotificationSettingsGroup {
    let group: PreferencesGroup

    init(viewModel: NotificationsViewModel) {
        group = PreferencesGroup(
            title: tr("Notifications"),
            description: tr("While Mayun's window is not focused, new notifications and messages are shown on the desktop. They are checked every five minutes while you are logged in."))
        group.addSwitchRow(tr("Desktop notifications"), isOn: viewModel.desktopNotificationsEnabled) {
            viewModel.desktopNotificationsEnabled = $0
        }
    }
}
