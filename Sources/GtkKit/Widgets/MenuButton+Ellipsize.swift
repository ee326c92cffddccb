internal import CGtk
internal import GtkBasics

/// A menu button whose label says a choice made from outside data (a collaborator's name, a milestone's title):
/// GTK 4.8's GtkMenuButton has no ellipsize property, so its own label is told to end in "…" when the window is
/// narrower than the text, and the button can shrink to a phone's width instead of holding the window wider.
extension MenuButton {
    package func ellipsizesLabel() {
        var pending = [widget]
        var visited = 0
        // The button's own few widgets (a toggle button, a box, the label, the arrow); bounded all the same.
        while let next = pending.popLast(), visited < 64 {
            visited += 1
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(next).assumingMemoryBound(to: GTypeInstance.self),
                                          gtk_label_get_type()) != 0 {
                gtk_label_set_ellipsize(opaque(next), PANGO_ELLIPSIZE_END)
            }
            var child = gtk_widget_get_first_child(next)
            while let current = child {
                pending.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
    }
}
