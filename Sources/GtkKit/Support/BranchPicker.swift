internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// A drop-down of branch names; choosing one calls `onSelect`. Filled when the branches arrive.
@MainActor
package final class BranchPicker {
    // Stored widget pointers: `root` is a child of a page's bar, written only from its own signals; `model` is
    // owned by `root` (the drop-down's model).
    let root: Widget
    private let model: OpaquePointer
    private var names: [String] = []
    private var updating = false

    package init(current: String, onSelect: @escaping @MainActor (String) -> Void) {
        model = gtk_string_list_new(nil)
        gtk_string_list_append(model, current)
        names = [current]
        g_object_ref(UnsafeMutableRawPointer(model))  // the drop-down takes one reference; we keep our own
        root = widget(gtk_drop_down_new(model, nil))
        Accessibility.setLabel(root, tr("Branch"))
        gtk_widget_set_tooltip_text(root, tr("Branch"))
        connect(raw(root), "notify::selected", main: { [unowned self] in
            guard !updating else { return }
            let index = Int(gtk_drop_down_get_selected(opaque(root)))
            if names.indices.contains(index) { onSelect(names[index]) }
        })
    }

    /// A picker for `choice`: the branch in use at first, then the project's branches once they arrive.
    package convenience init(following choice: BranchChoice, bindings: BindingBag) {
        self.init(current: choice.title) { choice.select($0) }
        bindings.bind { [unowned self] in show(branches: choice.names, current: choice.title) }
    }

    package func show(branches: [String], current: String) {
        guard !branches.isEmpty, branches != names else { return }
        updating = true
        defer { updating = false }
        var list = branches
        if !list.contains(current) { list.insert(current, at: 0) }
        withCStringArray(list) { gtk_string_list_splice(model, 0, guint(names.count), $0) }
        names = list
        gtk_drop_down_set_selected(opaque(root), guint(list.firstIndex(of: current) ?? 0))
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(model)) }
}
