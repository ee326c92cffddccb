import Foundation
import GiteeKit
import Observation

/// Writes made while the server could not be reached (connection refused, no such host, offline: the request
/// provably never arrived), kept so the network is never a reason to lose a word, and sent later in order
/// (`drain`, Outbox+Drain.swift), each settled first: already done on the server, it is dropped, never sent twice.
///
/// One file per account (server and login) in the account's folder under the DATA folder, never the cache (Clear
/// Cache must not lose it): folder 0700, file 0600 (SQLite: MayunPlatform's `OutboxFile`, behind `OutboxRows`). Each
/// change is one small transaction written before the call returns, so a row is on disk before its text leaves the composer's draft, and a row is marked `sending` on
/// disk before its request goes out: after a quit or crash such a row is asked about, never blindly resent.
@MainActor
@Observable
public final class Outbox {
    /// Every row, oldest first (what the UI shows: the Mine page's section, a thread's "Waiting to send").
    public private(set) var entries: [OutboxEntry] = []
    /// Why the file could not be opened or written (nil when it can), for the UI to say once.
    public private(set) var storeError: String?
    /// Rows sent (or found done) so far this run: a page showing a thread re-reads it when this moves.
    public private(set) var sentCount = 0
    /// A drain is running.
    public internal(set) var isDraining = false
    /// Rows wait for the server: one was added since the last drain, or the last drain stopped at one that could not
    /// reach it. The next answer from the server starts a drain (`AppServices.outbox`).
    public internal(set) var stalled = false

    public let fileURL: URL?
    @ObservationIgnored let rows: any OutboxRows
    /// The row whose request is out now (it cannot be cancelled meanwhile).
    @ObservationIgnored var inFlight: Int64?
    /// The drain that runs now: a second caller waits for it instead of returning at once (so "drain, then look"
    /// holds even when an answer from the server started a drain a moment earlier).
    @ObservationIgnored var runningDrain: Task<Void, Never>?

    /// The outbox file of an account folder (`accounts/<folder>/outbox.sqlite`).
    public nonisolated static func file(inAccountFolder folder: URL) -> URL {
        folder.appendingPathComponent("outbox.sqlite")
    }

    /// `rows` keeps the rows (the app: MayunPlatform's `OutboxFile`, through `Outbox(file:)`); `fileURL` is its
    /// file, nil when it could not be opened (then the rows live in memory and `storeError` says why).
    public init(rows: any OutboxRows, fileURL: URL?, storeError: String? = nil) {
        self.rows = rows
        self.fileURL = fileURL
        self.storeError = storeError
        reload()
    }

    /// Keeps a write for later. `seen` is what the person saw when acting (see `OutboxEntry.seen`). Returns the
    /// row, or nil when it could not be written (then the caller keeps the text in its draft and says why).
    @discardableResult
    public func enqueue(_ kind: OutboxEntry.Kind, repo: RepositoryID, number: String, payload: String,
                        seen: String) -> OutboxEntry? {
        let created = Date()
        let id = write { try rows.insert(kind, repo: repo, number: number, payload: payload, seen: seen,
                                         created: created) }
        reload()
        guard let id else { return nil }
        stalled = true
        return entries.first { $0.id == id }
    }

    /// Removes a row the person no longer wants sent (its text goes back to their draft: the caller's part).
    /// Returns it, or nil when it is gone or its request is out right now.
    @discardableResult
    public func cancel(_ id: Int64) -> OutboxEntry? {
        guard id != inFlight, let entry = entries.first(where: { $0.id == id }) else { return nil }
        remove(id)
        return entry
    }

    /// The person's answer to a row that needs a decision: send it after all. It waits again, settled first as
    /// always (never sent twice); a state change no longer checks that the issue still has the state first seen (the
    /// person has seen the conflict and chosen theirs; labels likewise). Returns false for a row that is not waiting on them.
    @discardableResult
    public func tryAgain(_ id: Int64) -> Bool {
        guard let entry = entries.first(where: { $0.id == id }), entry.needsDecision else { return false }
        let seen = OutboxEntry.Kind.checkedAgainstSeen.contains(entry.kind) ? OutboxEntry.anyState : entry.seen
        _ = write { try rows.update(id, status: .waiting, seen: seen) }
        reload()
        stalled = true
        return true
    }

    /// The rows about one issue or pull request (a page's "Waiting to send").
    public func entries(about repo: RepositoryID, number: String, kinds: Set<OutboxEntry.Kind>) -> [OutboxEntry] {
        entries.filter { $0.isAbout(repo, number: number, kinds: kinds) }
    }

    /// Rows still to send (waiting or interrupted while sending), for the Mine page's count.
    public var waitingCount: Int { entries.filter { !$0.needsDecision }.count }

    // MARK: Rows

    func setStatus(_ id: Int64, _ status: OutboxEntry.Status) {
        _ = write { try rows.update(id, status: status, seen: nil) }
        reload()
    }

    func remove(_ id: Int64, sent: Bool = false) {
        _ = write { try rows.delete(id) }
        if sent { sentCount += 1 }
        reload()
    }

    private func write<Value>(_ change: () throws -> Value) -> Value? {
        do {
            let result = try change()
            storeError = nil
            return result
        } catch {
            storeError = String(describing: error)
            return nil
        }
    }

    private func reload() {
        entries = (try? rows.all()) ?? []
    }
}

/// Where the outbox keeps its rows (the app: MayunPlatform's `OutboxFile`, SQLite). Each call is one transaction,
/// on disk when it returns; the outbox calls them on the main actor (they are small).
@MainActor
public protocol OutboxRows: AnyObject {
    /// Adds a waiting row and returns its id.
    func insert(_ kind: OutboxEntry.Kind, repo: RepositoryID, number: String, payload: String, seen: String,
                created: Date) throws -> Int64
    /// Sets a row's status (and its reason, for `needsDecision`); `seen` replaces what was seen, when given.
    func update(_ id: Int64, status: OutboxEntry.Status, seen: String?) throws
    func delete(_ id: Int64) throws
    /// Every row, oldest first; a row this version cannot read is left out.
    func all() throws -> [OutboxEntry]
}
