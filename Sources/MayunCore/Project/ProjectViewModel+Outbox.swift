import GiteeKit

/// A Star or Watch made while the server cannot be reached waits in the account's outbox (docs/WRITES.md, "The
/// outbox"): the button shows what the server has, a line under it says what waits ("Star: Waiting to send") with
/// Cancel, and once the outbox has sent it the project is read again.
extension ProjectViewModel {
    /// Attaches the account's outbox (the Coordinator does, when it makes the page).
    func useOutbox(_ outbox: Outbox?) {
        guard let outbox, self.outbox == nil else { return }
        self.outbox = outbox
        // When a waiting Star or Watch leaves the outbox because it was sent, the project is read again.
        outbox.whenSent(about: repo, number: "", kinds: [.star, .watch], while: self) { [weak self] in
            self?.resource.refresh()
        }
    }

    /// What waits for this project's Star and Watch ("Unstar: Waiting to send"), oldest first.
    public var waitingToggleTexts: [String] {
        waitingToggleRows.map { row in
            let action = switch (row.kind, row.wantsOn) {
            case (.star, true): tr("Star")
            case (.star, false): tr("Unstar")
            case (.watch, true): tr("Watch")
            default: tr("Unwatch")
            }
            return String(format: tr("%@: %@"), action, row.statusText)
        }
    }

    public var cancelWaitingTitle: String { tr("Cancel") }

    /// The Cancel beside what waits: nothing of it is sent.
    public func cancelWaitingToggles() {
        for row in waitingToggleRows { outbox?.cancel(row.id) }
    }

    /// Keeps a Star or Watch that could not reach the server; false when there is no outbox to keep it in. A second
    /// press for the same state adds nothing; one for the other state takes the waiting one back instead.
    func keepInOutbox(_ kind: ToggleState.Kind, on: Bool) -> Bool {
        guard let outbox else { return false }
        let rowKind: OutboxEntry.Kind = kind == .star ? .star : .watch
        let waiting = outbox.entries(about: repo, number: "", kinds: [rowKind])
        if let last = waiting.last {
            if last.wantsOn != on { outbox.cancel(last.id) }
            return true
        }
        return outbox.enqueue(rowKind, repo: repo, number: "", payload: OutboxEntry.toggle(on),
                              seen: OutboxEntry.toggle(!on)) != nil
    }

    private var waitingToggleRows: [OutboxEntry] {
        outbox?.entries(about: repo, number: "", kinds: [.star, .watch]) ?? []
    }
}
