internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A boxed GtkListBox (libadwaita's card-like list) whose rows run their own handler when activated by a click,
/// Enter or AT-SPI; nothing is ever selected. A row is an `ActionRow` (a title with prefixes and suffixes: the
/// project page) or any widget, which GTK puts in a row of its own (a notification's avatar, text and button; a
/// commit's title and byline).
@MainActor
package final class BoxedList: WidgetObject {
    /// Shared with the signal handler, which must not need this object: a page may keep only the list's widget.
    private let handlers = RowHandlers()

    package init(classes: [String] = []) {
        super.init(owning: GtkBasics.widget(gtk_list_box_new()))
        addClasses(["boxed-list"] + classes)
        gtk_list_box_set_selection_mode(opaque(widget), GTK_SELECTION_NONE)
        let handlers = handlers
        connect(raw(widget), "row-activated", mainWithArguments: { arguments in
            guard let row = arguments.object(at: 1) else { return nil }
            handlers.run(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
            return nil
        })
    }

    /// Appends `row`; with a handler the row is activatable and runs it, without one it is shown only.
    package func append(_ row: WidgetObject, onActivate handler: (@MainActor () -> Void)? = nil) {
        row.withWidget { child in
            gtk_list_box_append(opaque(widget), child)
            // A widget that is not a GtkListBoxRow was put into one by GTK: that row is what activates.
            let isRow = g_type_check_instance_is_a(raw(child).assumingMemoryBound(to: GTypeInstance.self),
                                                   gtk_list_box_row_get_type()) != 0
            guard let listRow = isRow ? child : gtk_widget_get_parent(child) else { return }
            gtk_list_box_row_set_activatable(typed(listRow), handler == nil ? 0 : 1)
        }
        handlers.list.append(handler ?? {})
    }

    package func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_list_box_remove(opaque(widget), child) }
        handlers.list.removeAll()
    }

    package var rowCount: Int { handlers.list.count }
}

/// A GtkImage of a named (themed, usually symbolic) icon.
@MainActor
package final class Icon: WidgetObject {
    package init(_ name: String, pixelSize: Int32? = nil) {
        super.init(owning: GtkBasics.widget(gtk_image_new_from_icon_name(name)))
        if let pixelSize { gtk_image_set_pixel_size(opaque(widget), pixelSize) }
    }
}

/// One entry of a `MenuButton`'s menu.
package struct MenuEntry {
    package let title: String
    package let run: @MainActor () -> Void

    package init(title: String, run: @escaping @MainActor () -> Void) {
        self.title = title
        self.run = run
    }
}

/// A GtkMenuButton with a text label and a menu of entries; each entry runs its closure (through an action group of
/// the button's own, so two menus never share action names).
@MainActor
package final class MenuButton: WidgetObject {
    package init(label: String, entries: [MenuEntry]) {
        super.init(owning: GtkBasics.widget(gtk_menu_button_new()))
        gtk_menu_button_set_label(opaque(widget), label)
        let group = g_simple_action_group_new()!
        let menu = g_menu_new()!
        for (index, entry) in entries.enumerated() {
            let name = "entry-\(index)"
            addAction(to: UnsafeMutableRawPointer(group), name, entry.run)
            g_menu_append(menu, entry.title, "menu.\(name)")
        }
        gtk_widget_insert_action_group(widget, "menu", OpaquePointer(group))
        g_object_unref(UnsafeMutableRawPointer(group))
        gtk_menu_button_set_menu_model(opaque(widget), UnsafeMutablePointer<GMenuModel>(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
    }
}

/// A GtkLinkButton whose click goes to `open` (never GTK's own launcher: what opens, and how, is the ViewModel's
/// decision through `LinkPolicy`).
@MainActor
package final class LinkButton: WidgetObject {
    package init(uri: String, label: String, open: @escaping @MainActor () -> Void) {
        super.init(owning: GtkBasics.widget(gtk_link_button_new_with_label(uri, label)))
        connect(raw(widget), "activate-link", mainWithArguments: { _ in
            open()
            return true  // handled: GTK must not launch the address itself
        })
    }
}

/// A GtkDropDown of plain strings.
@MainActor
package final class DropDown: WidgetObject {
    package init(_ options: [String]) {
        super.init(owning: withCStringArray(options) { GtkBasics.widget(gtk_drop_down_new_from_strings($0)) })
    }

    package var selectedIndex: Int {
        get { Int(gtk_drop_down_get_selected(opaque(widget))) }
        set { if newValue != selectedIndex { gtk_drop_down_set_selected(opaque(widget), guint(newValue)) } }
    }

    /// True while `replaceOptions` swaps the choices: GTK selects the first new choice on its own before the wanted
    /// one is set, and that passing selection is nobody's choice.
    var isReplacingOptions = false

    /// A choice made by the pointer, the keyboard or `selectedIndex` (not the passing one while the options are
    /// replaced: a page that handed it to its view model would undo the choice it is showing, e.g. the branch a new
    /// pull request was opened from).
    package func onSelected(_ handler: @escaping @MainActor (Int) -> Void) {
        let widget = widget
        connect(raw(widget), "notify::selected", main: { [weak self] in
            guard self?.isReplacingOptions != true else { return }
            handler(Int(gtk_drop_down_get_selected(opaque(widget))))
        })
    }
}
