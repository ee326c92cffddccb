internal import CGtk
internal import GtkBasics

/// A page's "path-bar" row over its list, the list taking the rest of the height: the Code pages (the path, then the
/// branch picker) and the Issues page (the filters, then New Issue). A spacer between the leading and the trailing
/// widgets takes the spare width, so the trailing ones keep to the bar's end at any window width.
@MainActor
package enum BarOverList {
    private static func layout(leading: [Widget], trailing: [Widget], spacing: Int32, list: Widget) -> Widget {
        let bar = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: spacing, classes: ["path-bar"])
        Build.margins(bar, 8)
        let spacer = Build.box(GTK_ORIENTATION_HORIZONTAL)
        gtk_widget_set_hexpand(spacer, 1)
        for child in leading + [spacer] + trailing { Build.append(bar, child) }
        gtk_widget_set_vexpand(list, 1)
        let root = Build.box(GTK_ORIENTATION_VERTICAL)
        Build.append(root, bar, list)
        return root
    }
}

extension BarOverList {
    /// The bar over its list; the root comes back as a `WidgetObject` for `Page.init(root:)` to hand over. The bar
    /// holds widgets of the typed layer or components such as the branch picker.
    package static func make(leading: [any Shown], trailing: [any Shown], spacing: Int32, list: any Shown) -> WidgetObject {
        // The items (and so their widgets) are held by the arrays until the bar has taken them.
        WidgetObject(owning: layout(leading: leading.map(\.shownWidget), trailing: trailing.map(\.shownWidget),
                                  spacing: spacing, list: list.shownWidget))
    }
}
