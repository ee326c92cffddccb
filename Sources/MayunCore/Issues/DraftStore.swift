import Foundation
import GiteeKit
import Observation

/// An issue being written: kept on disk as it is typed, so a failed submit, a closed page or a restart loses nothing.
public struct IssueDraft: Codable, Equatable, Sendable {
    public var title = ""
    public var body = ""
    /// A member's choices (label names, an assignee's login, a milestone's number); drafts written before these
    /// existed read as none.
    public var labels: [String] = []
    public var assignee: String?
    public var milestone: Int?

    public var isEmpty: Bool { title.isEmpty && body.isEmpty && labels.isEmpty && assignee == nil && milestone == nil }
}

extension IssueDraft {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
        body = try container.decodeIfPresent(String.self, forKey: .body) ?? ""
        labels = Array((try? container.decodeIfPresent([String].self, forKey: .labels) ?? []) ?? [])
        assignee = try? container.decodeIfPresent(String.self, forKey: .assignee)
        milestone = try? container.decodeIfPresent(Int.self, forKey: .milestone)
    }
}

/// Every composer's drafts (new issues, comments, new pull requests, edited files, private-message replies) are the
/// person's own writing, so they live under XDG_DATA_HOME (not the cache, which "Clear cache" empties), in the
/// folder of one identity (an account, a `MAYUN_TOKEN` session, or nobody yet): one small JSON file per draft
/// (folders 0700, files 0600, `PrivateFiles`), replaced atomically. Saves are written off the main thread, in order
/// and coalesced per file (`DraftWriter`); reads see a text still waiting to be written. A write that fails is said
/// (`writeError`), and the app waits for pending writes when it quits (`flush`).
@MainActor
@Observable
public final class DraftStore {
    /// Changes once, when the session of this store becomes an account (`relocate`).
    public private(set) var directory: URL
    /// Why the latest write failed (disk full, no permission, ...), or nil once a write succeeds.
    public private(set) var writeError: String?
    @ObservationIgnored let writer = DraftWriter()
    /// The drafts this store saved in this run (paths under `directory`): all a first login carries into the
    /// account's folder. What an earlier session left in the same folder is not this session's to carry.
    @ObservationIgnored private var savedHere: Set<String> = []

    public init(directory: URL) {
        self.directory = directory
    }

    public func draft(for repo: RepositoryID) -> IssueDraft {
        // Drafts written before file names were injective are still read (and moved on the next save).
        let file = file(for: repo)
        let candidates = writer.waiting(file) == nil ? [file, legacyFile(for: repo)] : [file]
        for candidate in candidates {
            if let data = contents(of: candidate), let draft = try? JSONDecoder().decode(IssueDraft.self, from: data) {
                return draft
            }
        }
        return IssueDraft()
    }

    /// Saves off the main thread; the latest call wins.
    public func save(_ draft: IssueDraft, for repo: RepositoryID) {
        enqueue(draft.isEmpty ? nil : try? JSONEncoder().encode(draft), to: file(for: repo), removing: legacyFile(for: repo))
    }

    public func clear(for repo: RepositoryID) {
        save(IssueDraft(), for: repo)
    }

    /// A comment being written on an issue (or a pull request's title and body, under keys of their own): one per
    /// account, project and issue (another account logged in on the same machine never sees it), in `comments/`.
    public func comment(account: String, repo: RepositoryID, issue: String) -> String {
        body(in: commentFile(account: account, repo: repo, issue: issue))
    }

    /// Saves a comment draft as it is typed (an empty text removes the file).
    public func saveComment(_ text: String, account: String, repo: RepositoryID, issue: String) {
        saveBody(text, to: commentFile(account: account, repo: repo, issue: issue))
    }

    func commentFile(account: String, repo: RepositoryID, issue: String) -> URL {
        keyedFile(in: "comments", [account, repo.owner, repo.name, issue],
                  hashing: "\(account)\n\(repo.owner)/\(repo.name)\n\(issue)")
    }

    /// A reply to a private message: one per account and recipient, in `messages/`.
    public func message(account: String, recipient: String) -> String {
        let file = messageFile(account: account, recipient: recipient)
        if writer.waiting(file) == nil, !FileManager.default.fileExists(atPath: file.path),
           let data = try? Data(contentsOf: legacyMessageFile(account: account, recipient: recipient)) {
            return String(decoding: data, as: UTF8.self)
        }
        return body(in: file)
    }

    /// Saves a reply as it is typed (an empty text removes the file, and the older format's with it).
    public func saveMessage(_ text: String, account: String, recipient: String) {
        saveBody(text, to: messageFile(account: account, recipient: recipient),
                 removing: legacyMessageFile(account: account, recipient: recipient))
    }

    func messageFile(account: String, recipient: String) -> URL {
        keyedFile(in: "messages", [account, recipient])
    }

    /// Where replies were kept before this store had them (`messages/<account>/<recipient>.txt`, plain text): read
    /// while there is nothing newer, removed on the next save.
    func legacyMessageFile(account: String, recipient: String) -> URL {
        func safe(_ name: String) -> String {
            let kept = name.unicodeScalars.map { scalar -> String in
                CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "-_".unicodeScalars.contains(scalar)
                    ? String(scalar) : String(format: "%%%02X", scalar.value & 0xFF)
            }.joined()
            return String(kept.prefix(200))
        }
        return directory.appendingPathComponent("messages", isDirectory: true)
            .appendingPathComponent(safe(account), isDirectory: true).appendingPathComponent(safe(recipient) + ".txt")
    }

