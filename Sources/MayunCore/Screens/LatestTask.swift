/// The one load a screen still wants. Starting a new load cancels the one before, and `cancel()` (the page left)
/// stops it; because every load runs on the main actor, a body that checks `Task.isCancelled` after each `await`
/// never applies an answer that a newer load (or leaving the page) made stale.
@MainActor
public final class LatestTask {
    private var task: Task<Void, Never>?

    public init() {}

    /// Runs `body` as the current load, cancelling the previous one.
    public func run(_ body: @escaping @MainActor () async -> Void) {
        task?.cancel()
        task = Task { await body() }
    }

    public func cancel() {
        task?.cancel()
        task = nil
    }

    /// The current load's task, for tests that wait for it to finish.
    public var current: Task<Void, Never>? { task }
}
