import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// The main window: header bar (back, tab switcher or page title, main menu) over the navigation stack.
@MainActor
final class MainWindow: PlatformActions {
    let window: Widget
    let coordinator: Coordinator
    private let preferences: any PreferencesStore
    private let navigation: NavigationView
    private let backButton: Widget
    private let titleStack: Widget
    private let pageTitle: Widget
    private let tabs: Widget
    let tabsPage: Page
    let toasts: ToastOverlay
    private let bindings = BindingBag()

    init(application: UnsafeMutablePointer<GtkApplication>, coordinator: Coordinator,
         preferences: any PreferencesStore, images: ImageLoader) {
        self.coordinator = coordinator
        self.preferences = preferences
        window = gtk_application_window_new(application)
        gtk_window_set_title(typed(window), "Mayun")
        gtk_window_set_icon_name(typed(window), AppEnvironment.applicationID)
        let factory = PageFactory(images: images)

        tabs = widget(gtk_stack_new())
        gtk_stack_set_transition_type(opaque(tabs), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        tabsPage = factory.makeProjectsTab(coordinator.projectsTab)
        let tabRoots = [tabsPage.root, factory.makeDiscoverTab(coordinator.discoverTab).root,
                        factory.makeMineTab(coordinator.mineTab).root]
        for (tab, root) in zip(Tab.allCases, tabRoots) {
            gtk_stack_add_titled(opaque(tabs), root, tab.rawValue, tab.title)
        }
        navigation = NavigationView(tabs: tabs, coordinator: coordinator, factory: factory)

        backButton = Build.iconButton("go-previous-symbolic", accessibleLabel: tr("Back"))
        pageTitle = Build.label("", classes: ["title"])
        gtk_label_set_ellipsize(opaque(pageTitle), PANGO_ELLIPSIZE_MIDDLE)
        titleStack = widget(gtk_stack_new())
        let switcher = widget(gtk_stack_switcher_new())
        gtk_stack_switcher_set_stack(opaque(switcher), opaque(tabs))
        gtk_stack_add_named(opaque(titleStack), switcher, "switcher")
        gtk_stack_add_named(opaque(titleStack), pageTitle, "title")
        gtk_stack_set_hhomogeneous(opaque(titleStack), 0)

        let header = widget(gtk_header_bar_new())
        gtk_header_bar_pack_start(opaque(header), backButton)
        gtk_header_bar_set_title_widget(opaque(header), titleStack)
        toasts = ToastOverlay(child: navigation.root)
        gtk_header_bar_pack_end(opaque(header), makeMenuButton())
        gtk_window_set_titlebar(typed(window), header)
        gtk_window_set_child(typed(window), toasts.root)

        restoreGeometry()
        connectInputs()
        bindings.bind { [unowned self] in showNavigation(top: coordinator.top) }
        bindings.bind { [unowned self] in selectTab(coordinator.selectedTab) }
        bindings.bind { [unowned self] in
            if let toast = coordinator.toast { toasts.show(toast.message) }
        }
        coordinator.platform = self
        attach(self, to: raw(window), key: "mayun-main-window")
    }

    // MARK: PlatformActions

    func open(_ url: URL) {
        guard LinkPolicy.decide(url).isAllowed else { return }  // the Coordinator checked; a second lock at the door
        gtk_show_uri(typed(window), url.absoluteString, guint32(GDK_CURRENT_TIME))
    }

    func copy(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(window), text)
    }

    private func makeMenuButton() -> Widget {
        let menu = g_menu_new()!
        g_menu_append(menu, tr("Settings"), "app.settings")
        g_menu_append(menu, tr("Keyboard Shortcuts"), "app.shortcuts")
        g_menu_append(menu, tr("About Mayun"), "app.about")
        let button = widget(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(opaque(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(opaque(button), UnsafeMutablePointer<GMenuModel>(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
        Accessibility.setLabel(button, tr("Main Menu"))
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        return button
    }

    private func connectInputs() {
        // Keyboard and AT-SPI activation; pointer clicks are handled by backPointer below.
        connect(raw(backButton), "activate", main: { [unowned self] in coordinator.pop() })
        // Pointer clicks on Back are taken before the button sees them: GTK 4.8's header bar counts a quick second
        // click as a double click and its window handle claims it for the titlebar action, cancelling the button's
        // click (1 in 12 quick Back-Back sequences did nothing). One pop per release inside the button; the
        // button's own "clicked" is not used (it would pop a second time).
        let backPointer = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(backPointer, GTK_PHASE_CAPTURE)
        connect(UnsafeMutableRawPointer(backPointer), "pressed", mainWithArguments: { arguments in
            if let gesture = arguments.instance {
                gtk_gesture_set_state(OpaquePointer(gesture), GTK_EVENT_SEQUENCE_CLAIMED)
            }
            return nil
        })
        connect(UnsafeMutableRawPointer(backPointer), "released", mainWithArguments: { [unowned self] arguments in
            let x = arguments.double(at: 2), y = arguments.double(at: 3)
            if x >= 0, y >= 0, x < Double(gtk_widget_get_width(backButton)), y < Double(gtk_widget_get_height(backButton)) {
                coordinator.pop()
            }
            return nil
        })
        gtk_widget_add_controller(backButton, backPointer)
        connect(raw(tabs), "notify::visible-child-name", main: { [unowned self] in
            guard let name = gtk_stack_get_visible_child_name(opaque(tabs)),
                  let tab = Tab(rawValue: String(cString: name)) else { return }
            coordinator.select(tab)
        })
        addAction(to: raw(window), "back") { [unowned self] in coordinator.pop() }
        addAction(to: raw(window), "close-page") { [unowned self] in coordinator.pop() }
        addAction(to: raw(window), "refresh") { [unowned self] in coordinator.refreshCurrent() }
        addAction(to: raw(window), "search") { [unowned self] in
            coordinator.select(.discover)
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

    private func selectTab(_ tab: Tab) {
        let current = gtk_stack_get_visible_child_name(opaque(tabs)).map { String(cString: $0) }
        if current != tab.rawValue { gtk_stack_set_visible_child_name(opaque(tabs), tab.rawValue) }
    }

    private func restoreGeometry() {
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