    /// `<folder>/<part>__<part>….json`, each part encoded so `__` is only the separator; very long names keep a
    /// readable prefix and end in a hash of the whole (`hashing`, by default the parts one a line).
    func keyedFile(in folder: String, _ parts: [String], hashing whole: String? = nil) -> URL {
        var name = parts.map(Self.encode).joined(separator: "__")
        if name.utf8.count > 200 {
            name = String(name.prefix(120)) + "-" + Self.hash(whole ?? parts.joined(separator: "\n"))
        }
        return directory.appendingPathComponent(folder).appendingPathComponent(name + ".json")
    }

    private func body(in file: URL) -> String {
        guard let data = contents(of: file), let draft = try? JSONDecoder().decode(IssueDraft.self, from: data)
        else { return "" }
        return draft.body
    }

    private func saveBody(_ text: String, to file: URL, removing legacy: URL? = nil) {
        enqueue(text.isEmpty ? nil : try? JSONEncoder().encode(IssueDraft(body: text)), to: file, removing: legacy)
    }

    /// The bytes of `file` as this store knows them: a save still waiting to be written, else the disk's.
    func contents(of file: URL) -> Data? {
        switch writer.waiting(file) {
        case .bytes(let data)?: return data
        case .removed?: return nil
        case nil: return try? Data(contentsOf: file)
        }
    }

    /// Queues `data` for `file` (nil: no file), after which `legacy` (an older name of it) is removed.
    func enqueue(_ data: Data?, to file: URL, removing legacy: URL? = nil) {
        savedHere.insert(String(file.path.dropFirst(directory.path.count)))
        writer.write(data.map(DraftWriter.Content.bytes) ?? .removed, to: file, removing: legacy) { [weak self] failure in
            Task { @MainActor in self?.writeError = failure }
        }
    }

    /// Later drafts go to `newDirectory` (the account this store's session turned out to be, or the account an Add
    /// Account form logged in). With `carrying`, the drafts saved through this store in this run move there too
    /// (a first login in a session without an account: they are that person's). Nothing else in the old folder
    /// moves: another session's leftovers there (an earlier `MAYUN_TOKEN` run, a logged-out run) never reach an
    /// account. The move runs after the queued writes and is waited for (once, at a login; writes are coalesced, so
    /// few are queued), so a read right after finds the drafts in their new place.
    public func relocate(to newDirectory: URL, carrying: Bool) {
        // Paths, not URLs: a URL made while its folder exists ends in "/" and would differ.
        guard newDirectory.path != directory.path else { return }
        let old = directory, names = carrying ? savedHere : []
        directory = newDirectory
        savedHere = names
        guard !names.isEmpty else { return }
        writer.runAfterWrites {
            let files = FileManager.default
            for name in names {
                let source = URL(fileURLWithPath: old.path + name), target = URL(fileURLWithPath: newDirectory.path + name)
                guard files.fileExists(atPath: source.path), !files.fileExists(atPath: target.path) else { continue }
                try? PrivateFiles.makeFolder(target.deletingLastPathComponent())
                try? files.moveItem(at: source, to: target)
            }
        }
    }

    /// Waits for queued writes (before quitting, and in tests).
    public func flush() async {
        await writer.flush()
    }

    nonisolated static func message(for error: Error) -> String {
        let reason: String
        switch PrivateFiles.errorNumber(of: error) {
        case ENOSPC, EDQUOT: reason = tr("the disk is full")
        case EACCES, EPERM, EROFS: reason = tr("permission denied")
        case let code?: reason = String(cString: strerror(code))
        case nil: reason = error.localizedDescription
        }
        return String(format: tr("Your draft could not be saved: %@."), reason)
    }

    /// `<owner>__<name>.json` with each part percent-encoded over a set without `_` or `%`: the `__` can only be
    /// the separator, so two repositories never share a file (`a__b/c` and `a/b__c` did when `_` was kept).
    /// Very long names keep a readable prefix and end in a hash of the whole.
    func file(for repo: RepositoryID) -> URL {
        var name = Self.encode(repo.owner) + "__" + Self.encode(repo.name)
        if name.utf8.count > 200 {
            name = String(name.prefix(120)) + "-" + Self.hash("\(repo.owner)/\(repo.name)")
        }
        return directory.appendingPathComponent(name + ".json")
    }

    /// The name drafts had before: any character outside letters, digits, `-`, `_`, `.` became `_`.
    private func legacyFile(for repo: RepositoryID) -> URL {
        let name = "\(repo.owner)__\(repo.name)".map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" }
        return directory.appendingPathComponent(String(name) + ".json")
    }

    private static let kept = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")

    static func encode(_ part: String) -> String {
        // "." and ".." alone would be folder names; encoded, they are ordinary.
        if part == "." || part == ".." { return part.replacingOccurrences(of: ".", with: "%2E") }
        return part.addingPercentEncoding(withAllowedCharacters: kept) ?? part
    }

    /// Two FNV-1a 64-bit hashes with different offsets (stable across runs, unlike `Hasher`).
    nonisolated static func hash(_ text: String) -> String {
        func fnv(_ offset: UInt64) -> UInt64 {
            var hash = offset
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
        return String(fnv(0xcbf2_9ce4_8422_2325), radix: 16) + String(fnv(0x84222325cbf29ce4), radix: 16)
    }
}
