internal import CGtk
internal import GtkBasics
import GLibRuntime

extension DropDown {
    /// Puts `options` in place of the shown ones (a drop-down made from strings has a GtkStringList model) and
    /// selects `selected` (the view model's own choice, so `onSelected` handlers are not told: GTK's passing
    /// selection of the first new option would otherwise reach the view model and undo it).
    package func replaceOptions(_ options: [String], selected: Int) {
        guard let model = gtk_drop_down_get_model(opaque(widget)) else { return }
        let count = g_list_model_get_n_items(model)
        isReplacingOptions = true
        defer { isReplacingOptions = false }
        withCStringArray(options) { gtk_string_list_splice(model, 0, count, $0) }
        selectedIndex = max(0, min(selected, options.count - 1))
    }

    /// Shows each choice in a label that ellipsizes in the middle, so a long choice (a repository's full name from
    /// the server) can shrink to the space there is instead of widening the window past a phone's 360 px.
    package func ellipsizeChoices() {
        guard let factory = gtk_signal_list_item_factory_new() else { return }
        connect(UnsafeMutableRawPointer(factory), "setup", mainWithArguments: { arguments in
            guard let item = arguments.pointer(at: 1), let label = gtk_label_new(nil) else { return nil }
            gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_MIDDLE)
            gtk_label_set_xalign(opaque(label), 0)
            gtk_list_item_set_child(OpaquePointer(item), label)
            return nil
        })
        connect(UnsafeMutableRawPointer(factory), "bind", mainWithArguments: { arguments in
            guard let item = arguments.pointer(at: 1).map(OpaquePointer.init),
                  let label = gtk_list_item_get_child(item),
                  let choice = gtk_list_item_get_item(item) else { return nil }
            gtk_label_set_label(opaque(label), gtk_string_object_get_string(OpaquePointer(choice)))
            return nil
        })
        gtk_drop_down_set_factory(opaque(widget), factory)
        g_object_unref(UnsafeMutableRawPointer(factory))
    }
}
