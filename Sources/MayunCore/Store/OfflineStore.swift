import Foundation
import GRDB

/// The offline store: page 1 of every list and every opened project, README and tree level, with the time fetched,
/// in SQLite under the XDG cache folder. Screens show the saved copy at once and revalidate it.
///
/// Values are saved as JSON in the same shape the API sends, so they decode through GiteeKit's tolerant models.
/// A database that cannot be opened (corrupt, wrong format, unreadable) is set aside and rebuilt: the app always starts.
@MainActor
public final class OfflineStore {
    public let fileURL: URL
    private let database: DatabaseQueue
    /// Set when the previous database had to be set aside (the UI may mention it once).
    public private(set) var recoveredFromDamage = false
    /// The newest queued write; each write waits for the one before, so `flush` and readers see them in order.
    private var lastWrite: Task<Void, Never>?

    public init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        fileURL = directory.appendingPathComponent("store.sqlite")
        do {
            database = try Self.openAndMigrate(at: fileURL)
        } catch {
            Self.setAside(fileURL)
            database = try Self.openAndMigrate(at: fileURL)
            recoveredFromDamage = true
        }
    }

    // MARK: Values

    public struct Saved<Value> {
        public let value: Value
        public let fetchedAt: Date
    }

    public func load<Value: Decodable>(_ type: Value.Type, key: String) -> Saved<Value>? {
        guard let row = try? database.read({ db in
            try Row.fetchOne(db, sql: "SELECT body, fetched_at FROM entries WHERE key = ?", arguments: [key])
        }) else { return nil }
        let body: Data = row["body"]
        guard let value = try? JSONDecoder().decode(Value.self, from: body) else { return nil }
        return Saved(value: value, fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
    }

    /// Saves in the background, in order; a failed write only loses the saved copy, never the screen's data.
    public func save<Value: Encodable>(_ value: Value, key: String, fetchedAt: Date = Date()) {
        guard let body = try? JSONEncoder().encode(value) else { return }
        let database = database
        let previous = lastWrite
        lastWrite = Task.detached(priority: .utility) {
            await previous?.value
            try? await database.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO entries (key, body, fetched_at) VALUES (?, ?, ?)",
                    arguments: [key, body, fetchedAt.timeIntervalSince1970])
            }
        }
    }

    /// Waits for saves queued so far (tests, and before measuring the size).
    public func flush() async {
        await lastWrite?.value
    }

    /// The first page of a list, for `PagedListViewModel`.
    public func listCache<Item: Codable & Sendable>(for key: String, of type: Item.Type) -> ListCache<Item> {
        ListCache(load: { [weak self] in self?.load([Item].self, key: "list:" + key)?.value },
                  save: { [weak self] items in self?.save(items, key: "list:" + key) })
    }

    // MARK: Size and clearing

    /// Bytes on disk (database and its write-ahead log).
    public func sizeInBytes() -> Int64 {
        [fileURL.path, fileURL.path + "-wal", fileURL.path + "-shm"].reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }

    /// Forgets saved values whose key starts with `prefix` (a person's own lists when they log out).
    public func removeEntries(withPrefix prefix: String) {
        let database = database
        let previous = lastWrite
        lastWrite = Task.detached(priority: .utility) {
            await previous?.value
            try? await database.write { db in
                try db.execute(sql: "DELETE FROM entries WHERE substr(key, 1, ?) = ?",
                               arguments: [prefix.count, prefix])
            }
        }
    }

    public func clear() async {
        await flush()
        _ = try? await database.write { db in try db.execute(sql: "DELETE FROM entries") }
        _ = try? await database.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
    }

    // MARK: Opening

    private static func openAndMigrate(at url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.label = "mayun-store"
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "entries") { table in
                table.column("key", .text).primaryKey()
                table.column("body", .blob).notNull()
                table.column("fetched_at", .double).notNull()
            }
        }
        try migrator.migrate(queue)
        // A damaged file can open and migrate yet fail on first read: check now, while we can still rebuild.
        _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entries") }
        return queue
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
