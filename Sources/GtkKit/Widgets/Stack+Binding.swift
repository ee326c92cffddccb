internal import CGtk
internal import GtkBasics

extension Stack {
    /// Shows the child named `name()`, read again whenever what it reads changes, while `bindings` lives. The
    /// binding holds a weak reference, so a page can bind its own root stack (a page must not hold its root, which
    /// holds the page), and does nothing once the stack is gone.
    package func bindVisibleChild(in bindings: BindingBag, to name: @escaping @MainActor () -> String) {
        let stack = WeakWidget(widget)
        bindings.bind {
            let wanted = name()
            stack.with { stack in
                if gtk_stack_get_visible_child_name(opaque(stack)).map({ String(cString: $0) }) != wanted,
                   gtk_stack_get_child_by_name(opaque(stack), wanted) != nil {
                    gtk_stack_set_visible_child_name(opaque(stack), wanted)
                }
            }
        }
    }
}
