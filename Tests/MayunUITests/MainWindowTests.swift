import CGtk
import GLibRuntime
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

@MainActor
private final class WindowFixture {
    let preferences: InMemoryPreferences
    let coordinator: Coordinator
    let theme: ThemeController
    let mainWindow: MainWindow

    init(preferences: InMemoryPreferences = InMemoryPreferences()) {
        self.preferences = preferences
        coordinator = Coordinator(testing: testEnvironment(), preferences: preferences, services: testServices())
        theme = ThemeController(nightMode: coordinator.nightMode,
                                themesDirectory: AppResources.locate().themesDirectory)
        mainWindow = MainWindow(application: testApplication, coordinator: coordinator, preferences: preferences,
                                images: testImages())
        gtk_window_present(typed(mainWindow.window))
        waitUntil("the window is laid out") { gtk_widget_get_width(self.mainWindow.window) > 0 }
    }

    var window: Widget { mainWindow.window }

    private var closed = false

    func close() {
        guard !closed else { return }
        closed = true
        gtk_window_destroy(typed(window))
    }
}

final class MainWindowTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testTabsAndFeaturedRowsShow() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            let texts = visibleLabelTexts(in: fixture.window)
            for title in ["Projects", "Discover", "Mine", "Featured", "Popular", "Latest"] {
                XCTAssertTrue(texts.contains(title), "\(title) is visible (saw \(texts))")
            }
            waitUntil("the Featured rows arrive") { visibleLabelTexts(in: fixture.window).contains("drone-yml-test") }
            let notebook = firstWidget(in: fixture.window, ofType: gtk_notebook_get_type())
            XCTAssertEqual(notebook.map { gtk_notebook_get_n_pages(OpaquePointer($0)) }, 3)
        }
    }

    /// Start-up (issue 14): only what the first frame shows is built; the rest comes when first shown, and the
    /// window icon once the first frame is painted.
    func testHiddenTabsAndListsAreBuiltWhenFirstShownAndTheIconAfterTheFirstFrame() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            /// Pages of `type` under `root` (the whole window by default).
            @MainActor func pages<T: Page>(_ type: T.Type, under root: Widget? = nil) -> Int {
                descendants(of: root ?? fixture.window).filter {
                    attachment(of: UnsafeMutableRawPointer($0), key: "mayun-page", as: type) != nil
                }.count
            }
            let projects = fixture.mainWindow.tabsPage.root
            waitUntil("the first frame sets the window icon") {
                gtk_window_get_icon_name(typed(fixture.window)).map { String(cString: $0) } == AppEnvironment.applicationID
            }
            XCTAssertEqual(pages(ProjectListPage.self, under: projects), 1, "only Featured is built")
            XCTAssertEqual(pages(DiscoverPage.self), 0)
            XCTAssertEqual(pages(MinePage.self), 0)

            fixture.coordinator.projectsTab.select(index: 1)
            waitUntil("Popular is built when shown") { pages(ProjectListPage.self, under: projects) == 2 }
            fixture.coordinator.select(.discover)
            waitUntil("Discover is built when shown") { pages(DiscoverPage.self) == 1 }
            XCTAssertEqual(pages(MinePage.self), 0)
            fixture.coordinator.select(.mine)
            waitUntil("Mine is built when shown") { pages(MinePage.self) == 1 }
            // Going back builds nothing twice.
            fixture.coordinator.select(.discover)
            fixture.coordinator.select(.projects)
            waitUntil("Projects shows again") { visibleLabelTexts(in: fixture.window).contains("Featured") }
            XCTAssertEqual(pages(DiscoverPage.self), 1)
            XCTAssertEqual(pages(MinePage.self), 1)
            XCTAssertEqual(pages(ProjectListPage.self, under: projects), 2, "Latest was never shown")
        }
    }

    /// Start-up (issue 14): the main menu's popover and the bottom switcher bar's buttons are not in the first
    /// frame, so they are made when first needed: the menu when it first opens, the bar's buttons when the window is
    /// first too narrow for the header's switcher (before the bar is revealed).
    func testMainMenuAndNarrowSwitcherBarAreMadeWhenFirstNeeded() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            waitForFrames(of: fixture.window, count: 2)
            let menuButton = firstWidget(in: fixture.window, ofType: gtk_menu_button_get_type())
            let bar = firstWidget(in: fixture.window, ofType: adw_view_switcher_bar_get_type())
            guard let menuButton, let bar else { return XCTFail("no menu button or switcher bar") }
            XCTAssertNil(gtk_menu_button_get_menu_model(opaque(menuButton)), "no menu before it is opened")
            XCTAssertEqual(gtk_widget_get_sensitive(menuButton), 1, "the button can still be pressed")
            XCTAssertNil(adw_view_switcher_bar_get_stack(opaque(bar)), "no bottom switcher buttons on a wide window")
            XCTAssertEqual(adw_view_switcher_bar_get_reveal(opaque(bar)), 0)

            gtk_menu_button_popup(opaque(menuButton))
            let model = gtk_menu_button_get_menu_model(opaque(menuButton))
            XCTAssertEqual(model.map { g_menu_model_get_n_items($0) }, 3, "Preferences, Keyboard Shortcuts, About")
            waitUntil("the menu shows Preferences") { visibleLabelTexts(in: fixture.window).contains("Preferences") }
            gtk_menu_button_popdown(opaque(menuButton))
            gtk_menu_button_popup(opaque(menuButton))
            XCTAssertEqual(gtk_menu_button_get_menu_model(opaque(menuButton)), model, "made once")
            gtk_menu_button_popdown(opaque(menuButton))
        }
        onMain {
            let fixture = WindowFixture(preferences: InMemoryPreferences(
                windowGeometry: WindowGeometry(width: 360, height: 640, isMaximized: false)))
            defer { fixture.close() }
            let bar = firstWidget(in: fixture.window, ofType: adw_view_switcher_bar_get_type())
            guard let bar else { return XCTFail("no switcher bar") }
            waitUntil("the bar is revealed on a phone-sized window") { adw_view_switcher_bar_get_reveal(opaque(bar)) != 0 }
            XCTAssertNotNil(adw_view_switcher_bar_get_stack(opaque(bar)), "the bar has the tabs when it shows")
            waitUntil("the bar shows the three tabs") {
                let texts = visibleLabelTexts(in: bar)
                return ["Projects", "Discover", "Mine"].allSatisfy { texts.contains($0) }
            }
        }
    }

    /// Ctrl+F on a window whose Discover tab was never shown: Discover is built and its search entry has the focus.
    func testSearchActionFocusesTheSearchEntryOfADiscoverTabNeverShown() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            gtk_widget_activate_action_variant(fixture.window, "win.search", nil)
            waitUntil("the search entry has the focus") {
                var focused = gtk_window_get_focus(typed(fixture.window))
                while let widget = focused, !isA(widget, gtk_search_entry_get_type()) {
                    focused = gtk_widget_get_parent(widget)
                }
                return focused != nil
            }
        }
    }

    /// Preferences is an AdwPreferencesWindow over the main window (transient for it, modal), not a page: the
    /// page under it stays, and closing it (its close button, Escape: both the window.close action) ends it.
    func testPreferencesOpenAsAModalWindowOverTheMainOne() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            fixture.coordinator.openSettings()
            guard let preferences = waitForPreferencesWindow(over: fixture.window) else { return }
            XCTAssertEqual(gtk_window_get_transient_for(typed(preferences)).map { UnsafeMutableRawPointer($0) },
                           UnsafeMutableRawPointer(fixture.window))
            XCTAssertEqual(gtk_window_get_modal(typed(preferences)), 1)
            XCTAssertEqual(gtk_window_get_title(typed(preferences)).map { String(cString: $0) }, "Preferences")
            waitUntil("General shows") { visibleLabelTexts(in: preferences).contains("Appearance") }
            XCTAssertTrue(fixture.coordinator.stack.isEmpty, "no page was pushed")
            weak let object = attachment(of: raw(preferences), key: "mayun-preferences-window", as: PreferencesWindow.self)
            XCTAssertNotNil(object)
            // Escape is bound to window.close; activating the action is what the key does.
            XCTAssertEqual(gtk_widget_activate_action_variant(preferences, "window.close", nil), 1)
            XCTAssertNil(fixture.coordinator.settings, "the Coordinator knows it closed")
            waitUntil("the window is finalized") { object == nil }
            fixture.coordinator.openSettings()
            XCTAssertNotNil(waitForPreferencesWindow(over: fixture.window), "it opens again")
        }
    }

    /// The login form's "Open Preferences" turns to the Login page, whose fields and Save are in view.
    func testPreferencesOpenAtPasswordLoginWithItsFieldsInView() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            fixture.coordinator.mineTab.login.openSettings()
            guard let preferences = waitForPreferencesWindow(over: fixture.window) else { return }
            waitUntil("Password Login shows") { visibleLabelTexts(in: preferences).contains("Password Login") }
            let save = descendants(of: preferences).first {
                isA($0, gtk_button_get_type()) && gtk_button_get_label(typed($0)).map { String(cString: $0) } == "Save"
            }
            let rows = descendants(of: preferences).filter {
                isA($0, adw_entry_row_get_type()) && gtk_widget_is_drawable($0) != 0
            }.compactMap { adw_preferences_row_get_title(typed($0)).map { String(cString: $0) } }
            XCTAssertEqual(rows, ["Client ID", "Client Secret"])
            guard let save else { return XCTFail("no Save button") }
            waitUntil("Save is laid out") { gtk_widget_is_drawable(save) != 0 && gtk_widget_get_height(save) > 0 }
            var x = 0.0, y = 0.0
            _ = gtk_widget_translate_coordinates(save, preferences, 0, Double(gtk_widget_get_height(save)), &x, &y)
            XCTAssertLessThanOrEqual(y, Double(gtk_widget_get_height(preferences)), "Save is inside the window")
        }
    }

    func testChoosingNightRecoloursTheWindowAndIsStored() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            fixture.coordinator.openSettings()
            guard let preferences = waitForPreferencesWindow(over: fixture.window) else { return }
            waitUntil("Preferences shows Night") { visibleLabelTexts(in: preferences).contains("Night") }
            waitUntil("the window can be rendered") { pixel(of: fixture.window, x: 40, y: 300) != nil }
            let before = pixel(of: fixture.window, x: 40, y: 300)
            // The "Night" row's radio (the row's title names it).
            let night = descendants(of: preferences).first {
                isA($0, adw_action_row_get_type())
                    && adw_preferences_row_get_title(typed($0)).map { String(cString: $0) } == "Night"
            }.flatMap { adw_action_row_get_activatable_widget(typed($0)) }
            XCTAssertNotNil(night)
            if let night { gtk_check_button_set_active(typed(night), 1) }  // what a click does to a radio
            XCTAssertEqual(fixture.preferences.nightMode, .night)
            waitUntil("the theme is applied") {
                (pixel(of: fixture.window, x: 40, y: 300).map { Int($0.red) } ?? 255) < 80
            }
            XCTAssertGreaterThan(before.map { Int($0.red) } ?? 0, 200, "the light theme's background is light")
            let styles = adw_style_manager_get_default()
            XCTAssertEqual(adw_style_manager_get_color_scheme(styles), ADW_COLOR_SCHEME_FORCE_DARK)
            XCTAssertEqual(adw_style_manager_get_dark(styles), 1, "stock widgets follow through libadwaita's dark style")
            fixture.coordinator.nightMode.select(.light)
            waitUntil("Light is applied") { adw_style_manager_get_color_scheme(styles) == ADW_COLOR_SCHEME_FORCE_LIGHT }
            XCTAssertEqual(adw_style_manager_get_dark(styles), 0)
            fixture.coordinator.nightMode.select(.system)
            waitUntil("System leaves the choice to the desktop") {
                adw_style_manager_get_color_scheme(styles) == ADW_COLOR_SCHEME_DEFAULT
            }
        }
    }

    /// Toasts go to libadwaita's overlay as plain text: markup characters in a server's message stay literal.
    func testToastShowsTheMessageLiterally() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            let message = "Could not star <b>x</b> & y"
            fixture.coordinator.showToast(message)
            waitUntil("the toast shows the message") { visibleLabelTexts(in: fixture.window).contains(message) }
        }
    }

    func testWindowSizeIsRestoredAndSavedOnClose() {
        onMain {
            let preferences = InMemoryPreferences(windowGeometry: WindowGeometry(width: 900, height: 640, isMaximized: false))
            let coordinator = Coordinator(testing: testEnvironment(), preferences: preferences, services: testServices())
            let mainWindow = MainWindow(application: testApplication, coordinator: coordinator, preferences: preferences,
                                    images: testImages())
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(typed(mainWindow.window), &width, &height)
            XCTAssertEqual([width, height], [900, 640])
            // The person resizes the window; closing it stores the size it has then.
            gtk_window_set_default_size(typed(mainWindow.window), 1000, 700)
            gtk_window_present(typed(mainWindow.window))
            waitUntil("the window is laid out") { gtk_widget_get_width(mainWindow.window) > 0 }
            gtk_window_close(typed(mainWindow.window))
            XCTAssertEqual(preferences.windowGeometry, WindowGeometry(width: 1000, height: 700, isMaximized: false))
        }
    }
}

/// The open Preferences window (an AdwPreferencesWindow among the toplevels), once it has been laid out.
@MainActor
/// The Preferences window shown over `main` (a test's window; a window left by an earlier test does not count).
func waitForPreferencesWindow(over main: Widget, file: StaticString = #filePath, line: UInt = #line) -> Widget? {
    func find() -> Widget? {
        let toplevels = gtk_window_get_toplevels()
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let object = g_list_model_get_item(toplevels, index) else { continue }
            g_object_unref(object)
            let window = object.assumingMemoryBound(to: GtkWidget.self)
            if isA(window, adw_preferences_window_get_type()), gtk_widget_get_visible(window) != 0,
               gtk_window_get_transient_for(typed(window)).map({ UnsafeMutableRawPointer($0) }) == UnsafeMutableRawPointer(main) {
                return window
            }
        }
        return nil
    }
    waitUntil("the Preferences window shows", file: file, line: line) {
        find().map { gtk_widget_get_width($0) > 0 } ?? false
    }
    return find()
}
