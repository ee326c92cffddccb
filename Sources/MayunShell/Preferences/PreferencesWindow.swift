import GtkKit
import MayunCore

/// Settings as GNOME apps show them: an AdwPreferencesWindow over the main window (transient for it and modal),
/// with a General page (appearance, notifications, offline cache, server) and a Login page (the OAuth application
/// password login needs). The Coordinator's `settings` model opens it; closing it tells the Coordinator.
@MainActor
package final class PreferencesWindow {
    /// The AdwPreferencesWindow, for the main window and tests; it lives until it is closed or destroyed (the
    /// window holds this object until it is closed).
    package let window: WidgetRef
    /// Points at the window without owning it: the window keeps this object (see `PreferencesDialog`).
    private let dialog: PreferencesDialog
    private let viewModel: SettingsViewModel
    private let bindings = BindingBag()
    private var pages: [(section: SettingsSection, page: PreferencesPage)] = []
    private var nightModeButtons: [(mode: NightMode, button: CheckButton)] = []
    /// Kept as long as the window: their handlers and bindings capture them unowned.
    private var parts: [AnyObject] = []

    package init(viewModel: SettingsViewModel, over parent: WidgetRef, onClosed: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        let dialog = PreferencesDialog(title: viewModel.title)
        self.dialog = dialog
        window = dialog.ref
        HeldButtonGuard.install(on: window.gtkWidget)
        dialog.setModal(over: parent)
        let size = Self.defaultSize(over: parent)
        dialog.setDefaultSize(width: size.width, height: size.height)
        // A handful of rows: nothing worth searching.
        dialog.isSearchEnabled = false

        let general = page(.general, icon: "preferences-system-symbolic")
        add(appearanceGroup(), to: general)
        if let notifications = viewModel.notifications {
            let group = NotificationSettingsGroup(viewModel: notifications)
            if let background = viewModel.background {
                BackgroundSettingsRow.add(to: group.group, background: background, bindings: bindings)
            }
            add(group.group, to: general)
        }
        add(cacheGroup(), to: general)
        add(serverGroup(), to: general)
        if let oauth = viewModel.oauth {
            let login = page(.passwordLogin, icon: "dialog-password-symbolic")
            let group = OAuthSettingsGroup(viewModel: oauth, bindings: bindings)
            parts.append(group)
            add(group.group, to: login)
        }

        dialog.onCloseRequest {
            onClosed()
            return false  // GTK destroys it
        }
        // Escape closes it, as it closes a dialog.
        dialog.addShortcut("Escape", action: "window.close")

        bindings.bind { [unowned self] in
            for option in viewModel.nightModeOptions {
                nightModeButtons.first(where: { $0.mode == option.mode })?.button.isActive = option.isSelected
            }
        }
        bindings.bind { [unowned self] in
            if let page = pages.first(where: { $0.section == viewModel.section })?.page { dialog.show(page) }
        }
        dialog.keep(self, key: "mayun-preferences-window")
    }

    /// libadwaita's usual 640 x 720, but never larger than the main window: on a phone it covers it exactly.
    static func defaultSize(over parent: WidgetRef) -> (width: Int32, height: Int32) {
        let (parentWidth, parentHeight) = PreferencesDialog.currentSize(of: parent)
        return (parentWidth > 0 ? min(640, parentWidth) : 640, parentHeight > 0 ? min(720, parentHeight) : 720)
    }

    package func present() { dialog.present() }

    /// Closes it without asking the Coordinator (which asked for it).
    package func destroy() { dialog.destroy() }

    private func page(_ section: SettingsSection, icon: String) -> PreferencesPage {
        let page = PreferencesPage(title: section.title, iconName: icon)
        dialog.add(page)
        pages.append((section, page))
        return page
    }

    /// The page takes its own reference; the group object is kept too, for the handlers that capture it.
    private func add(_ group: PreferencesGroup, to page: PreferencesPage) {
        parts.append(group)
        page.add(group)
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
        clear.valign = .center
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
