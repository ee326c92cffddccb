internal import CGtk
internal import GtkBasics

/// A page's "path-bar" row over its list, the list taking the rest of the height: the Code pages (the path, then the
/// branch picker) and the Issues page (the filters, then New Issue). A spacer between the leading and the trailing
/// widgets takes the spare width, so the trailing ones keep to the bar's end at any window width.
@MainActor
package enum BarOverList {
    /// The bar over its list; the root comes back as a `WidgetObject` for `Page.init(root:)` to hand over. The bar
    /// holds widgets of the typed layer or components such as the branch picker.
    package static func make(leading: [any Shown], trailing: [any Shown], spacing: Int32, list: any Shown) -> WidgetObject {
        let bar = Box(.horizontal, spacing: spacing, classes: ["path-bar"])
        bar.setMargins(8)
        let root = Box(.vertical)
        // The items (and so their widgets) are held by the arrays until the bar has taken them.
        withExtendedLifetime((leading, trailing, list)) {
            for item in leading { bar.append(widget: item.shownWidget) }
            bar.append(Box.spacer())
            for item in trailing { bar.append(widget: item.shownWidget) }
            gtk_widget_set_vexpand(list.shownWidget, 1)
            root.append(bar)
            root.append(widget: list.shownWidget)
        }
        return root
    }
}
