import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import GtkKit
@testable import MayunShell
@testable import MayunCore
@testable import MayunDocument
@testable import MayunUI
import XCTest

/// Records what a screen asks of navigation.
@MainActor
private final class MenuRecordingNavigator: Navigator {
    var pushed: [Route] = []
    var opened: [URL] = []
    var copied: [String] = []
    func push(_ route: Route) { pushed.append(route) }
    func pop() {}
    func replace(with route: Route) { pushed.append(route) }
    func follow(_ target: LinkTarget) {}
    func openExternal(_ url: URL) { opened.append(url) }
    func copy(_ text: String, announcing message: String) { copied.append(text) }
    func showToast(_ message: String) {}
    func requireLogin(then action: @escaping @MainActor () -> Void) { action() }
    func openLink(_ text: String) {}
}

/// The list rows' context menu: right-click and long-press (through their gestures' own signals), the Menu key /
/// Shift+F10 (through the action they trigger), and the chosen entry reaching the ViewModel's navigator.
final class RowContextMenuTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testRightClickOpensTheRowsMenuAndItsEntriesAreRouted() {
        onMain {
            let fixture = ListFixture()
            defer { fixture.close() }
            guard let gesture = fixture.controllers(ofType: gtk_gesture_click_get_type()).first(where: {
                gtk_gesture_single_get_button(OpaquePointer($0)) == 3
            }) else { return XCTFail("no right-click gesture on the list") }
            let (x, y) = fixture.centre(ofRow: 1)
            emit("pressed", on: gesture, type: gtk_gesture_click_get_type(), int: 1, x: x, y: y)
            XCTAssertEqual(fixture.menuTitles(), ["Open Project", "Open in Browser", "Copy Link"])
            let project = fixture.viewModel.list.items[1]
            fixture.choose(1)
            let expected = project.htmlURL.map { $0.hasSuffix(".git") ? String($0.dropLast(4)) : $0 }
            XCTAssertEqual(fixture.navigator.opened.map(\.absoluteString), [expected].compactMap { $0 })
            XCTAssertNotNil(expected, "the sample project has a web address")
        }
    }

    func testLongPressOpensTheSameMenuAndOpenOpensTheRow() {
        onMain {
            let fixture = ListFixture()
            defer { fixture.close() }
            guard let gesture = fixture.controllers(ofType: gtk_gesture_long_press_get_type()).first
            else { return XCTFail("no long-press gesture on the list") }
            let (x, y) = fixture.centre(ofRow: 0)
            emit("pressed", on: gesture, type: gtk_gesture_long_press_get_type(), int: nil, x: x, y: y)
            XCTAssertEqual(fixture.menuTitles(), ["Open Project", "Open in Browser", "Copy Link"])
            let project = fixture.viewModel.list.items[0]
            fixture.choose(0)
            XCTAssertEqual(fixture.opened, [project.fullName], "Open opened the row's project")
        }
    }

    func testMenuKeyAndShiftF10OpenTheFocusedRowsMenu() {
        onMain {
            let fixture = ListFixture()
            defer { fixture.close() }
            let triggers = fixture.controllers(ofType: gtk_shortcut_controller_get_type()).flatMap { controller in
                let model = OpaquePointer(controller)
                return (0..<g_list_model_get_n_items(model)).compactMap { index -> String? in
                    guard let shortcut = g_list_model_get_item(model, index) else { return nil }
                    defer { g_object_unref(shortcut) }
                    guard let trigger = gtk_shortcut_get_trigger(OpaquePointer(shortcut)),
                          let text = gtk_shortcut_trigger_to_string(trigger) else { return nil }
                    defer { g_free(text) }
                    return String(cString: text)
                }
            }
            XCTAssertTrue(triggers.contains { $0.contains("Menu") && $0.contains("<Shift>F10") },
                          "Menu and Shift+F10 are bound (saw \(triggers))")
            // Focus the third row as Tab / arrow keys would, then what the keys trigger: row-menu.popup.
            let row = fixture.rowWidget(2)
            XCTAssertEqual(gtk_widget_grab_focus(gtk_widget_get_parent(row)!), 1)
            XCTAssertEqual(gtk_widget_activate_action_variant(fixture.list, "row-menu.popup", nil), 1)
            XCTAssertEqual(fixture.menuTitles(), ["Open Project", "Open in Browser", "Copy Link"])
            fixture.choose(2)
            XCTAssertEqual(fixture.navigator.copied.count, 1)
            XCTAssertTrue(fixture.navigator.copied.first?.contains(fixture.viewModel.list.items[2].path) ?? false,
                          "the link of the focused row was copied: \(fixture.navigator.copied)")
        }
    }
}

/// A project list page with the sample projects in a window, its ViewModel's navigator recording.
@MainActor
private final class ListFixture {
    let coordinator: Coordinator
    let navigator: MenuRecordingNavigator
    let viewModel: ProjectListViewModel
    let page: ProjectListPage
    let window = gtk_window_new()!
    /// The projects Open opened.
    var opened: [String] = []

