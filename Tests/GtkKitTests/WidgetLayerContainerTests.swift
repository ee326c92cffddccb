import CGtk
import GLibRuntime
@testable import GtkKit
import XCTest

/// The layer's containers and menus: what pages set reaches GTK, activation reaches the right closure, and a page
/// root handed over survives its wrapper.
final class WidgetLayerContainerTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testBoxedListRunsTheActivatedRowsOwnHandler() {
        onMain {
            let list = BoxedList(classes: ["project-rows"])
            var opened: [String] = []
            list.append(ActionRow(title: "Owner")) { opened.append("owner") }
            list.append(ActionRow(title: "Shown only"))
            list.append(ActionRow(title: "Code")) { opened.append("code") }
            // In a window, as on a page: a row activated outside a root makes GtkListBox ask a missing root for focus.
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_child(typed(window), list.widget)
            XCTAssertEqual(list.rowCount, 3)
            XCTAssertTrue(list.hasClass("boxed-list"))
            XCTAssertEqual(gtk_list_box_get_selection_mode(opaque(list.widget)), GTK_SELECTION_NONE)
            let code = gtk_list_box_get_row_at_index(opaque(list.widget), 2)!
            let shown = gtk_list_box_get_row_at_index(opaque(list.widget), 1)!
            XCTAssertEqual(gtk_list_box_row_get_activatable(shown), 0, "a row without a handler is not activatable")
            // What GTK does on a click or Enter on the row.
            gtk_widget_activate(widget(code))
            XCTAssertEqual(opened, ["code"])
            list.removeAll()
            XCTAssertEqual(list.rowCount, 0)
            _ = window
            XCTAssertNil(gtk_widget_get_first_child(list.widget))
        }
    }

    func testStackShowsOnlyChildrenItHas() {
        onMain {
            let stack = Stack()
            stack.add(Label("a"), name: "status")
            stack.add(Label("b"), name: "content")
            stack.visibleChildName = "content"
            XCTAssertEqual(stack.visibleChildName, "content")
            stack.visibleChildName = "missing"
            XCTAssertEqual(stack.visibleChildName, "content", "an unknown name changes nothing (GTK would warn)")
        }
    }

    func testLayoutPropertiesReachTheWidget() {
        onMain {
            let box = Box(.horizontal, spacing: 4)
            XCTAssertEqual(gtk_orientable_get_orientation(opaque(box.widget)), GTK_ORIENTATION_HORIZONTAL)
            box.hexpand = true
            box.halign = .center
            box.setMargins(7)
            XCTAssertEqual(gtk_widget_get_hexpand(box.widget), 1)
            XCTAssertEqual(box.halign, .center)
            XCTAssertEqual(gtk_widget_get_margin_end(box.widget), 7)
            let label = Label("")
            label.show(nil)
            XCTAssertFalse(label.isVisible)
            label.show("Title is required")
            XCTAssertTrue(label.isVisible)
            XCTAssertEqual(label.text, "Title is required")
        }
    }

    func testMenuButtonEntriesRunTheirClosures() {
        onMain {
            var copied: [String] = []
            let button = MenuButton(label: "Copy", entries: [
                MenuEntry(title: "Copy Link") { copied.append("link") },
                MenuEntry(title: "Copy SSH Clone URL") { copied.append("ssh") },
            ])
            let model = gtk_menu_button_get_menu_model(opaque(button.widget))!
            XCTAssertEqual(g_menu_model_get_n_items(model), 2)
            XCTAssertEqual(gtk_widget_activate_action_variant(button.widget, "menu.entry-1", nil), 1)
            XCTAssertEqual(copied, ["ssh"])
        }
    }

    /// A page's root outlives the wrapper it was built with and is owned by the container that shows it.
    func testAHandedOverRootLivesWithItsContainer() {
        onMain {
            let finalized = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
            defer { finalized.deallocate() }
            finalized.pointee = false
            var root: Box? = Box(.vertical)
            let handed = root!.handOver()
            g_object_weak_ref(raw(handed).assumingMemoryBound(to: GObject.self), { data, _ in
                data?.assumingMemoryBound(to: Bool.self).pointee = true
            }, finalized)
            root = nil
            XCTAssertFalse(finalized.pointee, "alive, floating, after its wrapper went")
            XCTAssertEqual(g_object_is_floating(raw(handed)), 1)
            var parent: Box? = Box(.vertical)
            parent!.append(widget: handed)
            XCTAssertEqual(g_object_is_floating(raw(handed)), 0, "the container took it over")
            parent = nil
            XCTAssertTrue(finalized.pointee, "finalized with its container")
        }
    }

    /// A page may keep only the editor's widget: an edit must still reach the handler, with the buffer's text.
    func testATextViewWhoseObjectIsGoneStillReportsEdits() {
        onMain {
            var edits: [String] = []
            let box = Box(.vertical)
            do {
                let editor = TextView(text: "draft")
                editor.onChanged { edits.append($0) }
                box.append(editor)
            }
            let view = gtk_widget_get_first_child(box.widget)!
            gtk_text_buffer_set_text(gtk_text_view_get_buffer(typed(view)), "edited body", -1)
            XCTAssertEqual(edits.last, "edited body", "set_text reports the delete, then the insert")
        }
    }
}
