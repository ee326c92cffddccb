import Foundation
import Synchronization

/// Text to turn into a `Document`, with everything the parse needs (it runs off the main actor).
public struct DocumentRequest: Sendable {
    public var text: String
    public var format: DocumentParser.Format
    public var context: DocumentContext
    public var prefersDark: Bool

    public init(text: String, format: DocumentParser.Format, context: DocumentContext, prefersDark: Bool) {
        self.text = text
        self.format = format
        self.context = context
        self.prefersDark = prefersDark
    }
}

/// The one way the app parses documents (READMEs, files, issues, comments): cmark-gfm and libxml2 off the main
/// actor, stopped when the caller's task is cancelled, and given a wall-clock budget after which the text is shown
/// plain with a note (`DocumentNotes.tooComplex`). A timer answers at the deadline. cmark-gfm cannot be interrupted
/// in-process, so markdown longer than `MarkdownProcess.inProcessLimit` is rendered in a child process that is
/// killed when the budget runs out or the caller goes: no abandoned parse keeps a core busy after its page is gone.
public enum DocumentParseService {
    /// The document, the plain-text fallback when the budget ran out, or nil when the calling task was cancelled.
    public static func parse(_ request: DocumentRequest, allowance: Duration = DocumentLimits.parseBudget) async
        -> Document?
    {
        await parse(request, budget: ParseBudget(allowance), allowance: allowance)
    }

    /// What a progressive parse ends with.
    public enum Delivery: Sendable, Equatable {
        /// Every block went through `progress`, in order; this is the whole document.
        case complete(Document)
        /// The budget ran out: show this (the plain text with its note) instead of what `progress` received.
        case replaced(Document)
    }

    /// As `parse(_:)`, and the top-level blocks go to `progress` on the main actor while they are read (a first
    /// screenful soon after cmark-gfm and libxml2 are done, then bigger chunks), so a pane can paint the top of a
    /// long README before the rest is read. Every chunk is delivered before this returns; nil (and no more chunks)
    /// when the calling task is cancelled.
    @MainActor
    public static func parse(_ request: DocumentRequest, allowance: Duration = DocumentLimits.parseBudget,
                             progress: @escaping @MainActor (DocumentChunk) -> Void) async -> Delivery? {
        let budget = ParseBudget(allowance)
        let (chunks, continuation) = AsyncStream.makeStream(of: DocumentChunk.self)
        let forward = Task { @MainActor in
            // Cancelled when the caller went or the budget ran out (the fallback replaces what was shown).
            for await chunk in chunks where !budget.isCancelled { progress(chunk) }
        }
        let document = await parse(request, budget: budget, allowance: allowance) { continuation.yield($0) }
        continuation.finish()
        guard let document else {
            forward.cancel()
            return nil
        }
        await forward.value
        // The budget is cancelled when the answer is the fallback (see `parse(_:budget:allowance:)`).
        return budget.isCancelled ? .replaced(document) : .complete(document)
    }

    /// As above with a budget the caller holds (tests cancel it directly).
    public static func parse(_ request: DocumentRequest, budget: ParseBudget, allowance: Duration,
                             progress: (@Sendable (DocumentChunk) -> Void)? = nil) async -> Document? {
        let answer = FirstAnswer()
        let work = Task.detached(priority: .userInitiated) {
            var rendered: String?
            if request.format == .markdown {
                // Awaited, not run here: a long text goes to a child process, and no pool thread waits for it.
                rendered = await DocumentParser.renderMarkdown(request.text, budget: budget)
                guard rendered != nil else {
                    answer.give(budget.isCancelled ? .cancelled : .expired)
                    return
                }
            }
            let document = DocumentParser.parse(request.text, format: request.format, renderedMarkdown: rendered,
                                                context: request.context, prefersDark: request.prefersDark,
                                                budget: budget, progress: progress)
            answer.give(document.map(Outcome.parsed) ?? (budget.isCancelled ? .cancelled : .expired))
        }
        let timer = Task.detached {
            try? await Task.sleep(for: allowance)
            answer.give(.expired)
        }
        let outcome = await withTaskCancellationHandler {
            await answer.wait()
        } onCancel: {
            budget.cancel()
            answer.give(.cancelled)
        }
        timer.cancel()
        switch outcome {
        case .parsed(let document): return document
        case .expired:
            budget.cancel()
            work.cancel()
            return DocumentParser.plain(request.text, note: DocumentNotes.tooComplex)
        case .cancelled: return nil
        }
    }

    enum Outcome: Sendable {
        case parsed(Document)
        case expired
        case cancelled
    }

    /// Whichever of the parse, the timer and cancellation answers first; later answers are ignored.
    final class FirstAnswer: Sendable {
        private struct State {
            var outcome: Outcome?
            var waiter: CheckedContinuation<Outcome, Never>?
        }
        private let state = Mutex(State())

        func give(_ outcome: Outcome) {
            let waiter: CheckedContinuation<Outcome, Never>? = state.withLock { state in
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: outcome)
        }

        func wait() async -> Outcome {
            await withCheckedContinuation { continuation in
                let ready: Outcome? = state.withLock { state in
                    if let outcome = state.outcome { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}

/// The document parses one page owns: a new parse under a key replaces (cancels) the previous one, and all of them
/// are cancelled when the page's ViewModel goes away. Results are delivered on the main actor.
@MainActor
public final class DocumentParses {
    private var tasks: [String: Task<Void, Never>] = [:]

    public init() {}

    /// Parses `request` off the main actor and hands the document (or the plain-text fallback) to `deliver`;
    /// nothing is delivered when it is cancelled first. `deliver` should hold its owner weakly.
    public func parse(_ request: DocumentRequest, key: String = "",
                      then deliver: @escaping @MainActor (Document) -> Void) {
        tasks[key]?.cancel()
        tasks[key] = Task { [weak self] in
            guard let document = await DocumentParseService.parse(request), !Task.isCancelled else { return }
            self?.tasks[key] = nil
            deliver(document)
        }
    }

    public var isParsing: Bool { !tasks.isEmpty }

    public func cancelAll() {
        for task in tasks.values { task.cancel() }
        tasks = [:]
    }

    isolated deinit { cancelAll() }
}
