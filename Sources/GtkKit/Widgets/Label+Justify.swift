internal import CGtk
internal import GtkBasics

/// How the lines of a wrapping label line up with each other (GtkJustification).
package enum Justification {
    case left, right, center, fill

    var gtk: GtkJustification {
        switch self {
        case .left: GTK_JUSTIFY_LEFT
        case .right: GTK_JUSTIFY_RIGHT
        case .center: GTK_JUSTIFY_CENTER
        case .fill: GTK_JUSTIFY_FILL
        }
    }
}

extension Label {
    /// The lines' alignment among themselves (`xalign` places the whole block).
    package var justify: Justification {
        get {
            switch gtk_label_get_justify(opaque(widget)) {
            case GTK_JUSTIFY_RIGHT: .right
            case GTK_JUSTIFY_CENTER: .center
            case GTK_JUSTIFY_FILL: .fill
            default: .left
            }
        }
        set { gtk_label_set_justify(opaque(widget), newValue.gtk) }
    }
}
