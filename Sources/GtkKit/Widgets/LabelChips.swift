internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// Labels drawn as chips, each on its own colour with the text colour `LabelChip` chose for contrast. On a page the
/// chips wrap onto more lines (a GtkFlowBox); on a list row they stay on one line (a GtkBox).
@MainActor
package final class LabelChips: WidgetObject {
    private let wraps: Bool
    private(set) var shown: [LabelChip] = []

    package init(wraps: Bool) {
        self.wraps = wraps
        if wraps {
            let flow = GtkBasics.widget(gtk_flow_box_new())
            gtk_flow_box_set_selection_mode(opaque(flow), GTK_SELECTION_NONE)
            gtk_flow_box_set_homogeneous(opaque(flow), 0)
            gtk_flow_box_set_column_spacing(opaque(flow), 4)
            gtk_flow_box_set_row_spacing(opaque(flow), 4)
            gtk_flow_box_set_max_children_per_line(opaque(flow), 100)
            super.init(owning: flow)
        } else {
            super.init(owning: Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4))
        }
        gtk_widget_add_css_class(widget, "label-chips")
        gtk_widget_set_visible(widget, 0)
    }

    /// Shows these chips (hidden when there are none); the same list again changes nothing.
    package func show(_ chips: [LabelChip]) {
        guard chips != shown else { return }
        shown = chips
        while let child = gtk_widget_get_first_child(widget) {
            if wraps { gtk_flow_box_remove(opaque(widget), child) } else { gtk_box_remove(typed(widget), child) }
        }
        for chip in chips {
            let label = Self.makeChip(chip)
            guard wraps else {
                gtk_box_append(typed(widget), label)
                continue
            }
            // A cell takes its share of the line; the chip keeps its own width at the cell's start.
            gtk_widget_set_halign(label, GTK_ALIGN_START)
            gtk_flow_box_append(opaque(widget), label)
            if let cell = gtk_widget_get_parent(label) { gtk_widget_set_focusable(cell, 0) }
        }
        gtk_widget_set_visible(widget, chips.isEmpty ? 0 : 1)
    }

    /// One chip: a label with a style provider of its colours (providers are shared per colour pair).
    static func makeChip(_ chip: LabelChip) -> Widget {
        let label = Build.label(chip.name, classes: ["label-chip"])
        gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(opaque(label), 24)
        gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
        gtk_style_context_add_provider(gtk_widget_get_style_context(label), provider(for: chip),
                                       guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
        return label
    }

    private static var providers: [String: OpaquePointer] = [:]

    /// The CSS of one colour pair. Both colours are `LabelChip`'s validated "#rrggbb", never text from outside. The
    /// inset outline keeps a chip whose colour is close to the window's (white by day, near-black by night) visible.
    static func css(for chip: LabelChip) -> String {
        """
        label.label-chip { background-color: \(chip.background); color: \(chip.foreground); border-radius: 10px;
          padding: 1px 8px; font-size: smaller; font-weight: bold;
          box-shadow: inset 0 0 0 1px alpha(\(chip.foreground), 0.25); }
        """
    }

    private static func provider(for chip: LabelChip) -> OpaquePointer {
        let key = chip.background + chip.foreground
        if let provider = providers[key] { return provider }
        let provider = gtk_css_provider_new()!
        let css = css(for: chip)
        gtk_css_provider_load_from_data(provider, css, gssize(css.utf8.count))
        providers[key] = OpaquePointer(provider)  // kept for the life of the process: one per colour pair
        return OpaquePointer(provider)
    }
}

/// A button that opens a popover holding `content` (the members' label chooser).
@MainActor
package final class PopoverButton: WidgetObject {
    /// With `iconName`, the button shows the icon instead of the text (give it an accessible name and a tooltip).
    package init(label: String, iconName: String? = nil, content: WidgetObject) {
        super.init(owning: GtkBasics.widget(gtk_menu_button_new()))
        if let iconName { gtk_menu_button_set_icon_name(opaque(widget), iconName) } else {
            gtk_menu_button_set_label(opaque(widget), label)
        }
        let popover = GtkBasics.widget(gtk_popover_new())
        gtk_popover_set_child(typed(popover), content.widget)
        gtk_menu_button_set_popover(opaque(widget), popover)
    }
}
