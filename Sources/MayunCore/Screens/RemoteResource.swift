import GiteeKit
import Observation

/// One remote thing a page shows (a project, a file, an image, a user, an issue, a commit): the single-resource
/// counterpart of `PagedListViewModel`. It shows a saved copy at once when there is one, revalidates it, keeps what
/// it showed when a refresh fails (with a banner offering the reason), drops answers that a newer load or leaving
/// the page made stale, and cancels its request when the page goes. Where the saved copy comes from and what is
/// saved is `CachedClient`'s business (`Cached<Value>`), not this state machine's.
@MainActor
@Observable
public final class RemoteResource<Value: Sendable> {
    public typealias Fetch = @MainActor () async throws -> Value

    /// Where the value came from, as far as the page needs to know.
    public enum Phase: Equatable, Sendable {
        case loading
        case loaded
        /// The saved copy is showing and the network has not confirmed it (yet, or it failed: see `banner`).
        case savedWhileOffline
        case failed(message: String)
    }

    // Outputs
    public private(set) var value: Value?
    public private(set) var phase: Phase = .loading
    public private(set) var isRefreshing = false
    /// Shown above the content when a refresh failed: offline with saved data, or the server's reason.
    public private(set) var banner: String?

    /// The page's state in the shape every page already renders.
    public var state: ScreenState {
        switch phase {
        case .loading: value == nil ? .loading : .content
        case .loaded, .savedWhileOffline: .content
        case .failed(let message): value == nil ? .failed(message: message) : .content
        }
    }

    @ObservationIgnored private let fetch: Fetch
    @ObservationIgnored private let saved: (@MainActor () async -> Value?)?
    @ObservationIgnored private let loads = LatestTask()
    @ObservationIgnored private var started = false
    /// Called with every fresh value (not with the saved copy), e.g. to parse an issue's body.
    @ObservationIgnored public var onFresh: @MainActor (Value) -> Void = { _ in }
    /// Called with every value shown, the saved copy and each fresh one alike (what a page derives from it: an issue's
    /// parsed body, a pull request's check runs), after `onFresh` for a fresh one.
    @ObservationIgnored public var onShown: @MainActor (Value) -> Void = { _ in }
    /// The screen's writes: an answer to a load that began before a write settled may predate it, so the written
    /// fields are laid over it (`keepWritten`) and the old value never comes back on screen.
    @ObservationIgnored public var writes: ScreenWrites?
    /// Lays what the screen wrote (a star, an issue's state) over an answer that may be older than the write.
    @ObservationIgnored public var keepWritten: @MainActor (Value) -> Value = { $0 }

    public init(initial: Value? = nil, saved: (@MainActor () async -> Value?)? = nil, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.saved = saved
        if let initial {
            value = initial
            phase = .loaded
        }
    }

    // Inputs

    /// Shows the saved copy (when there is one and nothing better) and loads once. The saved copy is read off the main
    /// thread before the request goes, so a failed request finds it showing and explains itself in the banner.
    public func start() {
        guard !started else { return }
        started = true
        guard saved != nil, value == nil else { return refresh() }
        markLoading()
        loads.run { [weak self] in
            await self?.showSavedCopy()
            guard !Task.isCancelled else { return }
            await self?.reload()
        }
    }

    /// Shows the saved copy when there is one and nothing better is showing (no request).
    public func showSavedCopy() async {
        guard value == nil, let copy = await saved?() else { return }
        if value == nil { showSavedCopy(copy) }
    }

    /// Shows a saved copy the page prepared itself (a saved document once parsed), unless a fresh answer already
    /// came: a late saved copy never replaces the server's.
    public func showSavedCopy(_ copy: Value) {
        guard phase != .loaded else { return }
        value = copy
        phase = .savedWhileOffline
        onShown(copy)
    }

    /// Loads again; what is showing stays until the answer replaces it.
    public func refresh() {
        started = true
        markLoading()
        loads.run { [weak self] in await self?.reload() }
    }

    /// Loads in the calling task, for a page that chains more work after it (the project page's README); the
    /// caller's task is then the one to cancel. `refresh()` runs this in a task of its own.
    public func reload() async {
        started = true
        markLoading()
        let mark = writes?.mark()
        var outcome: Result<Value, GiteeError>
        do {
            outcome = .success(try await fetch())
        } catch {
            outcome = .failure(GiteeError.from(error))
        }
        guard !Task.isCancelled else { return }
        if case .success(let fresh) = outcome, let mark, writes?.mayBeStale(since: mark) == true {
            outcome = .success(keepWritten(fresh))
        }
        finish(outcome)
    }

    private func markLoading() {
        if value != nil { isRefreshing = true } else { phase = .loading }
    }

    /// The page was left: the request stops and a late answer is dropped.
    public func cancel() {
        loads.cancel()
        isRefreshing = false
    }

    /// Replaces the value with one the app made itself (a re-read after a star, say), as if it had been fetched.
    public func show(_ fresh: Value) {
        value = fresh
        phase = .loaded
        banner = nil
    }

    /// The load in flight, for tests that wait for it.
    var currentLoad: Task<Void, Never>? { loads.current }

    private func finish(_ outcome: Result<Value, GiteeError>) {
        isRefreshing = false
        switch outcome {
        case .success(let fresh):
            value = fresh
            phase = .loaded
            banner = nil
            onFresh(fresh)
            onShown(fresh)
        case .failure(.cancelled):
            break
        case .failure(let error):
            if value == nil {
                phase = .failed(message: ErrorText.message(for: error))
            } else {
                banner = ErrorText.banner(for: error, overSavedCopy: phase == .savedWhileOffline)
            }
        }
    }
}
