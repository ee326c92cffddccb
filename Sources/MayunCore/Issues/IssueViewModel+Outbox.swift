import GiteeKit

/// The issue's writes that wait in the account's outbox (docs/WRITES.md, "The outbox"): its new comments, shown at
/// the end of the thread as "Waiting to send" with Cancel, and a state or labels change, shown under the state with
/// Cancel.
extension IssueViewModel {
    /// Attaches the account's outbox (the Coordinator does, when it makes the page).
    func useOutbox(_ outbox: Outbox?) {
        guard let outbox, self.outbox == nil else { return }
        self.outbox = outbox
        comments.onItemsChanged = { [weak self] in self?.commentSender.syncWaiting() }
        commentSender.useOutbox(OutboxPlace(outbox: outbox, kind: .issueComment, repo: repo, number: number))
        // When a waiting state change leaves the outbox because it was sent, the issue is read again.
        outbox.whenSent(about: repo, number: number, kinds: [.issueState, .issueLabels], while: self) { [weak self] in
            self?.resource.refresh()
        }
    }

    /// "Waiting to send" (or why it was not sent) for the comment at `index`, when it waits in the outbox.
    public func waitingText(at index: Int) -> String? { commentSender.waitingEntry(at: index)?.statusText }

    /// The Cancel of a waiting comment: it is not sent, and its text goes back into the composer.
    public func cancelWaitingComment(at index: Int) { commentSender.cancelWaiting(at: index) }

    public var cancelWaitingTitle: String { tr("Cancel") }

    /// A state change that waits in the outbox ("Close issue: Waiting to send"), or nil.
    public var waitingStateText: String? {
        guard let row = waitingStateRows.last else { return nil }
        return String(format: tr("%@: %@"), IssueStatus(site: row.payload).name, row.statusText)
    }

    /// The Cancel of a waiting state change.
    public func cancelWaitingState() {
        guard let row = waitingStateRows.last else { return }
        outbox?.cancel(row.id)
    }

    private var waitingStateRows: [OutboxEntry] {
        outbox?.entries(about: repo, number: number, kinds: [.issueState]) ?? []
    }

    /// A labels change that waits in the outbox ("Labels: bug, ui: Waiting to send"), or nil.
    public var waitingLabelsText: String? {
        guard let row = waitingLabelRow else { return nil }
        let names = OutboxEntry.labelNames(row.payload) ?? []
        return String(format: tr("Labels: %@: %@"), names.isEmpty ? tr("none") : names.joined(separator: ", "),
                      row.statusText)
    }

    /// The Cancel of a waiting labels change.
    public func cancelWaitingLabels() {
        guard let row = waitingLabelRow else { return }
        outbox?.cancel(row.id)
    }

    /// The labels change waiting for this issue (one at most: a further change replaces it).
    var waitingLabelRow: OutboxEntry? {
        outbox?.entries(about: repo, number: number, kinds: [.issueLabels]).last
    }

    /// The names a waiting labels change will set (nil when none waits).
    var waitingLabelNames: [String]? { waitingLabelRow.flatMap { OutboxEntry.labelNames($0.payload) } }
}
