internal import CGtk
internal import GtkBasics
import Dispatch
import GLibRuntime
import MayunCore

/// A list row's context menu, installed once on a list (not in each row): a right-click or a long-press on a row,
/// or the Menu key / Shift+F10 on the focused row, opens a GtkPopoverMenu of what the list's ViewModel offers for
/// that row (Open, Open in Browser, Copy Link...). The row under the pointer is found with gtk_widget_pick and its
/// `RowHost`, which knows the index it shows.
@MainActor
package final class RowContextMenu {
    static let actionGroup = "row-menu"
    // Stored widget pointers: attached to `listView` (goes with it); `popover` is a child of `listView`.
    private let listView: Widget
    private let itemsAt: @MainActor (Int) -> [RowMenuItem]
    /// The entries of the menu on screen, in order ("row-menu.run" carries the position).
    private var shown: [RowMenuItem] = []
    private(set) var popover: Widget?

    @discardableResult
    static func install(on listView: Widget, items: @escaping @MainActor (Int) -> [RowMenuItem]) -> RowContextMenu {
        let menu = RowContextMenu(listView: listView, items: items)
        attach(menu, to: raw(listView), key: "mayun-row-context-menu")
        return menu
    }

    static func of(_ listView: Widget) -> RowContextMenu? {
        attachment(of: raw(listView), key: "mayun-row-context-menu", as: RowContextMenu.self)
    }

    private init(listView: Widget, items: @escaping @MainActor (Int) -> [RowMenuItem]) {
        self.listView = listView
        itemsAt = items
        installActions()
        installGestures()
        // The keyboard's way to the same menu, as GTK's own text widgets do.
        let keys = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            keys,
            gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Shift>F10|Menu"),
                             gtk_named_action_new("\(Self.actionGroup).popup")))
        gtk_widget_add_controller(listView, keys)
        // A popover is a child of the list: let it go with the list.
        connect(raw(listView), "destroy", main: { [unowned self] in closeAndUnparent() })
    }

    /// Opens the menu of the row at (x, y) in the list's coordinates; false when no row is there.
    @discardableResult
    func popup(x: Double, y: Double) -> Bool {
        guard let picked = gtk_widget_pick(listView, x, y, GTK_PICK_DEFAULT), let index = Self.rowIndex(around: picked)
        else { return false }
        return show(index, pointingAt: GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1))
    }

    /// Opens the menu of the row that has the keyboard focus; false when the focus is not on a row of this list.
    @discardableResult
    func popupForFocusedRow() -> Bool {
        guard let root = gtk_widget_get_root(listView), let focus = gtk_root_get_focus(root),
              gtk_widget_is_ancestor(focus, listView) != 0,
              let (index, row) = Self.row(around: focus) else { return false }
        var x = 0.0, y = 0.0
        _ = gtk_widget_translate_coordinates(row, listView, 0, 0, &x, &y)
        // Under the row's start, where a person reading it looks.
        return show(index, pointingAt: GdkRectangle(x: Int32(x) + 24, y: Int32(y), width: 1,
                                                    height: gtk_widget_get_height(row)))
    }

    private func show(_ index: Int, pointingAt rect: GdkRectangle) -> Bool {
        let items = itemsAt(index)
        guard !items.isEmpty else { return false }
        closeAndUnparent()
        shown = items
        let menu = g_menu_new()!
        for (position, item) in items.enumerated() {
            let entry = g_menu_item_new(item.title, nil)!
            g_menu_item_set_action_and_target_value(entry, "\(Self.actionGroup).run", g_variant_new_int32(Int32(position)))
            g_menu_append_item(menu, entry)
            g_object_unref(UnsafeMutableRawPointer(entry))
        }
        let popover = widget(gtk_popover_menu_new_from_model(UnsafeMutablePointer<GMenuModel>(menu)))
        g_object_unref(UnsafeMutableRawPointer(menu))
        gtk_widget_set_parent(popover, listView)
        var rect = rect
        gtk_popover_set_pointing_to(typed(popover), &rect)
        gtk_popover_set_has_arrow(typed(popover), 0)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        self.popover = popover
        let address = UInt(bitPattern: popover)
        connect(raw(popover), "closed", main: { [weak self] in
            // The chosen entry's action may run after "closed": unparent on the next turn of the loop.
            DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.unparent(address) } }
        })
        gtk_popover_popup(typed(popover))
        return true
    }

    private func unparent(_ address: UInt) {
        guard let popover, UInt(bitPattern: popover) == address else { return }
        gtk_widget_unparent(popover)
        self.popover = nil
    }

    private func closeAndUnparent() {
        guard let popover else { return }
        self.popover = nil
        gtk_popover_popdown(typed(popover))
        gtk_widget_unparent(popover)
    }

    private func installActions() {
        let group = g_simple_action_group_new()!
        let run = g_simple_action_new("run", g_variant_type_new("i"))!
        connect(UnsafeMutableRawPointer(run), "activate", mainWithArguments: { [unowned self] arguments in
            guard let parameter = arguments.pointer(at: 1) else { return nil }
            let position = Int(g_variant_get_int32(OpaquePointer(parameter)))
            if shown.indices.contains(position) { shown[position].perform() }
            return nil
        })
        g_action_map_add_action(OpaquePointer(group), run)
        g_object_unref(UnsafeMutableRawPointer(run))
        addAction(to: UnsafeMutableRawPointer(group), "popup") { [unowned self] in popupForFocusedRow() }
        gtk_widget_insert_action_group(listView, Self.actionGroup, OpaquePointer(group))
        g_object_unref(UnsafeMutableRawPointer(group))
    }

    private func installGestures() {
        // Right-click; claimed, so the row is not also activated.
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 3)
        connect(UnsafeMutableRawPointer(click), "pressed", mainWithArguments: { [unowned self] arguments in
            if popup(x: arguments.double(at: 2), y: arguments.double(at: 3)), let gesture = arguments.instance {
                gtk_gesture_set_state(OpaquePointer(gesture), GTK_EVENT_SEQUENCE_CLAIMED)
            }
            return nil
        })
        gtk_widget_add_controller(listView, click)
        // Long-press (touch screens; a held mouse button too): claiming it cancels the row's click, so lifting the
        // finger does not open the row under the menu.
        let press = gtk_gesture_long_press_new()!
        connect(UnsafeMutableRawPointer(press), "pressed", mainWithArguments: { [unowned self] arguments in
            if popup(x: arguments.double(at: 1), y: arguments.double(at: 2)), let gesture = arguments.instance {
                gtk_gesture_set_state(OpaquePointer(gesture), GTK_EVENT_SEQUENCE_CLAIMED)
            }
            return nil
        })
        gtk_widget_add_controller(listView, press)
    }

    /// The index shown by the row containing `widget`: its RowHost is `widget` or an ancestor, or (when the focus
    /// is on GTK's own list item widget) that widget's child.
    static func rowIndex(around widget: Widget) -> Int? { row(around: widget)?.index }

    private static func row(around start: Widget) -> (index: Int, row: Widget)? {
        func host(_ widget: Widget) -> RowHost? {
            attachment(of: raw(widget), key: "mayun-row-host", as: RowHost.self)
        }
        var current: Widget? = start
        while let widget = current {
            if let host = host(widget) { return host.shownIndex.map { ($0, widget) } }
            current = gtk_widget_get_parent(widget)
        }
        if let child = gtk_widget_get_first_child(start), let host = host(child) {
            return host.shownIndex.map { ($0, start) }
        }
        return nil
    }
}
