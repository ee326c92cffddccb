import Foundation
import GiteeKit
import GRDB
import Observation

/// Writes made while the server could not be reached (connection refused, no such host, offline: the request
/// provably never arrived), kept so the network is never a reason to lose a word, and sent later in order
/// (`drain`, Outbox+Drain.swift), each settled first: already done on the server, it is dropped, never sent twice.
///
/// One SQLite file per account (server and login) in the account's folder under the DATA folder, never the cache
/// (Clear Cache must not lose it): folder 0700, file 0600. Each change is one small transaction written before the
/// call returns, so a row is on disk before its text leaves the composer's draft, and a row is marked `sending` on
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
    @ObservationIgnored let database: DatabaseQueue?
    /// The row whose request is out now (it cannot be cancelled meanwhile).
    @ObservationIgnored var inFlight: Int64?
    /// The drain that runs now: a second caller waits for it instead of returning at once (so "drain, then look"
    /// holds even when an answer from the server started a drain a moment earlier).
    @ObservationIgnored var runningDrain: Task<Void, Never>?

    /// The outbox file of an account folder (`accounts/<folder>/outbox.sqlite`).
    public nonisolated static func file(inAccountFolder folder: URL) -> URL {
        folder.appendingPathComponent("outbox.sqlite")
    }

    /// Opens (or creates) the file; one that cannot be opened leaves an outbox in memory, and `storeError` says so.
    public init(file: URL) {
        var opened: DatabaseQueue?
        var failure: String?
        do {
            try PrivateFiles.makeFolder(file.deletingLastPathComponent())
            PrivateFiles.prepareFile(file)
            var configuration = Configuration()
            configuration.label = "mayun-outbox"
            let queue = try DatabaseQueue(path: file.path, configuration: configuration)
            try Self.migrate(queue)
            opened = queue
        } catch {
            failure = String(describing: error)
            opened = try? DatabaseQueue()
            if let opened { try? Self.migrate(opened) }
        }
        fileURL = failure == nil ? file : nil
        database = opened
        storeError = failure
        reload()
    }

    /// Keeps a write for later. `seen` is what the person saw when acting (see `OutboxEntry.seen`). Returns the
    /// row, or nil when it could not be written (then the caller keeps the text in its draft and says why).
    @discardableResult
    public func enqueue(_ kind: OutboxEntry.Kind, repo: RepositoryID, number: String, payload: String,
                        seen: String) -> OutboxEntry? {
        let created = Date()
        let id = write { db -> Int64 in
            try db.execute(sql: """
                INSERT INTO rows (kind, owner, repo, number, payload, seen, created, status, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, 'waiting', NULL)
                """, arguments: [kind.rawValue, repo.owner, repo.name, number, payload, seen,
                                 created.timeIntervalSince1970])
            return db.lastInsertedRowID
        }
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
    /// person has seen the conflict and chosen theirs). Returns false for a row that is not waiting on them.
    @discardableResult
    public func tryAgain(_ id: Int64) -> Bool {
        guard let entry = entries.first(where: { $0.id == id }), entry.needsDecision else { return false }
        let seen = entry.kind == .issueState ? OutboxEntry.anyState : entry.seen
        _ = write { db in
            try db.execute(sql: "UPDATE rows SET status = 'waiting', reason = NULL, seen = ? WHERE id = ?",
                           arguments: [seen, id])
        }
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
        let (name, reason): (String, String?) = switch status {
        case .waiting: ("waiting", nil)
        case .sending: ("sending", nil)
        case .needsDecision(let reason): ("needs-decision", reason)
        }
        _ = write { db in
            try db.execute(sql: "UPDATE rows SET status = ?, reason = ? WHERE id = ?", arguments: [name, reason, id])
        }
        reload()
    }

    func remove(_ id: Int64, sent: Bool = false) {
        _ = write { db in try db.execute(sql: "DELETE FROM rows WHERE id = ?", arguments: [id]) }
        if sent { sentCount += 1 }
        reload()
    }

    private func write<Value>(_ change: (Database) throws -> Value) -> Value? {
        guard let database else { return nil }
        do {
            let result = try database.write(change)
            storeError = nil
            return result
        } catch {
            storeError = String(describing: error)
            return nil
        }
    }

    private func reload() {
        let rows = (try? database?.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM rows ORDER BY id")
        }) ?? []
        entries = rows.compactMap(Self.entry)
    }

    private static func entry(_ row: Row) -> OutboxEntry? {
        guard let kind = OutboxEntry.Kind(rawValue: row["kind"]) else { return nil }
        let status: OutboxEntry.Status = switch row["status"] as String {
        case "sending": .sending
        case "needs-decision": .needsDecision(reason: row["reason"] ?? "")
        default: .waiting
        }
        return OutboxEntry(id: row["id"], kind: kind, repo: RepositoryID(owner: row["owner"], name: row["repo"]),
                           number: row["number"], payload: row["payload"], seen: row["seen"],
                           created: Date(timeIntervalSince1970: row["created"]), status: status)
    }

    nonisolated private static func migrate(_ queue: DatabaseQueue) throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "rows") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("kind", .text).notNull()
                table.column("owner", .text).notNull()
                table.column("repo", .text).notNull()
                table.column("number", .text).notNull()
                table.column("payload", .text).notNull()
                table.column("seen", .text).notNull()
                table.column("created", .double).notNull()
                table.column("status", .text).notNull()
                table.column("reason", .text)
            }
        }
        try migrator.migrate(queue)
    }
}
