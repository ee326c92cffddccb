import Foundation

/// What waits in the account's outbox, on the Mine page: a heading with the count and one line per write, each with
/// Cancel (docs/WRITES.md, "The outbox").
extension MineViewModel {
    /// "Waiting to send (2)", or nil when nothing waits.
    public var waitingHeading: String? {
        guard isLoggedIn, let entries = outbox()?.entries, !entries.isEmpty else { return nil }
        return String(format: tr("Waiting to send (%d)"), entries.count)
    }

    /// One line per waiting write, oldest first: what it is and where it stands.
    public var waitingLines: [(id: Int64, text: String)] {
        guard isLoggedIn else { return [] }
        return (outbox()?.entries ?? []).map { (id: $0.id, text: "\($0.summary): \($0.statusText)") }
    }

    public var cancelWaitingTitle: String { tr("Cancel") }

    public func cancelWaiting(_ id: Int64) { onCancelWaiting(id) }
}
