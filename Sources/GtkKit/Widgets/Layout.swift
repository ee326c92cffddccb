internal import CGtk
internal import GtkBasics

/// GTK's layout constants as Swift enums, so pages never name a C constant (`GTK_ORIENTATION_VERTICAL` ...).
package enum Orientation {
    case horizontal, vertical

    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// Where a widget sits in the space its parent gives it (GtkAlign).
package enum Align {
    case fill, start, end, center

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

/// Where a one-line label cuts text that does not fit (PangoEllipsizeMode).
package enum Ellipsis {
    case none, start, middle, end

    var pango: PangoEllipsizeMode {
        switch self {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
    }
}

/// When a scrolled window shows a scrollbar (GtkPolicyType). `external`: it scrolls but the child's size does not
/// become the window's minimum (a document sized to its last width).
package enum ScrollPolicy {
    case always, automatic, never, external

    var gtk: GtkPolicyType {
        switch self {
        case .always: GTK_POLICY_ALWAYS
        case .automatic: GTK_POLICY_AUTOMATIC
        case .never: GTK_POLICY_NEVER
        case .external: GTK_POLICY_EXTERNAL
        }
    }
}
