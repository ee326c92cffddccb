import CGtk
import GLibRuntime
@testable import MayunCore
@testable import MayunUI
import XCTest

@MainActor
private final class WindowFixture {
    let preferences = InMemoryPreferences()
    let coordinator: Coordinator
    let theme: ThemeController
    let mainWindow: MainWindow

    init() {
        coordinator = Coordinator(environment: testEnvironment(), preferences: preferences, services: testServices())
        theme = ThemeController(nightMode: coordinator.nightMode,
                                themesDirectory: AppResources.locate().themesDirectory)
        mainWindow = MainWindow(application: testApplication, coordinator: coordinator, preferences: preferences,
                                images: testImages())
        gtk_window_present(typed(mainWindow.window))
        waitUntil("the window is laid out") { gtk_widget_get_width(self.mainWindow.window) > 0 }
    }

    var window: Widget { mainWindow.window }

    func close() {
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

    func testPushingSettingsShowsItAndBackRemovesThePage() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            fixture.coordinator.push(.settings)
            waitUntil("the settings page shows") { visibleLabelTexts(in: fixture.window).contains("Appearance") }
            let settingsRoot = descendants(of: fixture.window).first {
                attachment(of: UnsafeMutableRawPointer($0), key: "mayun-page", as: SettingsPage.self) != nil
            }
            XCTAssertNotNil(settingsRoot)
            weak let settingsPage = settingsRoot.flatMap {
                attachment(of: UnsafeMutableRawPointer($0), key: "mayun-page", as: SettingsPage.self)
            }
            XCTAssertTrue(visibleLabelTexts(in: fixture.window).contains("Settings"), "the header shows the page title")

            // Alt+Left is bound to win.back; activating the action is what the accelerator does.
            gtk_widget_activate_action_variant(fixture.window, "win.back", nil)
            XCTAssertTrue(fixture.coordinator.stack.isEmpty)
            waitUntil("the popped page is finalized") { settingsPage == nil }
            XCTAssertTrue(visibleLabelTexts(in: fixture.window).contains("Featured"))
        }
    }

    /// At the standard window size the Password Login card's Save button is below the fold; the page scrolls, so
    /// scrolling to the end brings it inside the window.
    func testSettingsScrollsToItsSaveButtonAtTheStandardSize() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            fixture.coordinator.push(.settings)
            waitUntil("the settings page shows") { visibleLabelTexts(in: fixture.window).contains("Password Login") }
            let save = descendants(of: fixture.window).first {
                isA($0, gtk_button_get_type()) && gtk_button_get_label(typed($0)).map { String(cString: $0) } == "Save"
            }
            let scroller = descendants(of: fixture.window).first {
                isA($0, gtk_scrolled_window_get_type())
                    && attachment(of: UnsafeMutableRawPointer($0), key: "mayun-page", as: SettingsPage.self) != nil
            }
            guard let save, let scroller else { return XCTFail("Save button \(save == nil ? "missing" : "found"), "
                                                              + "page scroller \(scroller == nil ? "missing" : "found")") }
            func saveBottomInScroller() -> Double {
                var x = 0.0, y = 0.0
                _ = gtk_widget_translate_coordinates(save, scroller, 0, Double(gtk_widget_get_height(save)), &x, &y)
                return y
            }
            waitUntil("the page is laid out") { gtk_widget_get_height(save) > 0 }
            let vadjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller))
            gtk_adjustment_set_value(vadjustment,
                                     gtk_adjustment_get_upper(vadjustment) - gtk_adjustment_get_page_size(vadjustment))
            waitUntil("Save is scrolled into view") {
                saveBottomInScroller() <= Double(gtk_widget_get_height(scroller))
            }
            XCTAssertLessThanOrEqual(gtk_widget_get_height(fixture.window), 760, "the window kept its standard size")
        }
    }

    func testChoosingNightRecoloursTheWindowAndIsStored() {
        onMain {
            let fixture = WindowFixture()
            defer { fixture.close() }
            fixture.coordinator.push(.settings)
            waitUntil("the settings page shows") { visibleLabelTexts(in: fixture.window).contains("Night") }
            waitUntil("the window can be rendered") { pixel(of: fixture.window, x: 40, y: 300) != nil }
            let before = pixel(of: fixture.window, x: 40, y: 300)
            // The "Night" row's radio (the row's title names it).
            let night = descendants(of: fixture.window).first {
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
            let coordinator = Coordinator(environment: testEnvironment(), preferences: preferences, services: testServices())
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
