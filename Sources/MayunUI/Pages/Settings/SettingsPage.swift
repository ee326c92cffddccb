import CGtk
import GLibRuntime
import MayunCore

/// Settings: night mode (System / Light / Night), the cache, the server in use and the OAuth application, as
/// libadwaita preference groups inside a clamped, scrolling column.
@MainActor
final class SettingsPage: Page {
    private let viewModel: SettingsViewModel
    private var nightModeButtons: [(mode: NightMode, button: Widget)] = []

    init(viewModel: SettingsViewModel) {
        self.viewModel = viewModel
        let scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        super.init(root: scroller)

        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 24, classes: ["settings-column"])
        Build.margins(column, 16)
        Build.append(column, Build.label(viewModel.title, classes: ["title-1"], xalign: 0))
        Build.append(column, appearanceGroup())
        // Password Login right under Appearance: the login form sends people here for it, and its fields should be
        // in view without scrolling at the standard window size.
        if let oauth = viewModel.oauth {
            Build.append(column, OAuthSettingsGroup(viewModel: oauth, bindings: bindings).root)
        }
        Build.append(column, cacheGroup(), serverGroup())
        // Last, so the groups above keep their places (the login form's Open Settings leads to Password Login).
        if let notifications = viewModel.notifications {
            Build.append(column, NotificationSettingsGroup(viewModel: notifications).root)
        }
        let clamp = widget(adw_clamp_new())  // 560 px wide at most; the full width on a phone
        adw_clamp_set_maximum_size(opaque(clamp), 560)
        adw_clamp_set_child(opaque(clamp), column)
        gtk_scrolled_window_set_child(opaque(scroller), clamp)

        bindings.bind { [unowned self] in
            for option in viewModel.nightModeOptions {
                guard let button = nightModeButtons.first(where: { $0.mode == option.mode })?.button else { continue }
                if (gtk_check_button_get_active(typed(button)) != 0) != option.isSelected {
                    gtk_check_button_set_active(typed(button), option.isSelected ? 1 : 0)
                }
            }
        }
    }

    override var title: String { viewModel.title }

    /// System / Light / Night as three rows with a radio each (an AdwPreferencesGroup). The row's title names the
    /// radio (AdwActionRow makes it the activatable widget's labelled-by; a label of our own would be read twice),
    /// and a click anywhere on the row selects it.
    private func appearanceGroup() -> Widget {
        let group = preferencesGroup(title: viewModel.appearanceHeading, description: viewModel.nightModeExplanation)
        var first: Widget?
        for option in viewModel.nightModeOptions {
            let button = widget(gtk_check_button_new())
            if let first { gtk_check_button_set_group(typed(button), typed(first)) } else { first = button }
            connect(raw(button), "toggled", main: { [unowned self] in
                if gtk_check_button_get_active(typed(button)) != 0 { viewModel.selectNightMode(option.mode) }
            })
            nightModeButtons.append((option.mode, button))
            let row = widget(adw_action_row_new())
            adw_preferences_row_set_title(typed(row), option.title)
            adw_action_row_add_prefix(typed(row), button)
            adw_action_row_set_activatable_widget(typed(row), button)
            adw_preferences_group_add(typed(group), row)
        }
        return group
    }

    private func cacheGroup() -> Widget {
        let group = preferencesGroup(title: viewModel.cacheHeading)
        let row = widget(adw_action_row_new())
        let clear = widget(gtk_button_new_with_label(viewModel.clearCacheTitle))
        Build.addClasses(clear, ["destructive-action"])
        gtk_widget_set_valign(clear, GTK_ALIGN_CENTER)
        connect(raw(clear), "clicked", main: { [unowned self] in viewModel.clearCache() })
        adw_action_row_add_suffix(typed(row), clear)
        adw_preferences_group_add(typed(group), row)
        bindings.bind { [unowned self] in
            adw_preferences_row_set_title(typed(row), viewModel.cacheDescription)
            gtk_widget_set_sensitive(clear, viewModel.canClearCache ? 1 : 0)
        }
        connect(raw(group), "map", main: { [unowned self] in viewModel.start() })
        return group
    }

    private func serverGroup() -> Widget {
        let group = preferencesGroup(title: viewModel.serverHeading, description: viewModel.serverExplanation)
        let row = widget(adw_action_row_new())
        adw_preferences_row_set_title(typed(row), viewModel.serverDescription)
        adw_preferences_row_set_title_selectable(typed(row), 1)
        Build.addClasses(row, ["monospace"])
        adw_preferences_group_add(typed(group), row)
        return group
    }
}

/// A titled group of boxed rows (AdwPreferencesGroup), as in every GNOME app's preferences.
@MainActor
func preferencesGroup(title: String, description: String? = nil) -> Widget {
    let group = widget(adw_preferences_group_new())
    adw_preferences_group_set_title(typed(group), title)
    if let description, !description.isEmpty { adw_preferences_group_set_description(typed(group), description) }
    return group
}
