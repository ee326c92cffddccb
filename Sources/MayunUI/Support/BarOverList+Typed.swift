import CGtk

extension BarOverList {
    /// What the bar holds: a widget of the typed layer or a component such as the branch picker.
    @MainActor
    protocol Item {
        var barWidget: Widget { get }
    }

    /// The same bar over its list, for pages built with the typed layer; the root comes back as a `WidgetObject`
    /// for `Page.init(root:)` to hand over.
    static func make(leading: [any Item], trailing: [any Item], spacing: Int32, list: any Component) -> WidgetObject {
        // The items (and so their widgets) are held by the arrays until the bar has taken them.
        WidgetObject(owning: make(leading: leading.map(\.barWidget), trailing: trailing.map(\.barWidget),
                                  spacing: spacing, list: list.root))
    }
}

extension WidgetObject: BarOverList.Item {
    var barWidget: Widget { widget }
}

extension BranchPicker: BarOverList.Item {
    var barWidget: Widget { root }
}
