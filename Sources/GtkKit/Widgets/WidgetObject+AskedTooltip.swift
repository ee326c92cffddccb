internal import CGtk
internal import GtkBasics
import GLibRuntime

extension WidgetObject {
    /// Gives `text()` as the tooltip when GTK asks for one (`query-tooltip`), for a widget whose tooltip changes with
    /// what it shows (a recycled list row): `gtk_widget_set_tooltip_text` on a visible widget makes GTK 4.8 ask the
    /// X server where the pointer is at once, a synchronous round trip in every bind (issue 29). Nil or empty: none.
    package func tooltipWhenAsked(_ text: @escaping @MainActor () -> String?) {
        gtk_widget_set_has_tooltip(widget, 1)
        connect(raw(widget), "query-tooltip", mainWithArguments: { arguments in
            guard let text = text(), !text.isEmpty, let tip = arguments.object(at: 4) else { return false }
            gtk_tooltip_set_text(OpaquePointer(tip), text)
            return true
        })
    }
}

extension Label {
    /// The narrowest it asks to be, in characters. A wrapping label otherwise measures its minimum width by laying
    /// its text out at width 0, a line per word (per character in Chinese), on every measure of a new text: a
    /// third of a wrapping label's measuring time (issue 29).
    package var widthChars: Int32 {
        get { gtk_label_get_width_chars(opaque(widget)) }
        set { gtk_label_set_width_chars(opaque(widget), newValue) }
    }
}
