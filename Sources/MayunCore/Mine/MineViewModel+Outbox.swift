import Foundation

/// What waits in the account's outbox, on the Mine page: a heading with the count and one line per write, each with
/// Cancel, and Try Again for one that was not sent and waits on the person (docs/WRITES.md, "The outbox").
extension MineViewModel {
    /// "Waiting to send (2)", or nil when nothing waits.
    public var waitingHeading: String? {
        guard isLoggedIn, let entries = outbox()?.entries, !entries.isEmpty else { return nil }
        return String(format: tr("Waiting to send (%d)"), entries.count)
    }

    /// One line per waiting write, oldest first: what it is and where it stands, and whether it waits on the person.
    public var waitingLines: [(id: Int64, text: String, needsDecision: Bool)] {
        guard isLoggedIn else { return [] }
        return (outbox()?.entries ?? []).map {
            (id: $0.id, text: "\($0.summary): \($0.statusText)", needsDecision: $0.needsDecision)
        }
    }

    public var cancelWaitingTitle: String { tr("Cancel") }
    public var tryWaitingAgainTitle: String { tr("Try Again") }
    /// The button that lists what waits (in a popover over the page).
    public var showWaitingTitle: String { tr("Show") }

    public func cancelWaiting(_ id: Int64) { onCancelWaiting(id) }
    public func tryWaitingAgain(_ id: Int64) { onTryWaitingAgain(id) }
}
