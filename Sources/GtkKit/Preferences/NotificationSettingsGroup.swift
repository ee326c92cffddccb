import MayunCore

/// The "Notifications" group of the Preferences window: one switch row for desktop notifications.
@MainActor
final class NotificationSettingsGroup {
    let group: PreferencesGroup

    init(viewModel: NotificationsViewModel) {
        group = PreferencesGroup(
            title: tr("Notifications"),
            description: tr("While Mayun's window is not focused, new notifications and messages are shown on the desktop. They are checked every five minutes while you are logged in."))
        let toggle = Switch()
        toggle.isActive = viewModel.desktopNotificationsEnabled
        toggle.onActiveChanged { viewModel.desktopNotificationsEnabled = $0 }
        // The row's title names the switch, and a click on the row flips it.
        let row = ActionRow(title: tr("Desktop notifications"))
        row.addSuffix(toggle)
        row.activates(toggle)
        group.add(row)
    }
}
