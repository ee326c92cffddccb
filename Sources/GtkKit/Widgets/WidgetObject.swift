internal import CGtk
internal import GtkBasics
import GLibRuntime

/// The base of Mayun's small typed widget layer: a Swift object that owns one reference to its GtkWidget (taken
/// with g_object_ref_sink, so a new, floating widget becomes its own), released when the object goes away. Pages
/// keep these and read as Swift (`title.text = ...`, `star.onClicked { ... }`); `widget` is there for containers.
///
/// A widget made elsewhere (a `DocumentView`'s root, a `StateStack`) is wrapped with `WidgetObject(owning:)` too:
/// the wrapper adds its own reference, so it must not be kept by the page whose root holds that widget's owner
/// (`Page` attaches itself to its root; a reference back from the page would keep both alive).
@MainActor
public class WidgetObject {
    let widget: Widget

    init(owning widget: Widget) {
        self.widget = widget
        g_object_ref_sink(raw(widget))
    }

    isolated deinit { g_object_unref(raw(widget)) }

    /// Whether it takes input; an insensitive widget is greyed out.
    package var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// The name screen readers (and the AT-SPI tests) use when the visible content does not say it.
    package var accessibleLabel: String = "" {
        didSet { Accessibility.setLabel(widget, accessibleLabel) }
    }

    package var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    package func setClass(_ name: String, _ on: Bool) {
        if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }

    func hasClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }
}

// MARK: Layout

extension WidgetObject {
    package var halign: Align {
        get { Align(gtk: gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.gtk) }
    }

    package var valign: Align {
        get { Align(gtk: gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.gtk) }
    }

    /// The same margin on all four sides.
    package func setMargins(_ value: Int32) { Build.margins(widget, value) }

    package func setMargins(top: Int32? = nil, bottom: Int32? = nil, start: Int32? = nil, end: Int32? = nil) {
        if let top { gtk_widget_set_margin_top(widget, top) }
        if let bottom { gtk_widget_set_margin_bottom(widget, bottom) }
        if let start { gtk_widget_set_margin_start(widget, start) }
        if let end { gtk_widget_set_margin_end(widget, end) }
    }

    /// The least size it asks for; -1 leaves a side to its content.
    package func setSizeRequest(width: Int32 = -1, height: Int32 = -1) { gtk_widget_set_size_request(widget, width, height) }

    /// Whether it can take the keyboard focus itself (layout-only containers should not).
    var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }

    /// The size GTK gave it at the last layout (0 before its first).
    var allocatedWidth: Int { Int(gtk_widget_get_width(widget)) }
    var allocatedHeight: Int { Int(gtk_widget_get_height(widget)) }

    @discardableResult
    package func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }
}

extension WidgetObject: Shown {
    public var shownRef: WidgetRef { WidgetRef(widget: widget) }
}

// MARK: Ownership

extension WidgetObject {
    /// The widget for a container that will own it while this object may go first (a page's root, which its page
    /// must not hold): it gets one more reference, made floating again, so the wrapper's release leaves it alive
    /// and the next container's ref-sink takes it over (GObject's floating-reference rule).
    func handOver() -> Widget {
        g_object_ref(raw(widget))
        g_object_force_floating(raw(widget).assumingMemoryBound(to: GObject.self))
        return widget
    }
}
