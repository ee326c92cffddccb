extension StateStack {
    /// With content from the typed layer, kept alive until the stack holds its widget (an optimized build may
    /// release a local right after `.widget` was read).
    convenience init(content: WidgetObject, failureTitle: String, retry: @escaping @MainActor () -> Void) {
        self.init(content: content.widget, failureTitle: failureTitle, retry: retry)
        withExtendedLifetime(content) {}
    }
}
