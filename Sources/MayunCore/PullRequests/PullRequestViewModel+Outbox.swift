import GiteeKit

/// A pull request's merge, Close or Reopen, Approve or Pass test, and its reviewers and testers changed while the
/// server cannot be reached wait in the account's outbox (docs/WRITES.md, "The outbox"): the page shows the pull
/// request as the server has it, and a line per waiting change with its Cancel. Once one is sent, the pull request is
/// read again.
extension PullRequestViewModel {
    var outbox: Outbox? { commentSender.outboxPlace?.outbox }

    /// Reads the pull request again whenever one of its waiting changes leaves the outbox because it was sent.
    func followWaitingChanges() {
        outbox?.whenSent(about: repo, number: String(number), kinds: OutboxEntry.Kind.pullRequestChanges, while: self) {
            [weak self] in self?.resource.refresh()
        }
    }

    /// The merge, state and approval changes that wait, each with its line.
    public var waitingChanges: [WaitingChange] {
        let rows = outbox?.entries(about: repo, number: String(number), kinds: OutboxEntry.Kind.pullRequestChanges) ?? []
        return rows.map { row in
            let what = switch row.kind {
            case .pullRequestMerge: tr("Merge")
            case .pullRequestState: row.payload == "closed" ? tr("Close") : tr("Reopen")
            case .pullRequestPeople: OutboxEntry.PeopleChange.read(row.payload)?.description ?? ""
            default: row.payload == Endpoints.ReviewRole.testers.rawValue ? tr("Pass test") : tr("Approve")
            }
            return WaitingChange(text: String(format: tr("%@: %@"), what, row.statusText), row: row.id)
        }
    }

    /// The Cancel of a waiting change: it is not sent (the page already shows the pull request as the server has it).
    public func cancelWaiting(_ change: WaitingChange) {
        outbox?.cancel(change.row)
    }
}
