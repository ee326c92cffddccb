public import CGtk
import GLibRuntime

/// Small constructors over raw widget pointers for the kit's own custom-built, recycled views (list rows, diff rows,
/// the document and code panes, the window shell). Internal: pages build with the typed layer (`Label`, `Box`, ...).
@MainActor
public enum Build {
    public static func label(_ text: String, classes: [String] = [], wrap: Bool = false, xalign: Float = 0.5) -> Widget {
        let label = widget(gtk_label_new(text))
        gtk_label_set_wrap(opaque(label), wrap ? 1 : 0)
        if wrap { gtk_label_set_wrap_mode(opaque(label), PANGO_WRAP_WORD_CHAR) }
        gtk_label_set_xalign(opaque(label), xalign)
        addClasses(label, classes)
        return label
    }

    public static func box(_ orientation: GtkOrientation, spacing: Int32 = 0, classes: [String] = []) -> Widget {
        let box = widget(gtk_box_new(orientation, spacing))
        addClasses(box, classes)
        return box
    }

    public static func iconButton(_ iconName: String, accessibleLabel: String, tooltip: String? = nil) -> Widget {
        let button = widget(gtk_button_new_from_icon_name(iconName))
        Accessibility.setLabel(button, accessibleLabel)
        // Set while hidden: on a visible widget GTK 4.8 asks the X server where the pointer is at once (a round
        // trip for every button made, e.g. in each new list row; issue 29).
        gtk_widget_set_visible(button, 0)
        gtk_widget_set_tooltip_text(button, tooltip ?? accessibleLabel)
        gtk_widget_set_visible(button, 1)
        return button
    }

    public static func append(_ box: Widget, _ children: Widget...) {
        for child in children { gtk_box_append(typed(box), child) }
    }

    public static func addClasses(_ widget: Widget, _ classes: [String]) {
        for name in classes { gtk_widget_add_css_class(widget, name) }
    }

    public static func margins(_ widget: Widget, _ value: Int32) {
        gtk_widget_set_margin_top(widget, value)
        gtk_widget_set_margin_bottom(widget, value)
        gtk_widget_set_margin_start(widget, value)
        gtk_widget_set_margin_end(widget, value)
    }
}


/// Accessible names for controls whose visible content is not text (icon buttons, groups).
@MainActor
public enum Accessibility {
    public static func setLabel(_ widget: Widget, _ text: String) {
        var value = GValue()
        g_value_init(&value, GTypes.string)
        g_value_set_string(&value, text)
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &value)
        g_value_unset(&value)
    }

    /// GTK 4.8 joins a widget's labelled-by names and its own label ("Log Out Log Out" on a dialog button whose
    /// mnemonic label also names it): drop the labelled-by relation where the widget's own label says the same.
    public static func dropLabelledBy(_ widget: Widget) {
        gtk_accessible_reset_relation(OpaquePointer(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    }
}

/// Sets a string property by name (for properties without a setter function in GTK 4.8).
@MainActor
public func setStringProperty(_ object: UnsafeMutableRawPointer, _ name: String, _ text: String) {
    var value = GValue()
    g_value_init(&value, GTypes.string)
    g_value_set_string(&value, text)
    g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
    g_value_unset(&value)
}
