import MayunCore

extension RowContextMenu {
    /// The context menu of a `PagedListView`'s rows, for pages built with the typed layer.
    @discardableResult
    package static func install<Item: Sendable>(on list: PagedListView<Item>,
                              items: @escaping @MainActor (Int) -> [RowMenuItem]) -> RowContextMenu {
        install(on: list.listWidget, items: items)
    }
}
