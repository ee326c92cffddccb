import CGtk
import GLibRuntime

/// The base of Mayun's small typed widget layer: a Swift object that owns one reference to its GtkWidget (taken
/// with g_object_ref_sink, so a new, floating widget becomes its own), released when the object goes away. Pages
/// keep these and read as Swift (`title.text = ...`, `star.onClicked { ... }`); `widget` is there for containers.
@MainActor
class WidgetObject {
    let widget: Widget

    init(owning widget: Widget) {
        self.widget = widget
        g_object_ref_sink(raw(widget))
    }

    isolated deinit { g_object_unref(raw(widget)) }

    var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// Whether it takes input; an insensitive widget is greyed out.
    var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// The name screen readers (and the AT-SPI tests) use when the visible content does not say it.
    var accessibleLabel: String = "" {
        didSet { Accessibility.setLabel(widget, accessibleLabel) }
    }

    var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    func addClasses(_ names: [String]) { Build.addClasses(widget, names) }

    func setClass(_ name: String, _ on: Bool) {
        if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }
}
