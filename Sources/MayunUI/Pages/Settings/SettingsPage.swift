import CGtk
import GLibRuntime
import MayunCore

/// Settings: night mode (System / Light / Night) and the server in use.
@MainActor
final class SettingsPage: Page {
    private let viewModel: SettingsViewModel
    private var nightModeButtons: [(mode: NightMode, button: Widget)] = []

    init(viewModel: SettingsViewModel) {
        self.viewModel = viewModel
        let scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        super.init(root: scroller)

        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 18, classes: ["settings-column"])
        gtk_widget_set_size_request(column, 520, -1)
        gtk_widget_set_halign(column, GTK_ALIGN_CENTER)
        Build.margins(column, 24)
        Build.append(column, Build.label(viewModel.title, classes: ["title-1"], xalign: 0))
        Build.append(column, appearanceGroup(), cacheGroup(), serverGroup())
        if let oauth = viewModel.oauth {
            Build.append(column, OAuthSettingsGroup(viewModel: oauth, bindings: bindings).root)
        }
        // Last, so the groups above keep their places (the login form's Open Settings leads to Password Login).
        if let notifications = viewModel.notifications {
            Build.append(column, NotificationSettingsGroup(viewModel: notifications).root)
        }
        gtk_scrolled_window_set_child(opaque(scroller), column)

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

    private func appearanceGroup() -> Widget {
        let card = group(heading: viewModel.appearanceHeading)
        let row = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        Build.append(row, Build.label(viewModel.nightModeLabel, xalign: 0))
        var first: Widget?
        for option in viewModel.nightModeOptions {
            let button = widget(gtk_check_button_new_with_label(option.title))
            if let first { gtk_check_button_set_group(typed(button), typed(first)) } else { first = button }
            connect(raw(button), "toggled", main: { [unowned self] in
                if gtk_check_button_get_active(typed(button)) != 0 { viewModel.selectNightMode(option.mode) }
            })
            nightModeButtons.append((option.mode, button))
            Build.append(row, button)
        }
        Build.append(card, row, Build.label(viewModel.nightModeExplanation, classes: ["dim-label"], wrap: true, xalign: 0))
        return card
    }

    private func cacheGroup() -> Widget {
        let card = group(heading: viewModel.cacheHeading)
        let row = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        let description = Build.label("", wrap: true, xalign: 0)
        gtk_widget_set_hexpand(description, 1)
        let clear = widget(gtk_button_new_with_label(viewModel.clearCacheTitle))
        Build.addClasses(clear, ["destructive-action"])
        connect(raw(clear), "clicked", main: { [unowned self] in viewModel.clearCache() })
        Build.append(row, description, clear)
        Build.append(card, row)
        bindings.bind { [unowned self] in
            gtk_label_set_text(opaque(description), viewModel.cacheDescription)
            gtk_widget_set_sensitive(clear, viewModel.canClearCache ? 1 : 0)
        }
        connect(raw(card), "map", main: { [unowned self] in viewModel.start() })
        return card
    }

    private func serverGroup() -> Widget {
        let card = group(heading: viewModel.serverHeading)
        let server = Build.label(viewModel.serverDescription, classes: ["monospace"], xalign: 0)
        gtk_label_set_selectable(opaque(server), 1)
        Build.append(card, server, Build.label(viewModel.serverExplanation, classes: ["dim-label"], wrap: true, xalign: 0))
        return card
    }

    private func group(heading: String) -> Widget {
        let card = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["card", "settings-group"])
        Build.append(card, Build.label(heading, classes: ["heading"], xalign: 0))
        return card
    }
}
