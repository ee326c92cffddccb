import GiteeKit

/// What the person is about to open is asked early (issue 41): a project row the pointer rests on, or that keyboard
/// focus reaches, has its project and README fetched into the offline store, so its page draws them from there
/// when it opens instead of waiting a round trip or two on a far link.
///
/// Bounded: only after the interest lasted `dwell` (a pointer passing over rows on its way elsewhere asks
/// nothing); one prefetch at a time, and a new interest or the end of this one (the pointer or focus left the row)
/// cancels it; a project fetched in the last `freshFor` is not asked again; at most `perMinute` prefetches a
/// minute. Only reads (GETs through `CachedClient`), never writes. A prefetch that fails is forgotten silently: the
/// page asks again when it opens and says what went wrong there.
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
    private var current: (repo: RepositoryID, task: Task<Void, Never>)?
    /// When each project was last prefetched (at most `perMinute` kept: older ones are dropped first).
    private var fetched: [RepositoryID: ContinuousClock.Instant] = [:]
    private var started: [ContinuousClock.Instant] = []

    /// Projects whose prefetch finished (tests and the bench read it).
    public private(set) var completed: [RepositoryID] = []

    public init(cached: CachedClient,
                wait: @escaping @MainActor (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                now: @escaping @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.cached = cached
        self.wait = wait
        self.now = now
    }

    /// The pointer rests on (or focus reached) this project's row; nil: it left every row.
    public func interest(in repo: RepositoryID?) {
        guard repo != current?.repo else { return }
        current?.task.cancel()
        current = nil
        guard let repo, mayAsk(for: repo) else { return }
        let task = Task { [weak self, wait] in
            do { try await wait(Self.dwell) } catch { return }
            guard let self, !Task.isCancelled else { return }
            await self.fetch(repo)
        }
        current = (repo, task)
    }

    /// The prefetch in flight, if any (tests wait for it).
    public var inFlight: Task<Void, Never>? { current?.task }

    private func mayAsk(for repo: RepositoryID) -> Bool {
        let now = now()
        if let last = fetched[repo], now - last < Self.freshFor { return false }
        started.removeAll { now - $0 >= .seconds(60) }
        return started.count < Self.perMinute
    }

    private func fetch(_ repo: RepositoryID) async {
        let moment = now()
        started.append(moment)
        // Both at once: one round trip, as the project page itself asks them.
        let fetchProject = cached.project(repo).fetch, fetchReadme = cached.readme(repo, ref: nil).fetch
        async let project = try? fetchProject()
        async let readme = try? fetchReadme()
        let answered = await (project, readme)
        // A cancelled prefetch's answers may still have been saved (they are true); it only does not count as done.
        guard !Task.isCancelled, answered.0 != nil else { return }
        fetched[repo] = moment
        if fetched.count > Self.perMinute, let oldest = fetched.min(by: { $0.value < $1.value })?.key {
            fetched[oldest] = nil
        }
        completed.append(repo)
        if current?.repo == repo { current = nil }
    }
}
