import CGtk
import GLibRuntime
@testable import GtkKit
import XCTest

/// Buttons, labels, entries, lists, dialogs and actions: their properties reach
/// the GTK widget and handlers run.
final class WidgetPropertiesAndHandlersTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// An empty button given content: named by its accessible label only (no stale labelled-by from a label GTK
    /// made and threw away), without GTK's text-button look, and its click runs the handler.
    func testButtonsTakeTheirContentAndName() {
        onMain {
            let content = Box(.horizontal, spacing: 6)
            content.append(Icon("document-save-as-symbolic"), Label("Save As…"))
            let button = Button(child: content, accessibleLabel: "Save As…", classes: ["flat"])
            XCTAssertEqual(gtk_button_get_child(typed(button.widget)).map { UnsafeMutableRawPointer($0) },
                           UnsafeMutableRawPointer(content.widget))
            XCTAssertTrue(button.hasClass("flat"))
            XCTAssertFalse(button.hasClass("text-button"))
            XCTAssertNotEqual(gtk_test_accessible_has_property(OpaquePointer(button.widget), GTK_ACCESSIBLE_PROPERTY_LABEL), 0)
            XCTAssertEqual(gtk_test_accessible_has_relation(OpaquePointer(button.widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY), 0)
            var clicks = 0
            button.onClicked { clicks += 1 }
            emitClicked(button.widget)
            XCTAssertEqual(clicks, 1)

            let toggle = ToggleButton(child: Label("Source"), accessibleLabel: "Source", classes: ["flat"])
            var states: [Bool] = []
            toggle.onToggled { states.append($0) }
            toggle.isActive = true
            XCTAssertEqual(gtk_toggle_button_get_active(typed(toggle.widget)), 1)
            toggle.isActive = true  // no change, no signal
            gtk_toggle_button_set_active(typed(toggle.widget), 0)
            XCTAssertFalse(toggle.isActive)
            XCTAssertEqual(states, [true, false])
        }
    }

    func testABoxedListOfNotificationRowsRunsTheActivatedRowsHandler() {
        onMain {
            let list = BoxedList(classes: ["notifications-list"])
            var opened: [String] = []
            list.append(Label("first")) { opened.append("first") }
            list.append(Label("second")) { opened.append("second") }
            // In a window, as on a page: GtkListBox asks its root for the focus when a row is activated.
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_child(typed(window), list.widget)
            XCTAssertTrue(list.hasClass("boxed-list"))
            XCTAssertTrue(list.hasClass("notifications-list"))
            XCTAssertEqual(gtk_list_box_get_selection_mode(opaque(list.widget)), GTK_SELECTION_NONE)
            XCTAssertEqual(list.rowCount, 2)
            gtk_widget_activate(widget(gtk_list_box_get_row_at_index(opaque(list.widget), 1)!))
            XCTAssertEqual(opened, ["second"])
            list.removeAll()
            XCTAssertEqual(list.rowCount, 0)
            XCTAssertNil(gtk_widget_get_first_child(list.widget))
        }
    }

    /// A page may keep only a list's widget (the project page's rows): activation must not need the Swift object.
    func testListsWhoseObjectIsGoneStillRunTheirRowsHandlers() {
        onMain {
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_window_set_child(typed(window), box)
            var opened: [String] = []
            do {
                let rows = BoxedList()
                rows.append(Label("notification")) { opened.append("notification") }
                let list = BoxedList()
                list.append(ActionRow(title: "Owner")) { opened.append("owner") }
                gtk_box_append(typed(box), rows.widget)
                gtk_box_append(typed(box), list.widget)
            }
            let rows = gtk_widget_get_first_child(box)!, list = gtk_widget_get_last_child(box)!
            gtk_widget_activate(widget(gtk_list_box_get_row_at_index(opaque(rows), 0)!))
            gtk_widget_activate(widget(gtk_list_box_get_row_at_index(opaque(list), 0)!))
            XCTAssertEqual(opened, ["notification", "owner"])
        }
    }

    func testLabelsEntriesStacksAndWebLinksSetTheirProperties() {
        onMain {
            let field = Entry()
            let caption = Label("Email")
            caption.names(field)
            XCTAssertEqual(gtk_label_get_mnemonic_widget(opaque(caption.widget)).map { UnsafeMutableRawPointer($0) },
                           UnsafeMutableRawPointer(field.widget))
            caption.justify = .center
            XCTAssertEqual(gtk_label_get_justify(opaque(caption.widget)), GTK_JUSTIFY_CENTER)
            XCTAssertEqual(caption.justify, .center)
            field.setInputPurpose(.email)
            XCTAssertEqual(gtk_entry_get_input_purpose(typed(field.widget)), GTK_INPUT_PURPOSE_EMAIL)
            let stack = Stack()
            stack.isVerticallyHomogeneous = true
            XCTAssertEqual(gtk_stack_get_vhomogeneous(opaque(stack.widget)), 1)
            let link = WebLinkButton(uri: "https://gitee.com/oauth/applications", label: "OAuth applications")
            XCTAssertEqual(link.tooltip, "https://gitee.com/oauth/applications")
            XCTAssertEqual(link.uri, "https://gitee.com/oauth/applications")
            XCTAssertTrue(isA(link.widget, gtk_link_button_get_type()))
        }
    }

    /// The Preferences window's shell: its settings reach the AdwPreferencesWindow, closing asks first, and the
    /// owner the window keeps goes with the window once it is closed (the dialog object holds no reference).
    func testPreferencesDialogShowsPagesAndItsOwnerGoesWithTheWindow() {
        onMain {
            let parent = gtk_window_new()!
            defer { gtk_window_destroy(typed(parent)) }
            var owner: Owner? = Owner()
            weak let weakOwner = owner
            let dialog = PreferencesDialog(title: "Preferences")
            let window = dialog.widget
            owner!.dialog = dialog
            dialog.keep(owner!, key: "test-owner")
            owner = nil
            dialog.setModal(over: widget(parent))
            dialog.isSearchEnabled = false
            dialog.setDefaultSize(width: 500, height: 400)
            let general = PreferencesPage(title: "General", iconName: "preferences-system-symbolic")
            let login = PreferencesPage(title: "Login", iconName: "dialog-password-symbolic")
            general.add(PreferencesGroup(title: "Appearance"))
            dialog.add(general)
            dialog.add(login)
            dialog.show(login)
            XCTAssertEqual(adw_preferences_window_get_visible_page(typed(window)).map { UnsafeMutableRawPointer($0) },
                           UnsafeMutableRawPointer(login.widget))
            XCTAssertEqual(gtk_window_get_title(typed(window)).map { String(cString: $0) }, "Preferences")
            XCTAssertEqual(gtk_window_get_modal(typed(window)), 1)
            XCTAssertEqual(gtk_window_get_transient_for(typed(window)).map { UnsafeMutableRawPointer($0) },
                           UnsafeMutableRawPointer(parent))
            XCTAssertEqual(adw_preferences_window_get_search_enabled(typed(window)), 0)
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(typed(window), &width, &height)
            XCTAssertEqual([width, height], [500, 400])
            XCTAssertEqual(PreferencesDialog.currentSize(of: window).width, 500, "not laid out yet: its default size")

            var closeRequests = 0
            dialog.onCloseRequest {
                closeRequests += 1
                return closeRequests == 1  // keep it open the first time
            }
            dialog.addShortcut("Escape", action: "window.close")
            dialog.present()
            // Escape is bound to window.close; activating the action is what the key does.
            XCTAssertEqual(gtk_widget_activate_action_variant(window, "window.close", nil), 1)
            XCTAssertEqual(closeRequests, 1)
            XCTAssertNotEqual(gtk_widget_get_visible(window), 0, "kept open")
            XCTAssertNotNil(weakOwner, "the window keeps its owner")
            gtk_window_close(typed(window))
            XCTAssertEqual(closeRequests, 2)
            waitUntil("the window and its owner are freed") { weakOwner == nil }
        }
    }

    func testAnApplicationActionTakesAStringParameter() {
        onMain {
            let application = ApplicationHandle(testApplication)
            var targets: [String] = []
            application.addAction("pages-b-test", stringParameter: { targets.append($0) })
            let group = OpaquePointer(UnsafeMutableRawPointer(testApplication))
            g_action_group_activate_action(group, "pages-b-test", g_variant_new_string("notification/7"))
            XCTAssertEqual(targets, ["notification/7"])
            XCTAssertNotNil(AppNotification(title: "New issue"))
        }
    }
}

@MainActor
private final class Owner { var dialog: PreferencesDialog? }

/// Emits "clicked" as GTK does at the end of a click (g_signal_emit_by_name is variadic, not callable).
@MainActor
private func emitClicked(_ button: Widget) {
    var instance = GValue()
    g_value_init(&instance, gtk_button_get_type())
    g_value_set_object(&instance, raw(button))
    g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
    g_value_unset(&instance)
}
