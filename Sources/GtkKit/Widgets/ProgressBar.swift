internal import CGtk
internal import GtkBasics

/// A GtkProgressBar: a fraction when the total is known, a pulse when it is not.
@MainActor
package final class ProgressBar: WidgetObject {
    package init() { super.init(owning: GtkBasics.widget(gtk_progress_bar_new())) }

    /// 0...1, or nil to pulse (each call moves the pulse on, as bytes arrive).
    package func show(fraction: Double?) {
        if let fraction {
            gtk_progress_bar_set_fraction(opaque(widget), min(1, max(0, fraction)))
        } else {
            gtk_progress_bar_pulse(opaque(widget))
        }
    }

    package var fraction: Double { gtk_progress_bar_get_fraction(opaque(widget)) }
}
