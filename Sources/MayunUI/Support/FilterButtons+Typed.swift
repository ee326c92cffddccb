extension FilterButtons {
    /// The same linked row of toggle buttons as a `WidgetObject`, for pages built with the typed layer.
    static func row<Value: Equatable>(_ options: [(state: Value, title: String)], selected: Value,
                                      onSelect: @escaping @MainActor (Value) -> Void) -> WidgetObject {
        WidgetObject(owning: make(options, selected: selected, onSelect: onSelect))
    }
}
