import CGtk

/// A page's "path-bar" row over its list, the list taking the rest of the height: the Code pages (the path, then the
/// branch picker) and the Issues page (the filters, then New Issue). A spacer between the leading and the trailing
/// widgets takes the spare width, so the trailing ones keep to the bar's end at any window width.
@MainActor
enum BarOverList {
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
    /// What the bar holds: a widget of the typed layer or a component such as the branch picker.
    @MainActor
    protocol Item {
        var barWidget: Widget { get }
    }

    /// The bar over its list; the root comes back as a `WidgetObject`
    /// for `Page.init(root:)` to hand over.
    static func make(leading: [any Item], trailing: [any Item], spacing: Int32, list: any Component) -> WidgetObject {
        // The items (and so their widgets) are held by the arrays until the bar has taken them.
        WidgetObject(owning: layout(leading: leading.map(\.barWidget), trailing: trailing.map(\.barWidget),
                                  spacing: spacing, list: list.shownWidget))
    }
}

extension WidgetObject: BarOverList.Item {
    var barWidget: Widget { widget }
}

extension BranchPicker: BarOverList.Item {
    var barWidget: Widget { root }
}
