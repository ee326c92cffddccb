/// The one place a page shows a document: parse -> shown -> replaced -> cancelled.
///
/// A parse runs in the background and takes the slot once its first screen is ready; the document it replaces stops
/// its parse then. A newer parse (a refresh, the server's text after the saved one) or a document shown directly
/// wins over one still parsing, so a late, stale parse never covers a newer one. Dropping the slot stops both.
@MainActor
public final class DocumentSlot {
    /// The document on screen (its later chunks may still be arriving).
    public private(set) var shown: ProgressiveDocument?
    /// The parse that will replace `shown` once its first screen is ready.
    private var pending: ProgressiveDocument?

    public init() {}

    /// Whether a parse is still waiting for its first screen.
    public var isParsing: Bool { pending?.phase == .parsing }

    /// Parses `request`; once its first screen is ready, unless something newer came first or `stillWanted` says
    /// otherwise, it replaces the shown document and `onShown` runs with it.
    public func parse(_ request: DocumentRequest, stillWanted: @escaping @MainActor () -> Bool = { true },
                      onShown: @escaping @MainActor (ProgressiveDocument) -> Void) {
        pending?.cancel()
        let document = ProgressiveDocument(parsing: request)
        pending = document
        Task { [weak self] in
            guard await document.firstDelivery(), let self, pending === document else { return }
            pending = nil
            guard stillWanted() else { return document.cancel() }
            show(document)
            onShown(document)
        }
    }

    /// Shows a document parsed elsewhere (a page load's); a parse still pending is dropped.
    public func show(_ document: ProgressiveDocument) {
        dropPending()
        if let old = shown, old !== document { old.cancel() }
        shown = document
    }

    /// Stops a parse that has not been shown yet (the server's answer came first and is not a document).
    public func dropPending() {
        if let pending, pending !== shown { pending.cancel() }
        pending = nil
    }

    /// Stops every parse; what is shown stays shown.
    public func cancel() {
        dropPending()
        shown?.cancel()
    }

    isolated deinit {
        pending?.cancel()
        shown?.cancel()
    }
}
