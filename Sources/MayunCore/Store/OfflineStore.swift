import Foundation

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
/// rows are deleted, in the same background write.
///
/// The rows themselves live behind `OfflineRows` (MayunPlatform's `OfflineStoreFile`: SQLite through GRDB, whose
/// reads on the main actor have their own connection and snapshot, so they do not wait for a write, the
/// secure-delete wipe or VACUUM). This class keeps the rules: whose rows a read sees, under which key a save goes,
/// and that writes happen in order, off the main actor.
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
    private let rows: any OfflineRows
    /// Set when the previous file had to be set aside (the UI may mention it once).
    public var recoveredFromDamage: Bool { rows.recoveredFromDamage }
    /// The newest queued write; each write waits for the one before, so `flush` and readers see them in order.
    private var lastWrite: Task<Void, Never>?

    /// `rows` keeps the rows (the app: MayunPlatform's `OfflineStoreFile`, through
    /// `OfflineStore(directory:openInBackground:byteBudget:)`); `fileURL` is its file, for the size shown.
    public init(rows: any OfflineRows, fileURL: URL, byteBudget: Int = OfflineStore.defaultByteBudget) {
        self.rows = rows
        self.fileURL = fileURL
        self.byteBudget = max(0, byteBudget)
    }

    // MARK: Values

    public struct Saved<Value> {
        public let value: Value
        public let fetchedAt: Date
    }

    /// The saved copy under `key` that the current account may see (its own or a public one, the newer), read and
    /// decoded on a background thread: a README's saved copy is up to 1 MB of JSON, and the file's first read waits
    /// for its open (`OfflineStoreFile`), neither of which the main thread should wait for.
    public func load<Value: Decodable & Sendable>(_ type: Value.Type, key: String) async -> Saved<Value>? {
        let keys = visibleKeys(for: key), rows = rows
        let found = await Task.detached(priority: .userInitiated) { Self.read(Value.self, keys: keys, from: rows) }.value
        return found.map(markedUsed)
    }

    /// `load` on the calling thread, for tests that check what a file holds from inside a synchronous wait.
    func loadBlocking<Value: Decodable & Sendable>(_ type: Value.Type, key: String) -> Saved<Value>? {
        Self.read(Value.self, keys: visibleKeys(for: key), from: rows).map(markedUsed)
    }

    /// The stored keys a read of `key` may see: the public row's and the current account's own.
    private func visibleKeys(for key: String) -> (keys: [String], login: String) {
        let login: String
        switch account() {
        case .login(let name): login = name
        case .anonymous, .unknown: login = ""
        }
        let publicKey = Self.storedKey(key, owner: "", publicPrefix: publicKeyPrefix)
        let ownedKey = login.isEmpty ? publicKey : Self.storedKey(key, owner: login, publicPrefix: publicKeyPrefix)
        return ([publicKey, ownedKey], login)
    }

    private struct Found<Value: Sendable>: Sendable {
        let key: String
        let value: Value
        let fetchedAt: Double
    }

    // The account's own copy and the public one may both exist: the newer is shown.
    private nonisolated static func read<Value: Decodable & Sendable>(
        _ type: Value.Type, keys: (keys: [String], login: String), from rows: any OfflineRows
    ) -> Found<Value>? {
        guard let row = rows.newest(ofKeys: keys.keys, visibleTo: keys.login),
              let value = try? JSONDecoder().decode(Value.self, from: row.body) else { return nil }
        return Found(key: row.key, value: value, fetchedAt: row.fetchedAt)
    }

    /// Recently used rows are the last to be evicted (recorded in the background, with the writes).
    private func markedUsed<Value>(_ found: Found<Value>) -> Saved<Value> {
        let now = Date().timeIntervalSince1970, key = found.key
        enqueueWrite { rows in rows.markUsed(key: key, at: now) }
        return Saved(value: found.value, fetchedAt: Date(timeIntervalSince1970: found.fetchedAt))
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
    /// `fetchedBy` is the `fetcher()` taken when the request started (now, when not given). The value is encoded
    /// there too: on the main thread, encoding a user's 20 events with their payloads put the cold user page's first
    /// screen about 220 ms later (bench/pages.py's latency part), and a pull request's patches may be a megabyte.
    public func save<Value: Encodable & Sendable>(_ value: Value, key: String, fetchedAt: Date = Date(),
                                                  fetchedBy: Fetcher? = nil) {
        let fetcher = fetchedBy ?? self.fetcher()
        // Fetched under an account that has logged out since: its answer is not this person's to keep.
        guard fetcher.generation == generation, let owner = fetcher.owner else { return }
        let storedKey = Self.storedKey(key, owner: owner, publicPrefix: fetcher.publicPrefix)
        let budget = byteBudget
        enqueueWrite { rows in
            guard let body = try? JSONEncoder().encode(value) else { return }
            let row = OfflineRow(key: storedKey, body: body, fetchedAt: fetchedAt.timeIntervalSince1970)
            rows.put(row, owner: owner, usedAt: Date().timeIntervalSince1970, budget: budget)
        }
    }

    /// Queues `change` after the writes before it, on a background thread.
    private func enqueueWrite(_ change: @escaping @Sendable (any OfflineRows) -> Void) {
        let rows = rows
        let previous = lastWrite
        lastWrite = Task.detached(priority: .utility) {
            await previous?.value
            change(rows)
        }
    }

    /// Deletes every row fetched with a token, whoever's (Log Out, or a login that stopped working), so that nothing
    /// of them stays in the file (`OfflineRows.deleteOwned`).
    public func forgetAccounts() {
        generation &+= 1
        enqueueWrite { rows in rows.deleteOwned(by: nil) }
    }

    /// Deletes the rows one account fetched (its Log Out, or its removal); other accounts' rows stay. Fetchers taken
    /// before it save nothing (they may be that account's).
    public func forgetAccount(_ owner: String) {
        guard !owner.isEmpty else { return }
        generation &+= 1
        enqueueWrite { rows in rows.deleteOwned(by: owner) }
    }

    /// Gives the rows saved under `oldOwner` (an earlier version's bare login) to `newOwner` (an account's
    /// server-and-login owner), under their new keys: the upgrade to accounts keeps what was saved offline.
    public func reassignRows(from oldOwner: String, to newOwner: String) {
        guard !oldOwner.isEmpty, !newOwner.isEmpty, oldOwner != newOwner else { return }
        enqueueWrite { rows in rows.reassign(from: oldOwner, to: newOwner) }
    }

    /// Writes a row as an earlier version left it (tests of the upgrade: a bare key owned by a bare login).
    func insertLegacyRow(key: String, body: Data, owner: String) {
        let row = OfflineRow(key: key, body: body, fetchedAt: Date().timeIntervalSince1970)
        enqueueWrite { rows in rows.put(row, owner: owner, usedAt: 0, budget: .max) }
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
        enqueueWrite { rows in rows.deleteKeys(withPrefix: prefix) }
    }

    public func clear() async {
        await flush()
        let rows = rows
        await Task.detached(priority: .utility) { rows.deleteAll() }.value
    }
}

