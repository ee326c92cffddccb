import Observation

/// A document a page shows while it is still being parsed (a README, a markdown or HTML file): the chunks of
/// top-level blocks read so far, then how it ended. The ViewModel starts it and publishes it; the page appends the
/// chunks it has not written yet and finishes when `phase` says so (docs/DOCUMENTS.md, "the first screen first").
///
/// Its parse (`DocumentParseService.parse(_:progress:)`, off the main actor, with the 1.5 s budget) stops when
/// `cancel()` is called (the page was left, or a newer document replaced this one) or when the value goes away.
@MainActor
@Observable
public final class ProgressiveDocument {
    public enum Phase: Equatable, Sendable {
        /// Chunks are still coming.
        case parsing
        /// Every block is in `chunks`; `document` is the whole document.
        case complete
        /// The budget ran out: show `document` (the plain text with its note) instead of the chunks.
        case replaced
        /// Stopped before the end; no chunk comes after this.
        case cancelled
    }

    /// The chunks delivered so far, in document order.
    public private(set) var chunks: [DocumentChunk] = []
    public private(set) var phase: Phase = .parsing
    /// The whole document once `complete`, or the plain-text replacement once `replaced`.
    public private(set) var document: Document?

    @ObservationIgnored private var parse: Task<Void, Never>?
    @ObservationIgnored private var firstDeliveryWaiters: [CheckedContinuation<Void, Never>] = []

    /// Starts parsing `request` at once (`allowance`: the time budget, shorter in tests).
    public init(parsing request: DocumentRequest, allowance: Duration = DocumentLimits.parseBudget) {
        parse = Task { [weak self] in
            let delivery = await DocumentParseService.parse(request, allowance: allowance) { chunk in
                self?.receive(chunk)
            }
            self?.end(with: delivery)
        }
    }

    /// A document already parsed whole (tests, and pages that have one).
    public init(complete document: Document) {
        chunks = [DocumentChunk(blocks: document.blocks, anchors: document.anchors)]
        self.document = document
        phase = .complete
    }

    /// Whether something can be painted: a first chunk came, or the parse ended with a document.
    public var hasContent: Bool { !chunks.isEmpty || document != nil }

    /// Stops the parse; what was delivered stays, nothing more comes.
    public func cancel() {
        parse?.cancel()
        parse = nil
        guard phase == .parsing else { return }
        phase = .cancelled
        resumeWaiters()
    }

    /// Returns once there is something to paint (true) or the parse was cancelled first (false). Cancelling the
    /// calling task cancels the parse: a page's load that is replaced or left takes its parse with it.
    public func firstDelivery() async -> Bool {
        if phase == .parsing, chunks.isEmpty, let parse {
            await withTaskCancellationHandler {
                await withCheckedContinuation { firstDeliveryWaiters.append($0) }
            } onCancel: {
                parse.cancel()
            }
        }
        return hasContent && phase != .cancelled
    }

    private func receive(_ chunk: DocumentChunk) {
        guard phase == .parsing else { return }
        chunks.append(chunk)
        resumeWaiters()
    }

    private func end(with delivery: DocumentParseService.Delivery?) {
        guard phase == .parsing else { return }
        parse = nil
        switch delivery {
        case .complete(let whole)?:
            document = whole
            phase = .complete
        case .replaced(let plain)?:
            document = plain
            phase = .replaced
        case nil:
            phase = .cancelled
        }
        resumeWaiters()
    }

    private func resumeWaiters() {
        let waiters = firstDeliveryWaiters
        firstDeliveryWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    isolated deinit {
        parse?.cancel()
        resumeWaiters()
    }
}

extension ProgressiveDocument: Equatable {
    /// The same parse: a page shows one of them, and a new one (even of the same text) is shown anew.
    nonisolated public static func == (lhs: ProgressiveDocument, rhs: ProgressiveDocument) -> Bool { lhs === rhs }
}
