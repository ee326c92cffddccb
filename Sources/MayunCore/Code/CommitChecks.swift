import GiteeKit
import Observation

/// "Is it green?": the check runs of a commit (`GET .../commits/{sha}/check-runs`) and the annotations of the runs
/// that have any (`GET .../check-runs/{id}/annotations`, asked once per run): a pull request's head (asked as soon as
/// the pull request's answer names it, beside the page's other requests of that wave) or the commit page's own. While any run
/// is still going it is asked again every `refreshSeconds`, at most `maxRefreshes` times, through the page's
/// scheduler (a GLib timeout in the app, a hand-driven clock in tests), and never after the page went. A failure shows
/// a sentence and Retry in the Checks section; the rest of the page never depends on it.
@MainActor
@Observable
public final class CommitChecks {
    public enum LoadState: Equatable, Sendable {
        case notLoaded, loading, loaded
        case failed(String)
    }

    public static let refreshSeconds = 20.0
    /// About half an hour of refreshing a page left open on a run that never ends.
    public static let maxRefreshes = 90
    /// Runs whose annotations are asked (the first ones listed): a commit with hundreds of runs costs no more.
    public static let maxRunsWithAnnotations = 20

    public private(set) var runs: [CheckRun] = []
    /// Annotations by run id (runs that have none, or whose annotations were not read, are absent).
    public private(set) var annotations: [Int: [CheckAnnotation]] = [:]
    public private(set) var loadState: LoadState = .notLoaded
    /// The sha whose runs these are.
    public private(set) var sha: String?
    /// How many times the runs were asked again because one was pending (reset by a new sha or Retry).
    public private(set) var refreshCount = 0

    @ObservationIgnored private let fetchRuns: @MainActor @Sendable (String) async throws -> [CheckRun]
    @ObservationIgnored private let fetchAnnotations: @MainActor @Sendable (Int) async throws -> [CheckAnnotation]
    @ObservationIgnored private let scheduler: any PollScheduler
    @ObservationIgnored private var timer: (any PollTimer)?
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private var isGone = false
    /// Told after every change of runs or annotations (the page redraws the diff's notes).
    @ObservationIgnored var onChanged: @MainActor () -> Void = {}

    init(client: GiteeClient, repo: RepositoryID, scheduler: any PollScheduler) {
        fetchRuns = { sha in try await client.send(Endpoints.checkRuns(owner: repo.owner, repo: repo.name, ref: sha)).runs }
        fetchAnnotations = { id in
            try await client.send(Endpoints.checkAnnotations(owner: repo.owner, repo: repo.name, id: id)).annotations
        }
        self.scheduler = scheduler
    }

    // MARK: Inputs

    /// The pull request's head is `sha`: loads its runs (nothing when it is the one already shown or loading).
    func show(sha newSHA: String?) {
        guard !isGone, let newSHA, !newSHA.isEmpty, newSHA != sha else { return }
        sha = newSHA
        runs = []
        annotations = [:]
        refreshCount = 0
        load()
    }

    /// Retry after a failure (or a refresh of the page): asks again now, and the refresh bound starts again.
    public func retry() {
        guard !isGone, sha != nil else { return }
        refreshCount = 0
        load()
    }

    /// The page was left: the request in flight stops, nothing is asked again.
    func cancel() {
        isGone = true
        task?.cancel()
        task = nil
        timer?.invalidate()
        timer = nil
    }

    // MARK: Loading

    private func load() {
        guard let sha else { return }
        timer?.invalidate()
        timer = nil
        task?.cancel()
        if runs.isEmpty { loadState = .loading }
        task = Task { [weak self] in
            guard let self else { return }
            do {
                let fresh = try await fetchRuns(sha)
                guard !Task.isCancelled, self.sha == sha else { return }
                runs = fresh
                loadState = .loaded
                onChanged()
                await loadAnnotations(of: fresh, sha: sha)
                guard !Task.isCancelled, self.sha == sha else { return }
                scheduleRefreshIfPending()
            } catch {
                guard !Task.isCancelled, self.sha == sha else { return }
                failed(GiteeError.from(error))
            }
        }
    }

    /// The annotations of completed runs not read yet (a completed run's annotations do not change), in parallel. A
    /// run whose output says it has none (`annotations_count: 0`) is not asked; a failed read leaves that run without.
    private func loadAnnotations(of runs: [CheckRun], sha: String) async {
        let wanted = runs.prefix(Self.maxRunsWithAnnotations).filter { run in
            !run.isPending && annotations[run.id] == nil && run.output?.annotationsCount != 0
        }.map(\.id)
        guard !wanted.isEmpty else { return }
        let fetch = fetchAnnotations
        // All asked at once; each shown in the runs' order. Cancelling the load cancels every read.
        let reads = wanted.map { id in Task { @MainActor in (id, try? await fetch(id)) } }
        await withTaskCancellationHandler {
            for read in reads {
                let (id, notes) = await read.value
                guard let notes, !Task.isCancelled, self.sha == sha else { continue }
                annotations[id] = notes
                onChanged()
            }
        } onCancel: {
            for read in reads { read.cancel() }
        }
    }

    /// A 404 is a server without check runs (a self-hosted Gitee, say): no checks, nothing to retry. Runs already shown
    /// stay after a failed refresh, which is tried again later; a first failure says so, with Retry, and waits for it.
    private func failed(_ failure: GiteeError) {
        switch failure {
        case .cancelled: return
        case .notFound:
            runs = []
            loadState = .loaded
            onChanged()
        default:
            if runs.isEmpty { loadState = .failed(ErrorText.message(for: failure)) } else { scheduleRefreshIfPending() }
        }
    }

    private func scheduleRefreshIfPending() {
        guard !isGone, runs.contains(where: \.isPending), refreshCount < Self.maxRefreshes else { return }
        timer = scheduler.schedule(after: Self.refreshSeconds) { [weak self] in
            guard let self, !isGone else { return }
            refreshCount += 1
            load()
        }
    }
}