/// One saved answer: its stored key (owner or server prefix included), its JSON and when it was fetched.
public struct OfflineRow: Sendable, Equatable {
    public let key: String
    public let body: Data
    /// Seconds since 1970.
    public let fetchedAt: Double

    public init(key: String, body: Data, fetchedAt: Double) {
        self.key = key
        self.body = body
        self.fetchedAt = fetchedAt
    }
}

/// Where `OfflineStore` keeps its rows (the app: MayunPlatform's `OfflineStoreFile`, SQLite). Reads are called off
/// the main actor (tests: on it) and must not wait for a write; writes are called one at a time, in order, off the
/// main actor.
/// A failed write only loses a saved copy, so none of these throws.
public protocol OfflineRows: AnyObject, Sendable {
    /// The file could not be opened and was set aside and rebuilt.
    var recoveredFromDamage: Bool { get }
    /// The most recently fetched of the rows stored under `keys` that are public or owned by `login`.
    func newest(ofKeys keys: [String], visibleTo login: String) -> OfflineRow?
    /// Records a read, for evicting the least recently used rows first.
    func markUsed(key: String, at time: Double)
    /// Inserts or replaces `row`, then deletes the least recently used rows until the bodies fit in `budget` bytes.
    func put(_ row: OfflineRow, owner: String, usedAt: Double, budget: Int)
    /// Deletes `owner`'s rows (nil: every row fetched with a token) so that nothing of them stays readable in the
    /// file (SQLite: `secure_delete`, then the write-ahead log emptied into the file).
    func deleteOwned(by owner: String?)
    /// Moves `oldOwner`'s rows to `newOwner`, each under the key `newOwner` + U+001F + its old key.
    func reassign(from oldOwner: String, to newOwner: String)
    func deleteKeys(withPrefix prefix: String)
    /// Deletes every row and gives the space back (the size shown drops at once).
    func deleteAll()
}
