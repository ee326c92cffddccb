import Foundation
import GiteeKit
import Observation

/// Whether each pull request of a list is green, said beside its row (issue 39): the check runs of its head commit
/// (`GET .../commits/{sha}/check-runs`), one request per pull request the list has loaded, `concurrent` at a time in
/// the order the rows came, each sha asked once while the list lives. A request that fails leaves its row without a
/// state (the pull request's page says why); a pull request without runs shows none either.
@MainActor
@Observable
public final class PullRequestListChecks {
    /// The overall state by head sha, as they arrive.
    public private(set) var states: [String: CheckOverall] = [:]
    /// Called when a state arrived (the list redraws the rows it shows).
    @ObservationIgnored var onChanged: @MainActor () -> Void = {}
    @ObservationIgnored private let fetchRuns: @MainActor (String) async throws -> [CheckRun]
    @ObservationIgnored private var asked: Set<String> = []
    @ObservationIgnored private var waiting: [String] = []
    @ObservationIgnored private var running: [String: Task<Void, Never>] = [:]
    /// Enough to fill a screen of rows in a few round trips without holding up the page's own requests.
    nonisolated static let concurrent = 3

    init(fetchRuns: @escaping @MainActor (String) async throws -> [CheckRun]) {
        self.fetchRuns = fetchRuns
    }

    convenience init(client: GiteeClient, repo: RepositoryID) {
        self.init { sha in
            try await client.send(Endpoints.checkRuns(owner: repo.owner, repo: repo.name, ref: sha)).runs
        }
    }

    /// The state beside a pull request whose head is `sha` (nil: not known, or no runs).
    public func state(ofHead sha: String) -> CheckOverall? {
        guard let state = states[sha], state != .none else { return nil }
        return state
    }

    /// How many heads are being asked now (tests wait for every answer to be taken in, a failure included).
    var askingCount: Int { running.count }

    /// These heads are in the list: each one not asked yet is asked (in this order, a few at a time).
    func want(_ shas: [String]) {
        for sha in shas where !sha.isEmpty && asked.insert(sha).inserted { waiting.append(sha) }
        startWaiting()
    }

    /// The list was refreshed or its filter changed: states are asked again as rows come.
    func reset() {
        cancel()
        asked = []
        states = [:]
    }

    /// The list was left: nothing more is asked.
    func cancel() {
        for task in running.values { task.cancel() }
        running = [:]
        asked.subtract(waiting)
        waiting = []
    }

    private func startWaiting() {
        while running.count < Self.concurrent, !waiting.isEmpty {
            let sha = waiting.removeFirst()
            let fetch = fetchRuns
            running[sha] = Task { [weak self] in
                let runs = try? await fetch(sha)
                guard let self, !Task.isCancelled else { return }
                running[sha] = nil
                if let runs {
                    states[sha] = CommitChecks.overall(of: runs)
                    onChanged()
                } else {
                    asked.remove(sha)  // asked again when the list next shows it
                }
                startWaiting()
            }
        }
    }
}
