import GiteeKit

/// An issue's or a pull request's page: a person's changes to it (state, labels, assignee, milestone, merge,
/// reviews) go through `writes`, and wait in the account's outbox when the server cannot be reached.
@MainActor
protocol ThreadChanges: AnyObject {
    var writes: ScreenWrites { get }
    var client: GiteeClient { get }
    var outbox: Outbox? { get }
    var repo: RepositoryID { get }
    /// The issue's or pull request's number, as the outbox names it.
    var threadNumber: String { get }
}

extension ThreadChanges {
    /// One change, as every change to an issue or a pull request goes (docs/WRITES.md): shown at once (`apply`),
    /// sent (`request`, which settles a lost answer by asking), or kept in the outbox as `kind` (with `payload`, and
    /// what the person saw, `seen`) when it provably never reached the server. The server's answer is then taken
    /// (`settled`); a refusal with its reason, or a change that waits, puts back what was shown (`undo`). `always`
    /// runs as `ScreenWrites.send`'s does. Nil when a change under the same `key` is still being sent.
    @discardableResult
    func sendChange<Answer: Sendable>(key: String, failure: String, waiting kind: OutboxEntry.Kind, payload: String,
                                      seen: String, apply: @MainActor () -> Void,
                                      request: @escaping @MainActor () async throws -> Answer,
                                      settled: @escaping @MainActor (Answer) -> Void,
                                      undo: @escaping @MainActor () -> Void,
                                      refused: @escaping @MainActor (GiteeError) -> Void = { _ in },
                                      always: (@MainActor (_ succeeded: Bool, _ pageLeft: Bool) -> Void)? = nil)
        -> Task<Void, Never>? {
        let outbox = outbox, repo = repo, number = threadNumber
        return writes.send(key: key, failure: failure, apply: apply,
                           request: {
                               try await Outbox.sendOrKeep(in: outbox, kind, repo: repo, number: number,
                                                           payload: payload, seen: seen, request)
                           },
                           settle: { outcome in if let answer = outcome.answer { settled(answer) } else { undo() } },
                           rollBack: { error in
                               undo()
                               refused(error)
                           },
                           always: always)
    }
}

extension StateWriting where Self: ThreadChanges {
    /// Moves the issue or pull request to `state` with `endpoint`, as every change goes (`sendChange`): a lost
    /// answer is settled by reading it again (`reread`), and a refusal, or a move that waits in the outbox (`kind`,
    /// with the state the person saw), puts back the state shown before.
    func sendState(_ state: String, failure: String, waiting kind: OutboxEntry.Kind, endpoint: Endpoint<Thread>) {
        guard let before = resource.value?.state else { return }
        let previousWritten = writtenState, client = client, reread = reread
        sendChange(key: "state", failure: failure, waiting: kind, payload: state, seen: before,
                   apply: { showState(state) },
                   request: {
                       try await SettledWrite.perform({ try await client.send(endpoint) },
                                                      check: { taken(try await client.send(reread)) { $0.state == state } })
                   },
                   settled: { [weak self] in self?.stateChanged($0) },
                   undo: { [weak self] in
                       self?.showState(before)
                       self?.writtenState = previousWritten
                   })
    }
}

extension IssueViewModel: ThreadChanges {
    var threadNumber: String { number }
}

extension PullRequestViewModel: ThreadChanges {
    var threadNumber: String { String(number) }
}
