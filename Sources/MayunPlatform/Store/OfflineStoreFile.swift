import Foundation
import GRDB
import MayunCore

extension OfflineStore {
    /// The app's store: `store.sqlite` in `directory` (folder 0700, file 0600). `openInBackground` (the app's
    /// start-up): the file is opened and migrated on a background thread, so the window's first frame does not wait
    /// for it, and the first read or write waits for the open to finish. A file that cannot be opened even after
    /// being set aside then leaves an in-memory store (nothing is kept), where the foreground open throws.
    public convenience init(directory: URL, openInBackground: Bool = false,
                            byteBudget: Int = OfflineStore.defaultByteBudget) throws {
        try PrivateFiles.makeFolder(directory)
        let fileURL = directory.appendingPathComponent("store.sqlite")
        // SQLite gives its journal the database file's mode, so a 0600 database keeps every file it writes 0600.
        PrivateFiles.prepareFile(fileURL)
        let rows = openInBackground ? OfflineStoreFile(openingInBackground: fileURL) : try OfflineStoreFile(opening: fileURL)
        self.init(rows: rows, fileURL: fileURL, byteBudget: byteBudget)
    }
}

/// The offline store's SQLite file: one table `entries` (key, body, fetched_at, owner, used_at), with
/// `secure_delete` on. Reads (on a background thread) go through a WAL `DatabasePool`: their own connection and snapshot,
/// so they never wait for a write, the secure-delete wipe or Clear Cache's VACUUM (`OfflineStoreBudgetTests`).
/// A file that cannot be opened (corrupt, wrong format, unreadable) is set aside and rebuilt: the app always starts.
///
/// Writes are GRDB's blocking ones, called from the store's own task. GRDB's `async` writes would run on its
/// DispatchQueue, starting libdispatch's workers and their once-a-second monitor (see GLibRuntime's `GlobalExecutor`).
final class OfflineStoreFile: OfflineRows {
    private let opening: DatabaseOpening
    /// Nil only when not even an in-memory database could be made: then nothing is kept, and nothing fails.
    private var database: (any DatabaseWriter)? { opening.wait().queue }
    var recoveredFromDamage: Bool { opening.wait().recovered }

    init(opening url: URL) throws {
        opening = DatabaseOpening(opened: try Self.open(at: url))
    }

    init(openingInBackground url: URL) {
        opening = DatabaseOpening(inBackground: { (try? Self.open(at: url)) ?? Self.inMemoryFallback(for: url) })
    }

    func newest(ofKeys keys: [String], visibleTo login: String) -> OfflineRow? {
        guard let row = try? database?.read({ db in
            try Row.fetchOne(db, sql: """
                SELECT key, body, fetched_at FROM entries WHERE key IN (\(keys.map { _ in "?" }.joined(separator: ", ")))
                AND (owner = '' OR owner = ?) ORDER BY fetched_at DESC LIMIT 1
                """, arguments: StatementArguments(keys + [login]))
        }) else { return nil }
        return OfflineRow(key: row["key"], body: row["body"], fetchedAt: row["fetched_at"])
    }

    func markUsed(key: String, at time: Double) {
        write { db in try db.execute(sql: "UPDATE entries SET used_at = ? WHERE key = ?", arguments: [time, key]) }
    }

