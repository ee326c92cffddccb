internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A GtkStack: one named child shown at a time (a page's content, its loading or failure state, an editor's
/// Write and Preview).
@MainActor
package final class Stack: WidgetObject {
    package init(crossfade: Bool = false) {
        super.init(owning: GtkBasics.widget(gtk_stack_new()))
        if crossfade { gtk_stack_set_transition_type(opaque(widget), GTK_STACK_TRANSITION_TYPE_CROSSFADE) }
    }

    package func add(_ child: WidgetObject, name: String) { child.withWidget { add(widget: $0, name: name) } }

    /// For widgets made outside the typed layer.
    func add(widget child: Widget, name: String) { gtk_stack_add_named(opaque(widget), child, name) }

    /// The name of the child on show; setting a name no child has changes nothing.
    package var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(opaque(widget)).map { String(cString: $0) } }
        set {
            guard let newValue, newValue != visibleChildName,
                  gtk_stack_get_child_by_name(opaque(widget), newValue) != nil else { return }
            gtk_stack_set_visible_child_name(opaque(widget), newValue)
        }
    }
}

/// A GtkScrolledWindow around one child.
@MainActor
package final class ScrolledWindow: WidgetObject {
    package init(horizontal: ScrollPolicy = .automatic, vertical: ScrollPolicy = .automatic) {
        super.init(owning: GtkBasics.widget(gtk_scrolled_window_new()))
        setPolicy(horizontal: horizontal, vertical: vertical)
    }

    func setPolicy(horizontal: ScrollPolicy, vertical: ScrollPolicy) {
        gtk_scrolled_window_set_policy(opaque(widget), horizontal.gtk, vertical.gtk)
    }

    package func setChild(_ child: WidgetObject) { child.withWidget { setChild(widget: $0) } }

    func setChild(widget child: Widget) { gtk_scrolled_window_set_child(opaque(widget), child) }

    /// As tall as its child up to `pixels`, scrolling beyond (a commit message above its diff).
    package func limitHeight(to pixels: Int32) {
        gtk_scrolled_window_set_propagate_natural_height(opaque(widget), 1)
        gtk_scrolled_window_set_max_content_height(opaque(widget), pixels)
    }

    /// How far down it is scrolled, in pixels.
    var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(opaque(widget))) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(opaque(widget)), newValue) }
    }
}

/// An AdwClamp: its child at most `maximum` pixels wide, centred (a reading width), the full width below
/// `tighteningThreshold`.
@MainActor
package final class Clamp: WidgetObject {
    package init(maximum: Int32, tighteningThreshold: Int32? = nil, child: WidgetObject? = nil) {
        super.init(owning: GtkBasics.widget(adw_clamp_new()))
        adw_clamp_set_maximum_size(opaque(widget), maximum)
        if let tighteningThreshold { adw_clamp_set_tightening_threshold(opaque(widget), tighteningThreshold) }
        if let child { setChild(child) }
    }

    package func setChild(_ child: WidgetObject) { child.withWidget { setChild(widget: $0) } }

    func setChild(widget child: Widget) { adw_clamp_set_child(opaque(widget), child) }
}

/// Groups of controls side by side that wrap onto further lines when the window is too narrow for one (a GtkFlowBox
/// whose cells are layout only: they take no focus and no selection).
@MainActor
package final class WrappingRow: WidgetObject {
    package init(spacing: Int32 = 8, maxPerLine: Int = 0, classes: [String] = []) {
        let flow = GtkBasics.widget(gtk_flow_box_new())
        gtk_flow_box_set_selection_mode(opaque(flow), GTK_SELECTION_NONE)
        gtk_flow_box_set_column_spacing(opaque(flow), guint(spacing))
        gtk_flow_box_set_row_spacing(opaque(flow), guint(spacing))
        if maxPerLine > 0 { gtk_flow_box_set_max_children_per_line(opaque(flow), guint(maxPerLine)) }
        super.init(owning: flow)
        addClasses(classes)
    }

    package func append(_ children: WidgetObject...) {
        for child in children { child.withWidget { append(widget: $0) } }
    }

    func append(widget child: Widget) {
        gtk_flow_box_append(opaque(widget), child)
        if let cell = gtk_widget_get_parent(child) { gtk_widget_set_focusable(cell, 0) }
    }
}

/// A GtkNotebook: tabs over pages, the strip scrolling when the tabs do not fit (a phone).
@MainActor
package final class Notebook: WidgetObject {
    package init() {
        super.init(owning: GtkBasics.widget(gtk_notebook_new()))
        gtk_notebook_set_scrollable(opaque(widget), 1)
    }

    func append(widget page: Widget, title: String) {
        gtk_notebook_append_page(opaque(widget), page, GtkBasics.widget(gtk_label_new(title)))
    }

    package var currentPage: Int {
        get { Int(gtk_notebook_get_current_page(opaque(widget))) }
        set { if newValue != currentPage { gtk_notebook_set_current_page(opaque(widget), Int32(newValue)) } }
    }

    /// Shows or hides the tab and page at `index`.
    package func setPageVisible(_ index: Int, _ visible: Bool) {
        if let page = gtk_notebook_get_nth_page(opaque(widget), Int32(index)) { gtk_widget_set_visible(page, visible ? 1 : 0) }
    }

    /// A tab chosen by click, keyboard or `currentPage`.
    package func onSwitchPage(_ handler: @escaping @MainActor (Int) -> Void) {
        connect(raw(widget), "switch-page", mainWithArguments: { arguments in
            handler(Int(arguments.uint(at: 2)))
            return nil
        })
    }

    /// Two-way with a view model's selected tab: shows the tab `selected` reads (again whenever what it reads
    /// changes) and hands a tab switched to to `select`.
    package func follow(_ selected: @escaping @MainActor () -> Int, select: @escaping @MainActor (Int) -> Void,
                        bindings: BindingBag) {
        bindings.bind { [weak self] in self?.currentPage = selected() }
        onSwitchPage(select)
    }
}

extension Stack {
    /// Whether every child gets the height of the tallest, so switching children does not move what is below.
    package var isVerticallyHomogeneous: Bool {
        get { gtk_stack_get_vhomogeneous(opaque(widget)) != 0 }
        set { gtk_stack_set_vhomogeneous(opaque(widget), newValue ? 1 : 0) }
    }
}

extension WrappingRow {
    /// Whether every cell gets the same width, the row's width shared evenly (a profile's counts spread across its
    /// header); a narrow window still wraps them onto more lines.
    package var isHomogeneous: Bool {
        get { gtk_flow_box_get_homogeneous(opaque(widget)) != 0 }
        set { gtk_flow_box_set_homogeneous(opaque(widget), newValue ? 1 : 0) }
    }
}
