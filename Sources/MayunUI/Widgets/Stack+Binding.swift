import CGtk

extension Stack {
    /// Shows the child named `name()`, read again whenever what it reads changes, while `bindings` lives. The
    /// binding holds the widget's address, not a reference, so a page can bind its own root stack (a page must not
    /// hold its root, which holds the page; the page's bag goes with the page, before the widget).
    func bindVisibleChild(in bindings: BindingBag, to name: @escaping @MainActor () -> String) {
        let stack = opaque(widget)
        bindings.bind {
            let wanted = name()
            if gtk_stack_get_visible_child_name(stack).map({ String(cString: $0) }) != wanted,
               gtk_stack_get_child_by_name(stack, wanted) != nil {
                gtk_stack_set_visible_child_name(stack, wanted)
            }
        }
    }
}
