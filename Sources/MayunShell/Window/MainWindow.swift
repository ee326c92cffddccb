import CGtk
import GtkBasics
import GtkKit
import MayunUI
import Foundation
import GLibRuntime
import MayunCore
import MayunDocument

/// The main window (an AdwApplicationWindow): header bar (back, tab switcher or page title, main menu) over the
/// navigation stack, toasts over both, and on narrow windows the tab switcher at the bottom.
@MainActor
package final class MainWindow: PlatformActions {
    // Stored widget pointers: the window and its header widgets, attached to the window, which lives until exit.
    let window: Widget
    package let coordinator: Coordinator
    private let preferences: any PreferencesStore
    private let navigation: NavigationView
    private let backButton: Widget
    private let titleStack: Widget
    private let pageTitle: Widget
    private let tabs: Widget
    let tabsPage: Page
    /// Built when first shown, or by Ctrl+F (its entry must be in the window for the focus request).
    private let discoverPage: LazyPage
    /// Short messages over the bottom of the window (a failed star, "Link copied"); libadwaita queues and times them.
    let toasts: Widget
    /// Opens downloaded files (the download center holds it weakly).
    private let fileLauncher = FileLauncher()
    /// Download progress on the dock's icon.
    private var launcherEntry: LauncherEntry?
    private let bindings = BindingBag()
    /// The open Preferences window, while the Coordinator has a settings model.
    private var preferencesWindow: PreferencesWindow?
    /// The active account's avatar in the header (nil in tests that build a window without accounts).
    package let accountSwitcher: AccountSwitcher?

    init(application: UnsafeMutablePointer<GtkApplication>, coordinator: Coordinator,
         preferences: any PreferencesStore, images: ImageLoader, pages: PageFactory,
         accountSwitcher: AccountSwitcher? = nil) {
        self.accountSwitcher = accountSwitcher
        self.coordinator = coordinator
        self.preferences = preferences
        window = widget(adw_application_window_new(application))
        gtk_window_set_title(typed(window), "Mayun")
        Self.setIconAfterFirstFrame(of: window)
        Label.turnOffSelectOnFocus(for: WidgetRef(window))
        HeldButtonGuard.install(on: window)
        let factory = pages

        // The tabs: an AdwViewStack shown by two switchers, the header's AdwViewSwitcherTitle on wide windows and
        // an AdwViewSwitcherBar at the bottom on narrow ones (libadwaita 1.2 has no breakpoints: the bar is revealed
        // exactly when the title had to give up its switcher for lack of room, the documented 1.2 pattern).
        tabs = widget(adw_view_stack_new())
        StartupSteps.mark("window-new")
        tabsPage = factory.makeProjectsTab(coordinator.projectsTab)
        StartupSteps.mark("tab-projects")
        // Discover and Mine are built the first time they are shown: nobody sees them in the first frame.
        discoverPage = LazyPage { factory.makeDiscoverTab(coordinator.discoverTab) }
        let mine = LazyPage { factory.makeMineTab(coordinator.mineTab) }
        let tabRoots = [tabsPage.rootWidget, discoverPage.rootWidget, mine.rootWidget]
        for (tab, root) in zip(Tab.allCases, tabRoots) {
            adw_view_stack_add_titled(opaque(tabs), root, tab.rawValue, tab.title)
            if let stackPage = adw_view_stack_get_page(opaque(tabs), root) {
                adw_view_stack_page_set_icon_name(stackPage, tab.iconName)
            }
        }
        gtk_widget_set_vexpand(tabs, 1)
        let switcherTitle = widget(adw_view_switcher_title_new())
        adw_view_switcher_title_set_stack(opaque(switcherTitle), opaque(tabs))
        adw_view_switcher_title_set_title(opaque(switcherTitle), "Mayun")
        let switcherBar = widget(adw_view_switcher_bar_new())
        Self.giveStackWhenFirstRevealed(bar: switcherBar, stack: tabs, title: switcherTitle)
        g_object_bind_property(UnsafeMutableRawPointer(switcherTitle).assumingMemoryBound(to: GObject.self),
                               "title-visible",
                               UnsafeMutableRawPointer(switcherBar).assumingMemoryBound(to: GObject.self),
                               "reveal", G_BINDING_SYNC_CREATE)
        let tabsView = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        Build.append(tabsView, tabs, switcherBar)
        navigation = NavigationView(tabs: tabsView, coordinator: coordinator, factory: factory)

        backButton = Build.iconButton("go-previous-symbolic", accessibleLabel: tr("Back"))
        pageTitle = Build.label("", classes: ["title"])
        gtk_label_set_ellipsize(opaque(pageTitle), PANGO_ELLIPSIZE_MIDDLE)
        titleStack = widget(gtk_stack_new())
        gtk_stack_add_named(opaque(titleStack), switcherTitle, "switcher")
        gtk_stack_add_named(opaque(titleStack), pageTitle, "title")
        gtk_stack_set_hhomogeneous(opaque(titleStack), 0)
        // The switcher title must be able to shrink to its plain title on a phone-sized window.
        gtk_widget_set_hexpand(titleStack, 1)

        let header = widget(adw_header_bar_new())
        adw_header_bar_pack_start(opaque(header), backButton)
        adw_header_bar_set_title_widget(opaque(header), titleStack)
        toasts = widget(adw_toast_overlay_new())
        adw_toast_overlay_set_child(opaque(toasts), navigation.root)
        adw_header_bar_pack_end(opaque(header), makeMenuButton())
        // Beside the menu, never squeezed out: at 360 px the title gives up its switcher first, the account stays.
        if let accountSwitcher { adw_header_bar_pack_end(opaque(header), accountSwitcher.root) }
        let content = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        Build.append(content, header, toasts)
        adw_application_window_set_content(typed(window), content)
        StartupSteps.mark("window-content")

        restoreGeometry()
        connectInputs()
        bindings.bind { [unowned self] in showNavigation(top: coordinator.top) }
        bindings.bind { [unowned self] in selectTab(coordinator.selectedTab) }
        bindings.bind { [unowned self] in showPreferences(coordinator.settings) }
        bindings.bind { [unowned self] in
            // An AdwToast's title is Pango markup: the message (which may quote a server's words) is escaped.
            if let toast = coordinator.toast {
                adw_toast_overlay_add_toast(opaque(toasts), adw_toast_new(markupEscaped(toast.message)))
            }
        }
        coordinator.platform = self
        coordinator.downloads.files = fileLauncher
        launcherEntry = LauncherEntry(downloads: coordinator.downloads, bindings: bindings)
        attach(self, to: raw(window), key: "mayun-main-window")
    }

    // MARK: PlatformActions

    package func open(_ url: URL) {
        guard LinkPolicy.decide(url).isAllowed else { return }  // the Coordinator checked; a second lock at the door
        gtk_show_uri(typed(window), url.absoluteString, guint32(GDK_CURRENT_TIME))
    }

    package func copy(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(window), text)
    }

    private func makeMenuButton() -> Widget {
        let button = widget(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(opaque(button), "open-menu-symbolic")
        // The menu (a GtkPopoverMenu, built by GTK as soon as a model is set) is made when it is first opened:
        // nobody sees it in the first frame. The button stays sensitive meanwhile (GTK's rule for a popup function).
        gtk_menu_button_set_create_popup_func(opaque(button), { button, _ in
            guard let button else { return }
            MainActor.assumeIsolated { MainWindow.setMainMenu(on: button) }
        }, nil, nil)
        Accessibility.setLabel(button, tr("Main Menu"))
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        return button
    }

    /// The main menu's model, set on its button the first time the menu opens. GTK calls the popup function at every
    /// opening: the model and its popover are made once and kept.
    static func setMainMenu(on button: OpaquePointer) {
        guard gtk_menu_button_get_menu_model(button) == nil else { return }
        let menu = g_menu_new()!
        g_menu_append(menu, tr("Preferences"), "app.settings")
        g_menu_append(menu, tr("Keyboard Shortcuts"), "app.shortcuts")
        g_menu_append(menu, tr("About Mayun"), "app.about")
        gtk_menu_button_set_menu_model(button, UnsafeMutablePointer<GMenuModel>(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
    }

    /// The bottom switcher bar shows the tabs only on windows too narrow for the header's switcher. Its buttons (an
    /// icon and two labels per tab, measured at every layout even while the bar is hidden) are made the first time
    /// the header gives up its switcher, in the same notification and before the bar is revealed (this handler is
    /// connected before the binding that reveals it), so the bar never shows empty.
    private static func giveStackWhenFirstRevealed(bar: Widget, stack: Widget, title: Widget) {
        var connection: SignalConnection?
        let give = {
            guard adw_view_switcher_title_get_title_visible(opaque(title)) != 0 else { return }
            if let connection { disconnect(connection) }
            connection = nil
            adw_view_switcher_bar_set_stack(opaque(bar), opaque(stack))
        }
        connection = connect(raw(title), "notify::title-visible", main: { give() })
        give()
    }

    private func connectInputs() {
        // Keyboard and AT-SPI activation; pointer clicks are handled by BackPointer below.
        connect(raw(backButton), "activate", main: { [unowned self] in coordinator.pop() })
        // Pointer clicks: one pop per press and release inside the button (see BackPointer for the double clicks the
        // header bar took); the button's own "clicked" is not used (it would pop a second time).
        BackPointer.install(on: backButton) { [unowned self] in coordinator.pop() }
        connect(raw(tabs), "notify::visible-child-name", main: { [unowned self] in
            guard let name = adw_view_stack_get_visible_child_name(opaque(tabs)),
                  let tab = Tab(rawValue: String(cString: name)) else { return }
            coordinator.select(tab)
        })
        addAction(to: raw(window), "back") { [unowned self] in coordinator.pop() }
        // Writing to a repository (issue 27): unsaved edits ask before the page goes.
        coordinator.askBeforeLeaving = { [unowned self] detail, leave in
            ConfirmDialog(overWindow: WidgetRef(window), question: tr("Leave without committing?"), detail: detail,
                          confirm: tr("Leave")).present { if $0 { leave() } }
        }
        addAction(to: raw(window), "close-page") { [unowned self] in coordinator.pop() }
        addAction(to: raw(window), "refresh") { [unowned self] in coordinator.refreshCurrent() }
        addAction(to: raw(window), "search") { [unowned self] in
            coordinator.select(.discover)
            // The page grabs the focus when the request arrives (or when it is built): it must be in the window.
            discoverPage.build()
            coordinator.discoverTab.focusSearch()
        }
        // The mouse's back button (button 8), as browsers and Nautilus do.
        let backClick = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(backClick, 8)
        connect(UnsafeMutableRawPointer(backClick), "pressed", main: { [unowned self] in coordinator.pop() })
        gtk_widget_add_controller(window, backClick)
        connect(raw(window), "close-request", mainWithArguments: { [unowned self] _ in
            saveGeometry()
            return false
        })
    }

    private func showNavigation(top: Screen?) {
        gtk_widget_set_visible(backButton, top == nil ? 0 : 1)
        if let top {
            gtk_label_set_text(opaque(pageTitle), top.route.title)
            gtk_stack_set_visible_child_name(opaque(titleStack), "title")
        } else {
            gtk_stack_set_visible_child_name(opaque(titleStack), "switcher")
        }
    }

    private func showPreferences(_ settings: SettingsViewModel?) {
        guard let settings else {
            preferencesWindow?.destroy()
            preferencesWindow = nil
            return
        }
        if preferencesWindow == nil {
            preferencesWindow = PreferencesWindow(viewModel: settings, over: WidgetRef(window)) { [unowned self] in
                preferencesWindow = nil
                coordinator.closeSettings()
            }
        }
        preferencesWindow?.present()
    }

    private func selectTab(_ tab: Tab) {
        let current = adw_view_stack_get_visible_child_name(opaque(tabs)).map { String(cString: $0) }
        if current != tab.rawValue { adw_view_stack_set_visible_child_name(opaque(tabs), tab.rawValue) }
    }

    /// On X11 the window's icon (or the default icon, which it would take) is rendered from the theme's SVG at every
    /// size a taskbar may ask for (_NET_WM_ICON) when the window is realized, before its first frame; nothing in the
    /// window shows it, so both are set when the loop is idle after the first frame is painted (GTK then updates the
    /// realized window's icon; frames due meanwhile go first). Wayland takes the icon from the .desktop file.
    private static func setIconAfterFirstFrame(of window: Widget) {
        AfterFirstFrame.run(in: window) {
            gtk_window_set_default_icon_name(AppEnvironment.applicationID)  // dialogs
            gtk_window_set_icon_name(typed(window), AppEnvironment.applicationID)
        }
    }

    private func restoreGeometry() {
        // A Linux phone's portrait screen is 360 px wide: the window may be that narrow, never narrower.
        gtk_widget_set_size_request(window, 360, 320)
        let geometry = preferences.windowGeometry
        gtk_window_set_default_size(typed(window), Int32(clamping: max(geometry.width, 360)),
                                    Int32(clamping: max(geometry.height, 320)))
        if geometry.isMaximized { gtk_window_maximize(typed(window)) }
    }

    private func saveGeometry() {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(typed(window), &width, &height)
        let maximized = gtk_window_is_maximized(typed(window)) != 0
        var geometry = preferences.windowGeometry
        geometry.isMaximized = maximized
        // While maximized the default size is the unmaximized one GTK remembers; keep it for the next restore.
        if width > 0, height > 0 { geometry.width = Int(width); geometry.height = Int(height) }
        preferences.windowGeometry = geometry
    }
}

private extension Tab {
    /// The icon the bottom switcher bar shows above the title on narrow windows.
    var iconName: String {
        switch self {
        case .projects: "view-grid-symbolic"
        case .discover: "system-search-symbolic"
        case .mine: "avatar-default-symbolic"
        }
    }
}
