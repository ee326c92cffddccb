import Foundation
import GiteeKit
import Observation

/// An issue being written: kept on disk as it is typed, so a failed submit, a closed page or a restart loses nothing.
public struct IssueDraft: Codable, Equatable, Sendable {
    public var title: String
    public var body: String
    /// A member's choices (label names, an assignee's login, a milestone's number); drafts written before these
    /// existed read as none.
    public var labels: [String]
    public var assignee: String?
    public var milestone: Int?

    public init(title: String = "", body: String = "", labels: [String] = [], assignee: String? = nil,
                milestone: Int? = nil) {
        self.title = title
        self.body = body
        self.labels = labels
        self.assignee = assignee
        self.milestone = milestone
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
        body = try container.decodeIfPresent(String.self, forKey: .body) ?? ""
        labels = Array((try? container.decodeIfPresent([String].self, forKey: .labels) ?? []) ?? [])
        assignee = try? container.decodeIfPresent(String.self, forKey: .assignee)
        milestone = try? container.decodeIfPresent(Int.self, forKey: .milestone)
    }

    public var isEmpty: Bool { title.isEmpty && body.isEmpty && labels.isEmpty && assignee == nil && milestone == nil }
}

/// Drafts are the person's own writing, so they live under XDG_DATA_HOME (not the cache, which "Clear cache"
/// empties): one small JSON file per repository (folder 0700, file 0600), replaced atomically on each change, in
/// order, off the main thread. A write that fails is said (`writeError`), and the app waits for pending writes when
/// it quits (`flush`).
@MainActor
@Observable
public final class DraftStore {
    /// Moves once, when the first login of a session without an account becomes an account (`relocate`).
    public private(set) var directory: URL
    /// Why the latest write failed (disk full, no permission, ...), or nil once a write succeeds.
    public private(set) var writeError: String?
    @ObservationIgnored var writes: Task<Void, Never>?
    /// Comment drafts saved this run, by file: read back before their queued write has reached the disk (a pull
    /// request's line composer reloads a line's draft the moment the person comes back to it).
    @ObservationIgnored private var savedComments: [String: String] = [:]

    public init(directory: URL) {
        self.directory = directory
    }

    public func draft(for repo: RepositoryID) -> IssueDraft {
        // Drafts written before file names were injective are still read (and moved on the next save).
        for file in [file(for: repo), legacyFile(for: repo)] {
            if let data = try? Data(contentsOf: file), let draft = try? JSONDecoder().decode(IssueDraft.self, from: data) {
                return draft
            }
        }
        return IssueDraft()
    }

    /// Saves in order, off the main thread; the latest call wins.
    public func save(_ draft: IssueDraft, for repo: RepositoryID) {
        enqueue(draft, to: file(for: repo), legacy: legacyFile(for: repo))
    }

    public func clear(for repo: RepositoryID) {
        save(IssueDraft(), for: repo)
    }

    /// A comment being written on an issue: one per account, project and issue (another account logged in on the
    /// same machine never sees it), in `comments/` beside the new-issue drafts.
    public func comment(account: String, repo: RepositoryID, issue: String) -> String {
        let file = commentFile(account: account, repo: repo, issue: issue)
        if let saved = savedComments[file.path] { return saved }
        guard let data = try? Data(contentsOf: file), let draft = try? JSONDecoder().decode(IssueDraft.self, from: data)
        else { return "" }
        return draft.body
    }

    /// Saves a comment draft as it is typed (an empty text removes the file).
    public func saveComment(_ text: String, account: String, repo: RepositoryID, issue: String) {
        let file = commentFile(account: account, repo: repo, issue: issue)
        savedComments[file.path] = text
        enqueue(IssueDraft(body: text), to: file, legacy: file)
    }

    func commentFile(account: String, repo: RepositoryID, issue: String) -> URL {
        var name = [account, repo.owner, repo.name, issue].map(Self.encode).joined(separator: "__")
        if name.utf8.count > 200 {
            name = String(name.prefix(120)) + "-" + Self.hash("\(account)\n\(repo.owner)/\(repo.name)\n\(issue)")
        }
        return directory.appendingPathComponent("comments").appendingPathComponent(name + ".json")
    }

    private func enqueue(_ draft: IssueDraft, to file: URL, legacy: URL) {
        let previous = writes
        writes = Task.detached(priority: .utility) { [weak self] in
            await previous?.value
            let failure = Self.write(draft, to: file, legacy: legacy)
            await self?.finished(failure)
        }
    }

    /// The drafts move to `newDirectory` (the account a first login turned out to be): what is there is moved after
    /// the writes queued so far, and later writes go there, so a restart under that account finds them.
    public func relocate(to newDirectory: URL) {
        guard newDirectory != directory else { return }
        let old = directory
        directory = newDirectory
        let previous = writes
        writes = Task.detached(priority: .utility) {
            await previous?.value
            let files = FileManager.default
            guard files.fileExists(atPath: old.path) else { return }
            try? PrivateFiles.makeFolder(newDirectory)
            for name in (try? files.contentsOfDirectory(atPath: old.path)) ?? [] {
                let target = newDirectory.appendingPathComponent(name)
                guard !files.fileExists(atPath: target.path) else { continue }
                try? files.moveItem(at: old.appendingPathComponent(name), to: target)
            }
        }
    }

    /// Waits for queued writes (before quitting, and in tests).
    public func flush() async {
        await writes?.value
    }

    private func finished(_ failure: String?) {
        writeError = failure
    }

    func setWriteError(_ failure: String?) { writeError = failure }

    nonisolated private static func write(_ draft: IssueDraft, to file: URL, legacy: URL) -> String? {
        do {
            // For names that needed no encoding the old file is the new one: it must not be removed then.
            let oldCopy = legacy.path == file.path ? nil : legacy
            if draft.isEmpty {
                if let oldCopy { try? FileManager.default.removeItem(at: oldCopy) }
                if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
                return nil
            }
            try PrivateFiles.write(try JSONEncoder().encode(draft), to: file)
            if let oldCopy { try? FileManager.default.removeItem(at: oldCopy) }
            return nil
        } catch {
            return Self.message(for: error)
        }
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
