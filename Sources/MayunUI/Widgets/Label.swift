import CGtk

/// A GtkLabel: plain text (never markup), optionally wrapping or ellipsized, optionally selectable.
@MainActor
final class Label: WidgetObject {
    init(_ text: String = "", classes: [String] = [], wrap: Bool = false, xalign: Float = 0.5,
         ellipsize: PangoEllipsizeMode = PANGO_ELLIPSIZE_NONE) {
        super.init(owning: Build.label(text, classes: classes, wrap: wrap, xalign: xalign))
        if ellipsize != PANGO_ELLIPSIZE_NONE { gtk_label_set_ellipsize(opaque(widget), ellipsize) }
    }

    var text: String {
        get { gtk_label_get_text(opaque(widget)).map { String(cString: $0) } ?? "" }
        set { gtk_label_set_text(opaque(widget), newValue) }
    }

    var isSelectable: Bool {
        get { gtk_label_get_selectable(opaque(widget)) != 0 }
        set { gtk_label_set_selectable(opaque(widget), newValue ? 1 : 0) }
    }
}
