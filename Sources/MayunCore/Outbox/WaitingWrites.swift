import Foundation
import GiteeKit

/// What waits in the account's outbox, as the Mine page and the notification center show it: a heading with the
/// count and one line per write, each with Cancel, and Try Again for one that was not sent and waits on the person
/// (docs/WRITES.md, "The outbox"). The Coordinator makes one and hands it to both.
@MainActor
public final class WaitingWrites {
    /// The logged-in account's outbox (nil while logged out, or before one is attached).
    private let outbox: @MainActor () -> Outbox?
    /// Cancels a row, a comment's or a new issue's text going back to its draft (`AppServices.cancelOutboxRow`).
    private let cancelRow: @MainActor (Int64) -> Void
    private let tryRowAgain: @MainActor (Int64) -> Void

    public init(outbox: @escaping @MainActor () -> Outbox?, cancel: @escaping @MainActor (Int64) -> Void,
                tryAgain: @escaping @MainActor (Int64) -> Void) {
        self.outbox = outbox
        cancelRow = cancel
        tryRowAgain = tryAgain
    }

    /// "Waiting to send (2)", or nil when nothing waits.
    public var heading: String? {
        guard let entries = outbox()?.entries, !entries.isEmpty else { return nil }
        return String(format: tr("Waiting to send (%d)"), entries.count)
    }

    /// One line per waiting write, oldest first: what it is and where it stands, and whether it waits on the person.
    public var lines: [(id: Int64, text: String, needsDecision: Bool)] {
        (outbox()?.entries ?? []).map { (id: $0.id, text: "\($0.summary): \($0.statusText)", needsDecision: $0.needsDecision) }
    }

    public var cancelTitle: String { tr("Cancel") }
    public var tryAgainTitle: String { tr("Try Again") }
    /// The button that lists what waits (in a popover over the page).
    public var showTitle: String { tr("Show") }

    public func cancel(_ id: Int64) { cancelRow(id) }
    public func tryAgain(_ id: Int64) { tryRowAgain(id) }
}

/// How a write that may wait ended: the server's answer, or kept in the outbox (its row).
enum OutboxOutcome<Answer: Sendable>: Sendable {
    case sent(Answer)
    case waiting(Int64)

    var isWaiting: Bool { if case .waiting = self { true } else { false } }
    /// The server's answer; nil while the write waits.
    var answer: Answer? { if case .sent(let answer) = self { answer } else { nil } }
}

extension Outbox {
    /// Runs a write's `request`; one that provably never reached the server is kept in `outbox` as a `kind` row
    /// instead. Without an outbox, or when the row cannot be written, the failure stands (the caller keeps the text).
    static func sendOrKeep<Answer: Sendable>(in outbox: Outbox?, _ kind: OutboxEntry.Kind, repo: RepositoryID,
                                             number: String, payload: String, seen: String,
                                             _ request: @MainActor () async throws -> Answer)
        async throws -> OutboxOutcome<Answer> {
        do {
            return .sent(try await request())
        } catch let failure as GiteeError where failure.neverReachedServer {
            guard let row = outbox?.enqueue(kind, repo: repo, number: number, payload: payload, seen: seen)
            else { throw failure }
            return .waiting(row.id)
        }
    }
}

/// One change waiting in the outbox as a page shows it beside what it changes ("Closed: Waiting to send"): the line,
/// and the row its Cancel takes back.
public struct WaitingChange: Equatable, Sendable {
    public let text: String
    public let row: Int64
}