    init() {
        // Five copies of the recorded project, each its own repository (name, path, address).
        let transport = SampleTransport()
        if let array = try? JSONSerialization.jsonObject(with: transport.listBody) as? [[String: Any]],
           let sample = array.first {
            let copies = (0..<5).map { index -> [String: Any] in
                var copy = sample
                copy["id"] = 1000 + index
                copy["name"] = "repo-\(index)"
                copy["path"] = "repo-\(index)"
                copy["full_name"] = "kit101/repo-\(index)"
                copy["human_name"] = "kit101/repo-\(index)"
                copy["html_url"] = "https://gitee.com/kit101/repo-\(index).git"
                return copy
            }
            transport.listBody = (try? JSONSerialization.data(withJSONObject: copies)) ?? transport.listBody
        }
        coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                  services: testServices(transport: transport))
        let navigator = MenuRecordingNavigator()
        self.navigator = navigator
        // Featured's sample projects; opening one is recorded as the Coordinator would push it.
        viewModel = ProjectListViewModel(title: "Featured", list: coordinator.projectsTab.lists[0].list) { project in
            navigator.push(.project(RepositoryID(owner: project.ownerPath, name: project.repoPath)))
        }
        viewModel.navigator = navigator
        page = ProjectListPage(viewModel: viewModel, images: testImages())
        gtk_window_set_default_size(typed(window), 600, 700)
        gtk_window_set_child(typed(window), page.root)
        gtk_window_present(typed(window))
        waitUntil("rows show") { self.page.listView.rowCount >= 3 && self.rowWidgetIfMapped(2) != nil }
    }

    var list: Widget { page.listView.listWidget }

    func close() { gtk_window_destroy(typed(window)) }

    func controllers(ofType type: GType) -> [UnsafeMutableRawPointer] {
        let model = gtk_widget_observe_controllers(list)!
        defer { g_object_unref(UnsafeMutableRawPointer(model)) }
        return (0..<g_list_model_get_n_items(model)).compactMap { index in
            guard let controller = g_list_model_get_item(model, index) else { return nil }
            g_object_unref(controller)
            return g_type_check_instance_is_a(controller.assumingMemoryBound(to: GTypeInstance.self), type) != 0
                ? controller : nil
        }
    }

    private func rowWidgetIfMapped(_ index: Int) -> Widget? {
        descendants(of: list).first {
            attachment(of: raw($0), key: "mayun-row-host", as: RowHost.self)?.shownIndex == index
                && gtk_widget_get_mapped($0) != 0 && gtk_widget_get_height($0) > 0
        }
    }

    func rowWidget(_ index: Int) -> Widget { rowWidgetIfMapped(index)! }

    func centre(ofRow index: Int) -> (Double, Double) {
        let row = rowWidget(index)
        var x = 0.0, y = 0.0
        _ = gtk_widget_translate_coordinates(row, list, Double(gtk_widget_get_width(row)) / 2,
                                             Double(gtk_widget_get_height(row)) / 2, &x, &y)
        return (x, y)
    }

    /// The titles of the open menu's entries, once it is on screen.
    func menuTitles() -> [String] {
        guard let popover = RowContextMenu.of(list)?.popover else { return [] }
        waitUntil("the menu shows") { gtk_widget_get_mapped(popover) != 0 }
        return descendants(of: popover).filter { isA($0, gtk_label_get_type()) && gtk_widget_get_mapped($0) != 0 }
            .compactMap { gtk_label_get_text(opaque($0)).map { String(cString: $0) } }.filter { !$0.isEmpty }
    }

    /// What clicking the menu's entry at `position` does: its action, from inside the popover.
    func choose(_ position: Int32) {
        guard let popover = RowContextMenu.of(list)?.popover else { return XCTFail("no menu open") }
        XCTAssertEqual(gtk_widget_activate_action_variant(popover, "row-menu.run", g_variant_new_int32(position)), 1)
        opened = navigator.pushed.compactMap { if case .project(let repo) = $0 { repo.description } else { nil } }
    }
}

/// Emits a gesture's "pressed" as GTK does when the pointer or finger triggers it (g_signal_emitv with the
/// signal's own arguments: GtkGestureClick's n_press, x, y; GtkGestureLongPress's x, y).
@MainActor
private func emit(_ signal: String, on gesture: UnsafeMutableRawPointer, type: GType, int: Int32?, x: Double, y: Double) {
    var values = [GValue](repeating: GValue(), count: int == nil ? 3 : 4)
    g_value_init(&values[0], type)
    g_value_set_object(&values[0], gesture)
    var next = 1
    if let int {
        g_value_init(&values[1], GTypes.int)
        g_value_set_int(&values[1], int)
        next = 2
    }
    g_value_init(&values[next], GTypes.double)
    g_value_set_double(&values[next], x)
    g_value_init(&values[next + 1], GTypes.double)
    g_value_set_double(&values[next + 1], y)
    g_signal_emitv(&values, g_signal_lookup(signal, type), 0, nil)
    for index in values.indices { g_value_unset(&values[index]) }
}
