internal import CGtk
internal import GtkBasics

extension Stack {
    /// Whether every child gets the height of the tallest, so switching children does not move what is below.
    package var isVerticallyHomogeneous: Bool {
        get { gtk_stack_get_vhomogeneous(opaque(widget)) != 0 }
        set { gtk_stack_set_vhomogeneous(opaque(widget), newValue ? 1 : 0) }
    }
}