    func put(_ row: OfflineRow, owner: String, usedAt: Double, budget: Int) {
        write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO entries (key, body, fetched_at, owner, used_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [row.key, row.body, row.fetchedAt, owner, usedAt])
            try Self.evict(db, toFit: budget)
        }
    }

    func deleteOwned(by owner: String?) {
        write { db in
            if let owner {
                try db.execute(sql: "DELETE FROM entries WHERE owner = ?", arguments: [owner])
            } else {
                try db.execute(sql: "DELETE FROM entries WHERE owner != ''")
            }
        }
        // The write-ahead log still holds the rows' earlier pages: copy the zeroed pages into the file and empty it.
        try? database?.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    func reassign(from oldOwner: String, to newOwner: String) {
        write { db in
            try db.execute(sql: "UPDATE OR REPLACE entries SET key = ? || char(31) || key, owner = ? WHERE owner = ?",
                           arguments: [newOwner, newOwner, oldOwner])
        }
    }

    func deleteKeys(withPrefix prefix: String) {
        write { db in
            try db.execute(sql: "DELETE FROM entries WHERE substr(key, 1, ?) = ?", arguments: [prefix.count, prefix])
        }
    }

    func deleteAll() {
        write { db in try db.execute(sql: "DELETE FROM entries") }
        try? database?.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
            // The WAL holds the old pages until a checkpoint: truncate it so the size shown drops now.
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    private func write(_ change: (Database) throws -> Void) {
        try? database?.write(change)
    }

    /// Deletes the least recently used rows until the bodies fit in `budget` bytes (down to 90 % of it, so the
    /// next saves do not evict one row each).
    private static func evict(_ db: Database, toFit budget: Int) throws {
        let total = try Int.fetchOne(db, sql: "SELECT total(length(body)) FROM entries") ?? 0
        guard total > budget else { return }
        var excess = total - budget / 10 * 9
        let rows = try Row.fetchCursor(db, sql: "SELECT key, length(body) AS size FROM entries ORDER BY used_at, fetched_at")
        var victims: [String] = []
        while excess > 0, let row = try rows.next() {
            victims.append(row["key"])
            excess -= row["size"] as Int
        }
        for key in victims { try db.execute(sql: "DELETE FROM entries WHERE key = ?", arguments: [key]) }
    }

    // MARK: Opening

    /// Opens and migrates the file; a damaged one is set aside and rebuilt.
    private static func open(at url: URL) throws -> DatabaseOpening.Opened {
        do {
            return .init(queue: try openAndMigrate(at: url), recovered: false)
        } catch {
            setAside(url)
            PrivateFiles.prepareFile(url)
            return .init(queue: try openAndMigrate(at: url), recovered: true)
        }
    }

    private static func inMemoryFallback(for url: URL) -> DatabaseOpening.Opened {
        FileHandle.standardError.write(Data("mayun: offline store \(url.path) unavailable; nothing is kept\n".utf8))
        // An empty in-memory database does not fail to open or migrate in practice; if it did, nothing is kept.
        let queue = try? DatabaseQueue()
        guard let queue, (try? migrate(queue)) != nil else { return .init(queue: nil, recovered: false) }
        return .init(queue: queue, recovered: false)
    }

    private static func openAndMigrate(at url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "mayun-store"
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = ON") }
        let queue = try DatabasePool(path: url.path, configuration: configuration)
        try migrate(queue)
        // A damaged file can open and migrate yet fail on first read: check now, while we can still rebuild.
        _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entries") }
        return queue
    }

    private static func migrate(_ queue: some DatabaseWriter) throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "entries") { table in
                table.column("key", .text).primaryKey()
                table.column("body", .blob).notNull()
                table.column("fetched_at", .double).notNull()
            }
        }
        migrator.registerMigration("v2-owner") { db in
            // Rows saved before owners existed may have been fetched with a token: they cannot be told apart, so
            // they go (they are only a cache).
            try db.execute(sql: "DELETE FROM entries")
            try db.alter(table: "entries") { table in table.add(column: "owner", .text).notNull().defaults(to: "") }
        }
        migrator.registerMigration("v3-used-at") { db in
            // When a row was last read or written, for evicting the least recently used past the byte budget.
            try db.alter(table: "entries") { table in table.add(column: "used_at", .double).notNull().defaults(to: 0) }
            try db.execute(sql: "UPDATE entries SET used_at = fetched_at")
        }
        try migrator.migrate(queue)
    }

    private static func setAside(_ url: URL) {
        let stamp = Int(Date().timeIntervalSince1970)
        for suffix in ["", "-wal", "-shm"] {
            let path = url.path + suffix
            guard FileManager.default.fileExists(atPath: path) else { continue }
            try? FileManager.default.moveItem(atPath: path, toPath: url.path + ".damaged-\(stamp)" + suffix)
        }
    }
}

/// The offline store's database, opened once: at once, or on a background thread that the first use waits for.
private final class DatabaseOpening: @unchecked Sendable {
    struct Opened: Sendable {
        let queue: (any DatabaseWriter)?
        let recovered: Bool
    }

    private let done = DispatchGroup()
    /// Written once (here, or by the opening thread before `done` is left); read only after waiting on `done`.
    private var opened: Opened?

    init(opened: Opened) {
        self.opened = opened
    }

    init(inBackground open: @escaping @Sendable () -> Opened) {
        done.enter()
        // A thread of its own, not a DispatchQueue: see `OfflineStoreFile`'s writes.
        Thread { [self] in
            opened = open()
            done.leave()
        }.start()
    }

    func wait() -> Opened {
        done.wait()
        return opened!
    }
}
