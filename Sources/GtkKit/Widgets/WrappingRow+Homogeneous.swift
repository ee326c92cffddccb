internal import CGtk
internal import GtkBasics

extension WrappingRow {
    /// Whether every cell gets the same width, the row's width shared evenly (a profile's counts spread across its
    /// header); a narrow window still wraps them onto more lines.
    package var isHomogeneous: Bool {
        get { gtk_flow_box_get_homogeneous(opaque(widget)) != 0 }
        set { gtk_flow_box_set_homogeneous(opaque(widget), newValue ? 1 : 0) }
    }
}
