import GiteeKit

/// The issue's writes that wait in the account's outbox (docs/WRITES.md, "The outbox"): its new comments, shown at
/// the end of the thread as "Waiting to send" with Cancel, and a change of its state, labels, assignee, milestone or
/// text, each shown under the state with Cancel.
extension IssueViewModel {
    /// Attaches the account's outbox (the Coordinator does, when it makes the page).
    func useOutbox(_ outbox: Outbox?) {
        guard let outbox, self.outbox == nil else { return }
        self.outbox = outbox
        comments.onItemsChanged = { [weak self] in self?.commentSender.syncWaiting() }
        commentSender.useOutbox(OutboxPlace(outbox: outbox, kind: .issueComment, repo: repo, number: number))
        // When a waiting state change leaves the outbox because it was sent, the issue is read again.
        outbox.whenSent(about: repo, number: number, kinds: OutboxEntry.Kind.issueChanges, while: self) { [weak self] in
            self?.resource.refresh()
        }
    }

    /// "Waiting to send" (or why it was not sent) for the comment at `index`, when it waits in the outbox.
    public func waitingText(at index: Int) -> String? { commentSender.waitingEntry(at: index)?.statusText }

    /// The Cancel of a waiting comment: it is not sent, and its text goes back into the composer.
    public func cancelWaitingComment(at index: Int) { commentSender.cancelWaiting(at: index) }

    public var cancelWaitingTitle: String { tr("Cancel") }

    /// The state, labels, assignee and milestone changes that wait (at most one each: a further change replaces it).
    public var waitingChanges: [WaitingChange] {
        let lines: [(String?, OutboxEntry?)] = [
            (waitingStateText, waitingStateRows.last), (waitingLabelsText, waitingLabelRow),
            (waitingChoiceText(.issueAssignee), waitingRow(.issueAssignee)),
            (waitingChoiceText(.issueMilestone), waitingRow(.issueMilestone)),
            (waitingEditText, waitingRow(.issueEdit)),
        ]
        return lines.compactMap { text, row in
            guard let text, let row else { return nil }
            return WaitingChange(text: text, row: row.id)
        }
    }

    /// The Cancel of a waiting change: it is not sent (the page already shows what the server has); an edit of the
    /// title and description goes back into the editor.
    public func cancelWaiting(_ change: WaitingChange) {
        guard let row = outbox?.cancel(change.row) else { return }
        if row.kind == .issueEdit { restoreWaitingEdit(row) }
    }

    /// An edit of the title and description waiting in the outbox ("“New title”: Edit waiting to send"), or nil.
    public var waitingEditText: String? {
        guard let row = waitingRow(.issueEdit), let text = OutboxEntry.IssueText.read(row.payload) else { return nil }
        return String(format: tr("“%@”: %@"), text.title, row.statusText)
    }

    /// A state change that waits in the outbox ("Close issue: Waiting to send"), or nil.
    public var waitingStateText: String? {
        guard let row = waitingStateRows.last else { return nil }
        return String(format: tr("%@: %@"), IssueStatus(site: row.payload).name, row.statusText)
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

    /// The labels change waiting for this issue (one at most: a further change replaces it).
    var waitingLabelRow: OutboxEntry? {
        outbox?.entries(about: repo, number: number, kinds: [.issueLabels]).last
    }

    /// The names a waiting labels change will set (nil when none waits).
    var waitingLabelNames: [String]? { waitingLabelRow.flatMap { OutboxEntry.labelNames($0.payload) } }

    /// An assignee or milestone change waiting in the outbox ("Assignee: Ada: Waiting to send"), or nil.
    public func waitingChoiceText(_ kind: OutboxEntry.Kind) -> String? {
        guard let row = waitingRow(kind), let choice = row.choice else { return nil }
        let format = kind == .issueAssignee ? tr("Assignee: %@: %@") : tr("Milestone: %@: %@")
        return String(format: format, choice.title, row.statusText)
    }

    /// The change of `kind` waiting for this issue (one at most: a further change replaces it).
    func waitingRow(_ kind: OutboxEntry.Kind) -> OutboxEntry? {
        outbox?.entries(about: repo, number: number, kinds: [kind]).last
    }

    /// A further assignee or milestone choice while one waits: the waiting row is replaced by one with this choice,
    /// keeping what the person first saw (the conflict check is against that); choosing what the issue had then
    /// leaves nothing to send.
    func replaceWaiting(_ row: OutboxEntry, with choice: OutboxEntry.Choice) {
        guard row.choice != choice else { return }
        guard let outbox, outbox.cancel(row.id) != nil else {
            navigator?.showToast(tr("A change to this issue is still being sent."))
            return
        }
        guard (choice.id ?? "") != row.seen else { return }
        outbox.enqueue(row.kind, repo: repo, number: number, payload: choice.payload, seen: row.seen)
    }
}
