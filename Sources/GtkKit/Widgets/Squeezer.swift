internal import CGtk
internal import GtkBasics

/// An AdwSqueezer around one child: the child while its natural width fits, nothing when it does not. A button's
/// label in a bar that is wider than a phone: the label goes and the icon stays (the button keeps its accessible
/// name and tooltip), instead of every label shrinking to "…" or the bar forcing the window wider.
@MainActor
package final class Squeezer: WidgetObject {
    package init(_ child: WidgetObject) {
        super.init(owning: GtkBasics.widget(adw_squeezer_new()))
        // Natural width: the child's; minimum: none (allow-none), so the bar can always shrink to its icons.
        adw_squeezer_set_allow_none(opaque(widget), 1)
        adw_squeezer_set_homogeneous(opaque(widget), 0)
        child.withWidget { _ = adw_squeezer_add(opaque(widget), $0) }
    }

    /// Whether the child is on show (false once squeezed out).
    var showsChild: Bool { adw_squeezer_get_visible_child(opaque(widget)) != nil }
}
