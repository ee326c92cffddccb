import Foundation
import GRDB

/// The offline store: page 1 of every list and every opened project, README and tree level, with the time fetched,
/// in SQLite under the XDG cache folder. Only `CachedClient` reads and writes it by key; screens get saved copies
/// from there.
///
/// Values are saved as JSON in the same shape the API sends, so they decode through GiteeKit's tolerant models.
/// A database that cannot be opened (corrupt, wrong format, unreadable) is set aside and rebuilt: the app always starts.
///
/// Privacy: every row carries its owner, the account whose token fetched it (`Account.storeOwner`: server and login;
/// "" when no token was sent). Reads see public rows (of the current server, `publicKeyPrefix`) and the current
/// account's; two accounts' copies of one key are two rows (an owned row's key starts with its owner), so a switch
/// never shows one person's rows to another. `forgetAccount(_:)` (Log Out, Remove) deletes one account's rows,
/// `forgetAccounts()` every owned row, with SQLite's
/// `secure_delete` so the freed pages are zeroed rather than left readable in the file. When a token is in use but
/// its login is not known yet, nothing is saved (there would be no owner to wipe it for). The owner is taken when the
/// request starts (`fetcher()`), and a save whose account logged out since is dropped. Folder 0700, file 0600.
///
/// Bounds: at most `byteBudget` bytes of bodies (64 MiB in the app); past it the least recently read or written
/// rows are deleted, in the same background write. Reads on the main actor go through a WAL `DatabasePool`: their
/// own connection and snapshot, so they do not wait for a write, the secure-delete wipe or VACUUM.
@MainActor
public final class OfflineStore {
    /// Who is fetching: decides the owner of what is saved and which rows may be read.
    public enum Account: Equatable, Sendable {
        case anonymous
        case login(String)
        /// Logged in, login not known yet: save nothing.
        case unknown
    }

    /// Who fetched an answer, taken when its request starts (`fetcher()`): the owner it is saved under, and which
    /// account it belongs to. An answer whose account ended (Log Out) before it arrived is never written.
    public struct Fetcher: Sendable, Equatable {
        /// nil: save nothing (a token whose login is not known yet).
        let owner: String?
        let generation: Int
        /// The server's prefix for public rows when the request started (a switch may change it meanwhile).
        var publicPrefix = ""
    }

    /// The most body bytes kept (64 MiB): past it the least recently used rows go, while running. A first page of
    /// a list is 5-60 KB and a README at most 1 MB, so this is thousands of screens.
    public nonisolated static let defaultByteBudget = 64 * 1_024 * 1_024
    public let byteBudget: Int

    public let fileURL: URL
    /// Asked at every load and `fetcher()`; the app answers from the session (`AppServices`).
    public var account: @MainActor () -> Account = { .anonymous }
    /// Put before the key of every public row: "" for gitee.com (the rows of earlier versions stay readable), the
    /// server's address for another Gitee server, so one server's saved pages never show for another's.
    public var publicKeyPrefix = ""

    /// The server part of `publicKeyPrefix` for `server` (its base URL).
    public nonisolated static func publicKeyPrefix(forServer server: String) -> String {
        server == "https://gitee.com" ? "" : server + "\u{1F}"
    }

    /// The key a row is stored under: public rows by the server's prefix, owned ones by their owner.
    nonisolated static func storedKey(_ key: String, owner: String, publicPrefix: String) -> String {
        owner.isEmpty ? publicPrefix + key : owner + "\u{1F}" + key
    }
    /// Bumped by `forgetAccounts()`: fetchers taken before it save nothing.
    private var generation = 0
    /// Opened on this thread, or (`openInBackground`) on another one while start-up goes on; the first use waits.
    private let opening: DatabaseOpening
    /// Nil only when not even an in-memory database could be made: then nothing is kept, and nothing fails.
    /// A `DatabasePool` (WAL) for the file: reads on the main actor use their own connection and snapshot, so they
    /// never wait for a write, the secure-delete wipe or Clear Cache's VACUUM (`OfflineStoreBudgetTests`).
    private var database: (any DatabaseWriter)? { opening.wait().queue }
    /// Set when the previous database had to be set aside (the UI may mention it once).
    public var recoveredFromDamage: Bool { opening.wait().recovered }
    /// The newest queued write; each write waits for the one before, so `flush` and readers see them in order.
    private var lastWrite: Task<Void, Never>?

