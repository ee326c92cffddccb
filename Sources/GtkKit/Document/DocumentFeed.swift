import MayunCore
import MayunDocument

/// Feeds a `DocumentView` from a ViewModel's `ProgressiveDocument`: a new document begins the pane, each chunk not
/// yet written is appended, and the document's end finishes it (or shows the plain-text replacement, or stops the
/// writing when the parse was cancelled). Call `sync(with:)` from a binding: it reads the document's observable
/// chunks and phase, so the binding runs again when more arrive. Nothing is parsed here.
@MainActor
package final class DocumentFeed {
    package let view: DocumentView
    package private(set) var current: ProgressiveDocument?
    private var appendedChunks = 0
    private var ended = false
    /// Runs when the current document is all in the pane (tests and the benchmark wait for it).
    var onRendered: (@MainActor () -> Void)?

    package init(view: DocumentView) {
        self.view = view
    }

    package func sync(with document: ProgressiveDocument?) {
        guard let document else { return }
        if document !== current {
            current = document
            appendedChunks = 0
            ended = false
            view.begin()
        }
        let chunks = document.chunks
        let phase = document.phase
        guard !ended else { return }
        if phase == .replaced, let plain = document.document {
            ended = true
            view.show(plain, completion: onRendered)
            return
        }
        for chunk in chunks[appendedChunks...] { view.append(chunk.blocks) }
        appendedChunks = chunks.count
        switch phase {
        case .parsing, .replaced: break
        case .complete:
            ended = true
            view.finish(completion: onRendered)
        case .cancelled:
            ended = true
            view.cancel()
        }
    }

    /// The pane was cleared for something else (the page stops following this document).
    package func cancel() {
        view.cancel()
        ended = true
    }
}
