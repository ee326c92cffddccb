import GiteeKit
import Observation

/// A page that shows what waits for its thing (an issue's state, a project's Star and Watch) reads that thing again
/// once the outbox has sent one of those rows: the server's answer is then the truth to show.
extension Outbox {
    /// Calls `sent` each time a row about `number` of `repo` of one of `kinds` leaves the outbox after something was
    /// sent, for as long as `owner` (the page) lives.
    func whenSent(about repo: RepositoryID, number: String, kinds: Set<OutboxEntry.Kind>, while owner: AnyObject & Sendable,
                  _ sent: @escaping @MainActor @Sendable () -> Void) {
        follow(known: entries(about: repo, number: number, kinds: kinds).map(\.id), repo, number, kinds, owner, sent)
    }

    private func follow(known: [Int64], _ repo: RepositoryID, _ number: String, _ kinds: Set<OutboxEntry.Kind>,
                        _ owner: AnyObject & Sendable, _ sent: @escaping @MainActor @Sendable () -> Void) {
        withObservationTracking {
            _ = entries
        } onChange: { [weak self, weak owner] in
            Task { @MainActor [weak self, weak owner] in
                guard let self, let owner else { return }
                let now = entries(about: repo, number: number, kinds: kinds).map(\.id)
                if known.contains(where: { !now.contains($0) }), sentCount > 0 { sent() }
                follow(known: now, repo, number, kinds, owner, sent)
            }
        }
    }
}
