import CGtk
import GLibRuntime
import MayunCore

/// Settings as GNOME apps show them: an AdwPreferencesWindow over the main window (transient for it and modal),
/// with a General page (appearance, notifications, offline cache, server) and a Login page (the OAuth application
/// password login needs). The Coordinator's `settings` model opens it; closing it tells the Coordinator.
@MainActor
final class PreferencesWindow {
    let window: Widget
    private let viewModel: SettingsViewModel
    private let bindings = BindingBag()
    private var pages: [(section: SettingsSection, page: Widget)] = []
    private var nightModeButtons: [(mode: NightMode, button: CheckButton)] = []
    /// Kept as long as the window: their handlers and bindings capture them unowned.
    private var parts: [AnyObject] = []

    init(viewModel: SettingsViewModel, over parent: Widget, onClosed: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        window = widget(adw_preferences_window_new())
        gtk_window_set_title(typed(window), viewModel.title)
        HeldButtonGuard.install(on: window)
        gtk_window_set_transient_for(typed(window), typed(parent))
        gtk_window_set_modal(typed(window), 1)
        gtk_window_set_destroy_with_parent(typed(window), 1)
        let size = Self.defaultSize(over: parent)
        gtk_window_set_default_size(typed(window), size.width, size.height)
        // A handful of rows: nothing worth searching.
        adw_preferences_window_set_search_enabled(typed(window), 0)

        let general = page(.general, icon: "preferences-system-symbolic")
        add(appearanceGroup(), to: general)
        if let notifications = viewModel.notifications {
            add(NotificationSettingsGroup(viewModel: notifications).group, to: general)
        }
        add(cacheGroup(), to: general)
        add(serverGroup(), to: general)
        if let oauth = viewModel.oauth {
            let login = page(.passwordLogin, icon: "dialog-password-symbolic")
            let group = OAuthSettingsGroup(viewModel: oauth, bindings: bindings)
            parts.append(group)
            add(group.group, to: login)
        }

        connect(raw(window), "close-request", mainWithArguments: { _ in
            onClosed()
            return false  // GTK destroys it
        })
        // Escape closes it, as it closes a dialog.
        let escape = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            escape,
            gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window, escape)

        bindings.bind { [unowned self] in
            for option in viewModel.nightModeOptions {
                nightModeButtons.first(where: { $0.mode == option.mode })?.button.isActive = option.isSelected
            }
        }
        bindings.bind { [unowned self] in
            if let page = pages.first(where: { $0.section == viewModel.section })?.page {
                adw_preferences_window_set_visible_page(typed(window), typed(page))
            }
        }
        attach(self, to: raw(window), key: "mayun-preferences-window")
    }

    /// libadwaita's usual 640 x 720, but never larger than the main window: on a phone it covers it exactly.
    static func defaultSize(over parent: Widget) -> (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(typed(parent), &width, &height)
        let parentWidth = gtk_widget_get_width(parent) > 0 ? gtk_widget_get_width(parent) : width
        let parentHeight = gtk_widget_get_height(parent) > 0 ? gtk_widget_get_height(parent) : height
        return (parentWidth > 0 ? min(640, parentWidth) : 640, parentHeight > 0 ? min(720, parentHeight) : 720)
    }

    func present() { gtk_window_present(typed(window)) }

    /// Closes it without asking the Coordinator (which asked for it).
    func destroy() { gtk_window_destroy(typed(window)) }

    private func page(_ section: SettingsSection, icon: String) -> Widget {
        let page = widget(adw_preferences_page_new())
        adw_preferences_page_set_title(typed(page), section.title)
        adw_preferences_page_set_icon_name(typed(page), icon)
        adw_preferences_window_add(typed(window), typed(page))
        pages.append((section, page))
        return page
    }

    /// The page takes its own reference; the group object is kept too, for the handlers that capture it.
    private func add(_ group: PreferencesGroup, to page: Widget) {
        parts.append(group)
        adw_preferences_page_add(typed(page), typed(group.widget))
    }

    /// System / Light / Night as three rows with a radio each. The row's title names the radio (AdwActionRow makes
    /// it the activatable widget's labelled-by; a label of our own would be read twice), and a click anywhere on the
    /// row selects it.
    private func appearanceGroup() -> PreferencesGroup {
        let group = PreferencesGroup(title: viewModel.appearanceHeading, description: viewModel.nightModeExplanation)
        var first: CheckButton?
        for option in viewModel.nightModeOptions {
            let button = CheckButton()
            if let first { button.join(first) } else { first = button }
            button.onToggled { [unowned self] on in if on { viewModel.selectNightMode(option.mode) } }
            nightModeButtons.append((option.mode, button))
            let row = ActionRow(title: option.title)
            row.addPrefix(button)
            row.activates(button)
            group.add(row)
        }
        return group
    }

    private func cacheGroup() -> PreferencesGroup {
        let group = PreferencesGroup(title: viewModel.cacheHeading)
        let row = ActionRow(title: viewModel.cacheDescription)
        let clear = Button(label: viewModel.clearCacheTitle, classes: ["destructive-action"])
        gtk_widget_set_valign(clear.widget, GTK_ALIGN_CENTER)
        clear.onClicked { [unowned self] in viewModel.clearCache() }
        row.addSuffix(clear)
        group.add(row)
        parts.append(row)
        parts.append(clear)
        bindings.bind { [unowned self, unowned row, unowned clear] in
            row.title = viewModel.cacheDescription
            clear.isSensitive = viewModel.canClearCache
        }
        viewModel.start()  // measures the cache
        return group
    }

    private func serverGroup() -> PreferencesGroup {
        let group = PreferencesGroup(title: viewModel.serverHeading, description: viewModel.serverExplanation)
        let row = ActionRow(title: viewModel.serverDescription)
        row.isTitleSelectable = true
        row.addClasses(["monospace"])
        group.add(row)
        return group
    }
}
