internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A GtkLabel: plain text (never markup), optionally wrapping or ellipsized, optionally selectable.
@MainActor
package final class Label: WidgetObject {
    package init(_ text: String = "", classes: [String] = [], wrap: Bool = false, xalign: Float = 0.5,
         ellipsize: Ellipsis = .none) {
        super.init(owning: Build.label(text, classes: classes, wrap: wrap, xalign: xalign))
        if ellipsize != .none { gtk_label_set_ellipsize(opaque(widget), ellipsize.pango) }
    }

    /// Shows `text`, and hides the label while there is none (an error line under a field, an optional caption).
    package func show(_ text: String?) {
        self.text = text ?? ""
        isVisible = !(text ?? "").isEmpty
    }

    /// The widest it asks to be, in characters (a wrapping label otherwise asks for its whole text on one line).
    package var maxWidthChars: Int32 {
        get { gtk_label_get_max_width_chars(opaque(widget)) }
        set { gtk_label_set_max_width_chars(opaque(widget), newValue) }
    }

    /// The lines' alignment among themselves (`xalign` places the whole block).
    package var justify: Justification {
        get { Justification(gtk: gtk_label_get_justify(opaque(widget))) }
        set { gtk_label_set_justify(opaque(widget), newValue.gtk) }
    }

    package var text: String {
        get { gtk_label_get_text(opaque(widget)).map { String(cString: $0) } ?? "" }
        set { gtk_label_set_text(opaque(widget), newValue) }
    }

    /// Sets the text, and hides the label while it is empty (an empty label would still take its line and spacing).
    package func showText(_ text: String) {
        self.text = text
        isVisible = !text.isEmpty
    }

    package var isSelectable: Bool {
        get { gtk_label_get_selectable(opaque(widget)) != 0 }
        set { gtk_label_set_selectable(opaque(widget), newValue ? 1 : 0) }
    }
}

extension Label {
    /// GTK selects the whole text of a selectable label that gets the keyboard focus (`gtk-label-select-on-focus`).
    /// Opening a page moves the focus into it, often to its first selectable label (a project's description, an
    /// issue's title), which then opened highlighted. Off for the display: text is still selected by mouse, by
    /// Shift+arrows or Ctrl+A once focused, and copied with Ctrl+C.
    package static func turnOffSelectOnFocus(for window: WidgetRef) {
        guard let settings = gtk_widget_get_settings(window.widget) else { return }
        var value = GValue()
        g_value_init(&value, GTypes.boolean)
        g_value_set_boolean(&value, 0)
        g_object_set_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self),
                              "gtk-label-select-on-focus", &value)
        g_value_unset(&value)
    }
}
