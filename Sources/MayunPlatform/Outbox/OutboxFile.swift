import Foundation
import GiteeKit
import GRDB
import MayunCore

extension Outbox {
    /// The outbox of one account: `file` (folder 0700, file 0600), opened or created now. One that cannot be opened
    /// leaves an outbox in memory, and `storeError` says so.
    public convenience init(file: URL) {
        do {
            try PrivateFiles.makeFolder(file.deletingLastPathComponent())
            PrivateFiles.prepareFile(file)
            self.init(rows: try OutboxFile(path: file.path), fileURL: file)
        } catch {
            self.init(rows: OutboxFile(inMemory: ()), fileURL: nil, storeError: String(describing: error))
        }
    }
}

/// The outbox's SQLite file: one table `rows`, one small transaction per change.
final class OutboxFile: OutboxRows {
    /// Nil only when not even an in-memory database could be made: then every change fails and says so.
    private let database: DatabaseQueue?

    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "mayun-outbox"
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try Self.migrate(queue)
        database = queue
    }

    init(inMemory: Void) {
        let queue = try? DatabaseQueue()
        if let queue { try? Self.migrate(queue) }
        database = queue
    }

    func insert(_ kind: OutboxEntry.Kind, repo: RepositoryID, number: String, payload: String, seen: String,
                created: Date) throws -> Int64 {
        try opened().write { db in
            try db.execute(sql: """
                INSERT INTO rows (kind, owner, repo, number, payload, seen, created, status, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, 'waiting', NULL)
                """, arguments: [kind.rawValue, repo.owner, repo.name, number, payload, seen,
                                 created.timeIntervalSince1970])
            return db.lastInsertedRowID
        }
    }

    func update(_ id: Int64, status: OutboxEntry.Status, seen: String?) throws {
        let (name, reason): (String, String?) = switch status {
        case .waiting: ("waiting", nil)
        case .sending: ("sending", nil)
        case .needsDecision(let reason): ("needs-decision", reason)
        }
        try opened().write { db in
            if let seen {
                try db.execute(sql: "UPDATE rows SET status = ?, reason = ?, seen = ? WHERE id = ?",
                               arguments: [name, reason, seen, id])
            } else {
                try db.execute(sql: "UPDATE rows SET status = ?, reason = ? WHERE id = ?", arguments: [name, reason, id])
            }
        }
    }

    func delete(_ id: Int64) throws {
        try opened().write { db in try db.execute(sql: "DELETE FROM rows WHERE id = ?", arguments: [id]) }
    }

    func all() throws -> [OutboxEntry] {
        try opened().read { db in try Row.fetchAll(db, sql: "SELECT * FROM rows ORDER BY id") }.compactMap(Self.entry)
    }

    private struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the outbox could not be opened, even in memory" }
    }

    private func opened() throws -> DatabaseQueue {
        guard let database else { throw Unavailable() }
        return database
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

    private static func migrate(_ queue: DatabaseQueue) throws {
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