    /// `openInBackground` (the app's start-up): the file is opened and migrated on a background thread, so the
    /// window's first frame does not wait for it, and the first read or write waits for the open to finish. A file
    /// that cannot be opened even after being set aside then leaves an in-memory store (nothing is kept), where the
    /// foreground open throws.
    public init(directory: URL, openInBackground: Bool = false, byteBudget: Int = OfflineStore.defaultByteBudget) throws {
        self.byteBudget = max(0, byteBudget)
        try PrivateFiles.makeFolder(directory)
        let fileURL = directory.appendingPathComponent("store.sqlite")
        self.fileURL = fileURL
        // SQLite gives its journal the database file's mode, so a 0600 database keeps every file it writes 0600.
        PrivateFiles.prepareFile(fileURL)
        if openInBackground {
            opening = DatabaseOpening(inBackground: {
                (try? Self.open(at: fileURL)) ?? Self.inMemoryFallback(for: fileURL)
            })
        } else {
            opening = DatabaseOpening(opened: try Self.open(at: fileURL))
        }
    }

    // MARK: Values

    public struct Saved<Value> {
        public let value: Value
        public let fetchedAt: Date
    }

    public func load<Value: Decodable>(_ type: Value.Type, key: String) -> Saved<Value>? {
        let login: String
        switch account() {
        case .login(let name): login = name
        case .anonymous, .unknown: login = ""
        }
        let publicKey = Self.storedKey(key, owner: "", publicPrefix: publicKeyPrefix)
        let ownedKey = login.isEmpty ? publicKey : Self.storedKey(key, owner: login, publicPrefix: publicKeyPrefix)
        // The account's own copy and the public one may both exist: the newer is shown.
        guard let row = try? database?.read({ db in
            try Row.fetchOne(db, sql: """
                SELECT key, body, fetched_at FROM entries WHERE key IN (?, ?) AND (owner = '' OR owner = ?)
                ORDER BY fetched_at DESC LIMIT 1
                """, arguments: [publicKey, ownedKey, login])
        }) else { return nil }
        let storedKey: String = row["key"]
        let body: Data = row["body"]
        guard let value = try? JSONDecoder().decode(Value.self, from: body) else { return nil }
        // Recently used rows are the last to be evicted (recorded in the background, with the writes).
        let now = Date().timeIntervalSince1970
        enqueueWrite { db in
            try db.execute(sql: "UPDATE entries SET used_at = ? WHERE key = ?", arguments: [now, storedKey])
        }
        return Saved(value: value, fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
    }

    /// Who is fetching now: call when a request starts and pass it to `save`, so the answer is saved under the
    /// account that asked for it, and not at all when that account logged out before it arrived.
    public func fetcher() -> Fetcher {
        switch account() {
        case .anonymous: Fetcher(owner: "", generation: generation, publicPrefix: publicKeyPrefix)
        case .login(let name): Fetcher(owner: name, generation: generation, publicPrefix: publicKeyPrefix)
        case .unknown: Fetcher(owner: nil, generation: generation, publicPrefix: publicKeyPrefix)
        }
    }

    /// Saves in the background, in order; a failed write only loses the saved copy, never the screen's data.
    /// `fetchedBy` is the `fetcher()` taken when the request started (now, when not given).
    public func save<Value: Encodable>(_ value: Value, key: String, fetchedAt: Date = Date(),
                                       fetchedBy: Fetcher? = nil) {
        let fetcher = fetchedBy ?? self.fetcher()
        // Fetched under an account that has logged out since: its answer is not this person's to keep.
        guard fetcher.generation == generation, let owner = fetcher.owner else { return }
        guard let body = try? JSONEncoder().encode(value) else { return }
        let budget = byteBudget
        let storedKey = Self.storedKey(key, owner: owner, publicPrefix: fetcher.publicPrefix)
        enqueueWrite { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO entries (key, body, fetched_at, owner, used_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [storedKey, body, fetchedAt.timeIntervalSince1970, owner, Date().timeIntervalSince1970])
            try Self.evict(db, toFit: budget)
        }
    }

    /// Deletes the least recently used rows until the bodies fit in `budget` bytes (down to 90 % of it, so the
    /// next saves do not evict one row each).
    nonisolated static func evict(_ db: Database, toFit budget: Int) throws {
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

    /// Queues `body` after the writes before it, on a background thread.
    private func enqueueWrite(inTransaction: Bool = true, _ body: @escaping @Sendable (Database) throws -> Void) {
        let database = database
        let previous = lastWrite
        lastWrite = Task.detached(priority: .utility) {
            await previous?.value
            Self.writeNow(database, inTransaction: inTransaction, body)
        }
    }

    /// GRDB's blocking write, called from a task. Its `async` write would run on GRDB's DispatchQueue, starting
    /// libdispatch's workers and their once-a-second monitor (see GLibRuntime's `GlobalExecutor`).
    nonisolated private static func writeNow(_ database: (any DatabaseWriter)?, inTransaction: Bool,
                                             _ body: (Database) throws -> Void) {
        if inTransaction {
            try? database?.write(body)
        } else {
            try? database?.writeWithoutTransaction(body)
        }
    }

    /// Deletes every row fetched with a token, whoever's (Log Out, or a login that stopped working). The pages
    /// they used are zeroed (`secure_delete`), so nothing of them stays in the file.
    public func forgetAccounts() {
        generation &+= 1
        enqueueWrite { db in try db.execute(sql: "DELETE FROM entries WHERE owner != ''") }
        // The write-ahead log still holds the rows' earlier pages: copy the zeroed pages into the file and empty it.
        enqueueWrite(inTransaction: false) { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Deletes the rows one account fetched (its Log Out, or its removal); other accounts' rows stay. Fetchers taken
    /// before it save nothing (they may be that account's).
    public func forgetAccount(_ owner: String) {
        guard !owner.isEmpty else { return }
        generation &+= 1
        enqueueWrite { db in try db.execute(sql: "DELETE FROM entries WHERE owner = ?", arguments: [owner]) }
        enqueueWrite(inTransaction: false) { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Gives the rows saved under `oldOwner` (an earlier version's bare login) to `newOwner` (an account's
    /// server-and-login owner), under their new keys: the upgrade to accounts keeps what was saved offline.
    public func reassignRows(from oldOwner: String, to newOwner: String) {
        guard !oldOwner.isEmpty, !newOwner.isEmpty, oldOwner != newOwner else { return }
        enqueueWrite { db in
            try db.execute(sql: "UPDATE OR REPLACE entries SET key = ? || char(31) || key, owner = ? WHERE owner = ?",
                           arguments: [newOwner, newOwner, oldOwner])
        }
    }

    /// Writes a row as an earlier version left it (tests of the upgrade: a bare key owned by a bare login).
    func insertLegacyRow(key: String, body: Data, owner: String) {
        enqueueWrite { db in
            try db.execute(sql: "INSERT OR REPLACE INTO entries (key, body, fetched_at, owner, used_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [key, body, Date().timeIntervalSince1970, owner, 0])
        }
    }

    /// Waits for saves queued so far (tests, and before measuring the size).
    public func flush() async {
        await lastWrite?.value
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
        let prefix = publicKeyPrefix + prefix
        enqueueWrite { db in
            try db.execute(sql: "DELETE FROM entries WHERE substr(key, 1, ?) = ?", arguments: [prefix.count, prefix])
        }
    }

    public func clear() async {
        await flush()
        let database = database
        await Task.detached(priority: .utility) {
            Self.writeNow(database, inTransaction: true) { db in try db.execute(sql: "DELETE FROM entries") }
            Self.writeNow(database, inTransaction: false) { db in
                try db.execute(sql: "VACUUM")
                // The WAL holds the old pages until a checkpoint: truncate it so the size shown drops now.
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        }.value
    }

    // MARK: Opening

    /// Opens and migrates the file; a damaged one is set aside and rebuilt.
    nonisolated private static func open(at url: URL) throws -> DatabaseOpening.Opened {
        do {
            return .init(queue: try openAndMigrate(at: url), recovered: false)
        } catch {
            setAside(url)
            PrivateFiles.prepareFile(url)
            return .init(queue: try openAndMigrate(at: url), recovered: true)
        }
    }

    nonisolated private static func inMemoryFallback(for url: URL) -> DatabaseOpening.Opened {
        FileHandle.standardError.write(Data("mayun: offline store \(url.path) unavailable; nothing is kept\n".utf8))
        // An empty in-memory database does not fail to open or migrate in practice; if it did, nothing is kept.
        let queue = try? DatabaseQueue()
        guard let queue, (try? migrate(queue)) != nil else { return .init(queue: nil, recovered: false) }
        return .init(queue: queue, recovered: false)
    }

    nonisolated private static func openAndMigrate(at url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "mayun-store"
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = ON") }
        let queue = try DatabasePool(path: url.path, configuration: configuration)
        try migrate(queue)
        // A damaged file can open and migrate yet fail on first read: check now, while we can still rebuild.
        _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entries") }
        return queue
    }

    nonisolated private static func migrate(_ queue: some DatabaseWriter) throws {
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

    nonisolated private static func setAside(_ url: URL) {
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
        // A thread of its own, not a DispatchQueue: see `OfflineStore.writeNow`.
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
