import Foundation
import Synchronization

/// Answers asked ahead of the person (issue 41: the issue or pull request under the pointer). A GET sent inside
/// `GiteeClient.prefetching` is kept here, on its way or answered, for `keptFor`; the first request for the same
/// address by the same account in that time takes it instead of asking again, and joins it when it is still on
/// its way (the click usually comes while the answer travels, on a far link). Each answer is taken once; at most
/// `limit` are kept, the oldest dropped first; a prefetch that failed or was cancelled is never taken; any write
/// drops them all (an issue closed after its row was prefetched must not open as still open).
///
/// Why not the HTTP cache: libsoup's cache stores no answer to a request that carries the token, and these pages
/// are read logged in. This holds a few answers for seconds, only for the page about to open.
@MainActor
final class PrefetchedAnswers {
    /// Older answers are not taken (the page asks afresh): what a page shows is at most this old.
    nonisolated static let keptFor: TimeInterval = 30
    nonisolated static let limit = 8

    /// One kept answer. Its state moves once, from kept to taken (a page joined it) or dropped (cancelled, failed,
    /// pushed out); both moves happen under a lock because cancellation handlers run off the main actor.
    final class Kept: Sendable {
        enum State { case kept, taken, dropped }
        let task: Task<HTTPResponse, Error>
        let account: Int
        let asked: Date
        private let state = Mutex(State.kept)

        init(task: Task<HTTPResponse, Error>, account: Int, asked: Date) {
            self.task = task
            self.account = account
            self.asked = asked
        }

        /// Kept to taken; false when it was dropped first.
        func take() -> Bool { move(to: .taken) }
        /// Kept to dropped; false when a page took it first (then it goes on for that page).
        @discardableResult func drop() -> Bool { move(to: .dropped) }

        private func move(to next: State) -> Bool {
            state.withLock { current in
                guard current == .kept else { return false }
                current = next
                return true
            }
        }
    }

    private var kept: [String: Kept] = [:]
    private let now: () -> Date

    init(now: @escaping () -> Date = Date.init) {
        self.now = now
    }

    /// How many answers are kept right now (tests).
    var count: Int { kept.count }

    /// Which answers a request may take: the same address, asked with the token or without it alike.
    static func key(for request: HTTPRequest) -> String? {
        guard request.method == "GET" else { return nil }
        return (request.header("Authorization") == nil ? "anonymous " : "token ") + request.url
    }

    /// Keeps `task`, the answer to the GET `key` names, sent while `account` (GiteeAuth's generation) was in use.
    func keep(_ task: Task<HTTPResponse, Error>, key: String, account: Int) -> Kept {
        forgetExpired()
        if let previous = kept[key] { previous.drop() }
        let entry = Kept(task: task, account: account, asked: now())
        kept[key] = entry
        while kept.count > Self.limit, let oldest = kept.min(by: { $0.value.asked < $1.value.asked })?.key {
            kept.removeValue(forKey: oldest)?.drop()
        }
        return entry
    }

    /// The kept answer to the GET `key` names, asked under `account`, taken (nobody else gets it), or nil.
    func take(key: String, account: Int) -> Kept? {
        forgetExpired()
        guard let entry = kept[key], entry.account == account else { return nil }
        kept[key] = nil
        return entry.take() ? entry : nil
    }

    /// A write is on its way: what was asked before it may no longer be true, so nothing kept is taken any more.
    func forgetAll() {
        for entry in kept.values { entry.drop() }
        kept = [:]
    }

    /// A prefetch that failed or was cancelled goes, unless a page took it (the page then has its failure, as its
    /// own request at that moment would have).
    func forget(_ entry: Kept, key: String) {
        if kept[key] === entry { kept[key] = nil }
        entry.drop()
    }

    private func forgetExpired() {
        let moment = now()
        for (key, entry) in kept where moment.timeIntervalSince(entry.asked) >= Self.keptFor {
            kept[key] = nil
            entry.drop()
        }
    }
}

extension GiteeClient {
    /// Set while `prefetching` runs: the GETs sent meanwhile are kept for the page about to open.
    @TaskLocal static var isPrefetching = false

    /// How long an answer asked ahead is kept for its page (`PrefetchedAnswers.keptFor`).
    public nonisolated static var prefetchKeptFor: TimeInterval { PrefetchedAnswers.keptFor }

    /// Asks `endpoint` ahead of the page that will (the row under the pointer); its answer is kept for that page's
    /// first request of the same address (`PrefetchedAnswers`). True when it was answered.
    public func prefetch<Response>(_ endpoint: Endpoint<Response>) async -> Bool {
        await Self.$isPrefetching.withValue(true) { (try? await send(endpoint)) != nil }
    }

    /// The first page of `endpoint`, asked ahead as `prefetch` asks.
    public func prefetchFirstPage<Item>(_ endpoint: Endpoint<[Item]>) async -> Bool {
        await Self.$isPrefetching.withValue(true) { (try? await page(endpoint)) != nil }
    }
}
