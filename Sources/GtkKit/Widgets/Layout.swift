internal import CGtk
internal import GtkBasics

// GTK's layout constants under Swift names, so pages never name a C constant (`GTK_ORIENTATION_VERTICAL` ...). Each
// is the C value itself: a widget's current value reads back as it is, with no table to keep in step.

package enum Orientation {
    case horizontal, vertical

    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// Where a widget sits in the space its parent gives it (GtkAlign).
package struct Align: Equatable, Sendable {
    let gtk: GtkAlign
    package static let fill = Align(gtk: GTK_ALIGN_FILL), start = Align(gtk: GTK_ALIGN_START)
    package static let end = Align(gtk: GTK_ALIGN_END), center = Align(gtk: GTK_ALIGN_CENTER)
}

/// Where a one-line label cuts text that does not fit (PangoEllipsizeMode).
package struct Ellipsis: Equatable, Sendable {
    let pango: PangoEllipsizeMode
    package static let none = Ellipsis(pango: PANGO_ELLIPSIZE_NONE), start = Ellipsis(pango: PANGO_ELLIPSIZE_START)
    package static let middle = Ellipsis(pango: PANGO_ELLIPSIZE_MIDDLE), end = Ellipsis(pango: PANGO_ELLIPSIZE_END)
}

/// When a scrolled window shows a scrollbar (GtkPolicyType). `external`: it scrolls but the child's size does not
/// become the window's minimum (a document sized to its last width).
package struct ScrollPolicy: Equatable, Sendable {
    let gtk: GtkPolicyType
    package static let always = ScrollPolicy(gtk: GTK_POLICY_ALWAYS), automatic = ScrollPolicy(gtk: GTK_POLICY_AUTOMATIC)
    package static let never = ScrollPolicy(gtk: GTK_POLICY_NEVER), external = ScrollPolicy(gtk: GTK_POLICY_EXTERNAL)
}

/// How the lines of a wrapping label line up with each other (GtkJustification).
package struct Justification: Equatable, Sendable {
    let gtk: GtkJustification
    package static let left = Justification(gtk: GTK_JUSTIFY_LEFT), right = Justification(gtk: GTK_JUSTIFY_RIGHT)
    package static let center = Justification(gtk: GTK_JUSTIFY_CENTER), fill = Justification(gtk: GTK_JUSTIFY_FILL)
}

/// What a text field is for, so an on-screen keyboard offers the right keys (GtkInputPurpose).
package struct InputPurpose: Equatable, Sendable {
    let gtk: GtkInputPurpose
    package static let freeForm = InputPurpose(gtk: GTK_INPUT_PURPOSE_FREE_FORM)
    package static let email = InputPurpose(gtk: GTK_INPUT_PURPOSE_EMAIL), url = InputPurpose(gtk: GTK_INPUT_PURPOSE_URL)
    package static let number = InputPurpose(gtk: GTK_INPUT_PURPOSE_NUMBER)
    package static let phone = InputPurpose(gtk: GTK_INPUT_PURPOSE_PHONE)
}
