import GiteeKit

/// What a row opens, asked early.
public enum PrefetchTarget: Hashable, Sendable {
    /// The project and its README, into the offline store (the project page draws from there).
    case project(RepositoryID)
    /// The issue and its first comments, kept for the page's first requests (`GiteeClient.prefetch`).
    case issue(RepositoryID, number: String)
    /// The pull request, its commits, files and first comments, kept the same way.
    case pullRequest(RepositoryID, number: Int)
}

/// What the person is about to open is asked early (issue 41): a project, issue or pull request row the pointer
/// rests on, or that keyboard focus reaches, has what its page asks first fetched, so the page draws it when it
/// opens instead of waiting a round trip or two on a far link (or joins the answer still on its way).
///
/// Bounded: only after the interest lasted `dwell` (a pointer passing over rows on its way elsewhere asks
/// nothing); one prefetch at a time, and a new interest or the end of this one (the pointer or focus left the row)
/// cancels it, unless the row was opened (`opening()`); what was fetched in the last `freshFor` (projects) or
/// `GiteeClient.prefetchKeptFor` (issues, pull requests) is not asked again; at most `perMinute` prefetches a minute.
/// Only reads (GETs), never writes. A prefetch that fails is forgotten silently: the page asks again when it opens
/// and says what went wrong there.
@MainActor
public final class Prefetcher {
    /// How long interest must last before anything is asked (a pointer crossing a row takes less).
    public nonisolated static let dwell: Duration = .milliseconds(150)
    public nonisolated static let freshFor: Duration = .seconds(60)
    public nonisolated static let perMinute = 20

    private let cached: CachedClient
    /// Waits `dwell` (throws when cancelled); tests pass one they release themselves.
    private let wait: @MainActor (Duration) async throws -> Void
    private let now: @MainActor () -> ContinuousClock.Instant
    private var current: (target: PrefetchTarget, task: Task<Void, Never>)?
    /// When each target was last prefetched (at most `perMinute` kept: older ones are dropped first).
    private var fetched: [PrefetchTarget: ContinuousClock.Instant] = [:]
    private var started: [ContinuousClock.Instant] = []

    /// Targets whose prefetch finished (tests and the bench read it).
    public private(set) var completed: [PrefetchTarget] = []

    public init(cached: CachedClient,
                wait: @escaping @MainActor (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                now: @escaping @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.cached = cached
        self.wait = wait
        self.now = now
    }

    /// The pointer rests on (or focus reached) the row that opens `target`; nil: it left every row.
    public func interest(in target: PrefetchTarget?) {
        guard target != current?.target else { return }
        current?.task.cancel()
        current = nil
        guard let target, mayAsk(for: target) else { return }
        let task = Task { [weak self, wait] in
            do { try await wait(Self.dwell) } catch { return }
            guard let self, !Task.isCancelled else { return }
            await self.fetch(target)
        }
        current = (target, task)
    }

    /// The row of interest is being opened: what its prefetch asked goes on for the page (the pointer leaving the
    /// list because the page replaced it must not cancel it).
    public func opening() {
        current = nil
    }

    /// The prefetch in flight, if any (tests wait for it).
    public var inFlight: Task<Void, Never>? { current?.task }

    private func mayAsk(for target: PrefetchTarget) -> Bool {
        let now = now()
        if let last = fetched[target], now - last < freshness(of: target) { return false }
        started.removeAll { now - $0 >= .seconds(60) }
        return started.count < Self.perMinute
    }

    private func freshness(of target: PrefetchTarget) -> Duration {
        if case .project = target { return Self.freshFor }
        return .seconds(GiteeClient.prefetchKeptFor)
    }

    private func fetch(_ target: PrefetchTarget) async {
        let moment = now()
        started.append(moment)
        // Everything at once: one round trip, as the page itself asks them.
        guard await ask(for: target), !Task.isCancelled else { return }
        // A cancelled prefetch's answers may still have been kept (they are true); it only does not count as done.
        fetched[target] = moment
        if fetched.count > Self.perMinute, let oldest = fetched.min(by: { $0.value < $1.value })?.key {
            fetched[oldest] = nil
        }
        completed.append(target)
        if current?.target == target { current = nil }
    }

    /// Asks what `target`'s page asks first; true when its main request was answered.
    private func ask(for target: PrefetchTarget) async -> Bool {
        let client = cached.client
        switch target {
        case .project(let repo):
            let fetchProject = cached.project(repo).fetch, fetchReadme = cached.readme(repo, ref: nil).fetch
            async let project = try? fetchProject()
            async let readme = try? fetchReadme()
            return await (project, readme).0 != nil
        case .issue(let repo, let number):
            async let issue = client.prefetch(Endpoints.issue(owner: repo.owner, repo: repo.name, number: number))
            async let comments = client.prefetchFirstPage(
                Endpoints.issueComments(owner: repo.owner, repo: repo.name, number: number))
            return await (issue, comments).0
        case .pullRequest(let repo, let number):
            let (owner, name) = (repo.owner, repo.name)
            async let pull = client.prefetch(Endpoints.pullRequest(owner: owner, repo: name, number: number))
            async let commits = client.prefetch(Endpoints.pullRequestCommits(owner: owner, repo: name, number: number))
            async let files = client.prefetch(Endpoints.pullRequestFiles(owner: owner, repo: name, number: number))
            async let comments = client.prefetchFirstPage(
                Endpoints.pullRequestComments(owner: owner, repo: name, number: number))
            return await (pull, commits, files, comments).0
        }
    }
}
