import GiteeKit
import Observation

/// The one write path: every change a screen sends to Gitee (star, watch, mark read, a comment, an issue's state)
/// goes through here, so optimistic-with-rollback is written once.
///
/// A write shows its optimistic value at once (`apply`), sends, then settles from the server's answer (`settle`), or
/// rolls back (`rollBack`) and says why (`report`, with the screen's sentence for the failure). The request itself is
/// not cancelled when the page is left (the person asked for it, and it may already have reached the server), but its
/// follow-up is: after `leave()`, neither `settle` nor `rollBack` runs, so a page that has gone does not re-read or
/// redraw. A failure is still reported, because the person otherwise never learns that their change was refused.
///
/// Loads read `mark()` before they ask and `mayBeStale(since:)` when the answer comes: an answer to a load that began
/// before a write settled may predate the write, and must not put the old value back on screen
/// (`RemoteResource.keepWritten` lays the written fields over such an answer).
@MainActor
@Observable
public final class ScreenWrites {
    /// Writes sent and not yet answered.
    public private(set) var pendingCount = 0
    public var isWriting: Bool { pendingCount > 0 }

    /// Where failures are told (the app's toast); set by the screen model.
    @ObservationIgnored public var report: @MainActor (String) -> Void
    @ObservationIgnored private var started = 0
    @ObservationIgnored private var left = false
    @ObservationIgnored private var running: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored private var busyKeys: Set<String> = []

    public init(report: @escaping @MainActor (String) -> Void = { _ in }) {
        self.report = report
    }

    /// A point in the write history, taken when a load starts.
    public struct Mark: Sendable, Equatable {
        let started: Int
    }

    public func mark() -> Mark { Mark(started: started) }

    /// True when a write began after `mark` or one is still waiting for its answer: a load that started at `mark`
    /// may have been answered from before that write.
    public func mayBeStale(since mark: Mark) -> Bool { pendingCount > 0 || started > mark.started }

    /// Whether a write with this key (one control, one comment) is waiting for its answer.
    public func isPending(_ key: String) -> Bool { busyKeys.contains(key) }

    /// Sends one write. `key` names what it changes: a second write to the same thing while the first is waiting is
    /// refused (returns nil), so two clicks never race. `failure` is a sentence with `%@` for the server's reason.
    @discardableResult
    public func send<Answer: Sendable>(key: String? = nil,
                                       failure: String,
                                       apply: @MainActor () -> Void = {},
                                       request: @escaping @MainActor () async throws -> Answer,
                                       settle: @escaping @MainActor (Answer) -> Void = { _ in },
                                       rollBack: @escaping @MainActor (GiteeError) -> Void = { _ in },
                                       always: (@MainActor (_ succeeded: Bool, _ pageLeft: Bool) -> Void)? = nil)
        -> Task<Void, Never>? {
        if let key {
            guard !busyKeys.contains(key) else { return nil }
            busyKeys.insert(key)
        }
        started &+= 1
        pendingCount += 1
        let id = started
        apply()
        // Not a child of the caller: the request outlives a page that is left; only its follow-up is dropped.
        let task = Task { [weak self] in
            let outcome: Result<Answer, GiteeError>
            do {
                outcome = .success(try await request())
            } catch {
                outcome = .failure(GiteeError.from(error))
            }
            // What belongs to the thing written rather than to the page (a draft on disk) is settled even when the
            // page, and this object with it, is gone.
            if case .failure(.cancelled) = outcome {} else {
                always?(outcome.isSuccess, self?.left ?? true)
            }
            self?.finish(id: id, key: key, outcome: outcome, failure: failure, settle: settle, rollBack: rollBack)
        }
        running[id] = task
        return task
    }

    /// The page was left: answers still arrive, but nothing settles or rolls back on a screen that has gone.
    public func leave() {
        left = true
    }

    /// The writes in flight, for tests that wait for them.
    public var inFlight: [Task<Void, Never>] { Array(running.values) }

    private func finish<Answer>(id: Int, key: String?, outcome: Result<Answer, GiteeError>, failure: String,
                                settle: @MainActor (Answer) -> Void, rollBack: @MainActor (GiteeError) -> Void) {
        running[id] = nil
        if let key { busyKeys.remove(key) }
        pendingCount = max(0, pendingCount - 1)
        switch outcome {
        case .success(let answer):
            if !left { settle(answer) }
        case .failure(let error):
            if !left { rollBack(error) }
            if error != .cancelled { report(String(format: failure, ErrorText.message(for: error))) }
        }
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
}
