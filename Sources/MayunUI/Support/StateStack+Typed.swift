extension StateStack {
    /// For content built with the typed layer (the object is held through the call, until the stack has taken it).
    convenience init(content: WidgetObject, failureTitle: String, retry: @escaping @MainActor () -> Void) {
        self.init(content: content.widget, failureTitle: failureTitle, retry: retry)
    }
}
