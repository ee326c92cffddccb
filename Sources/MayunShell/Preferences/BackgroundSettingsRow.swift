import GtkKit
import MayunCore

/// The "Run in the background" switch row of the Preferences' Notifications group; when the start at login could
/// not be arranged, its subtitle says why.
@MainActor
enum BackgroundSettingsRow {
    static func add(to group: PreferencesGroup, background: BackgroundMode, bindings: BindingBag) {
        let explanation = tr("Closing the window leaves Mayun checking for notifications, and it starts hidden when you log in.")
        let row = group.addSwitchRow(tr("Run in the background"), isOn: background.isEnabled) {
            background.isEnabled = $0
        }
        // An AdwActionRow's subtitle is Pango markup, and the problem names a folder on disk.
        bindings.bind { row.subtitle = markupEscaped(background.autostartProblem ?? explanation) }
    }
}
