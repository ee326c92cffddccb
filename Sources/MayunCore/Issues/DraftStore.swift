import Foundation

/// An issue being written: kept on disk as it is typed, so a failed submit, a closed page or a restart loses nothing.
public struct IssueDraft: Codable, Equatable, Sendable {
    public var title: String
    public var body: String

    public init(title: String = "", body: String = "") {
        self.title = title
        self.body = body
    }

    public var isEmpty: Bool { title.isEmpty && body.isEmpty }
}

/// Drafts are the person's own writing, so they live under XDG_DATA_HOME (not the cache, which "Clear cache"
/// empties): one small JSON file per repository, replaced atomically on each change.
@MainActor
public final class DraftStore {
    public let directory: URL
    private var writes: Task<Void, Never>?

    public init(directory: URL) {
        self.directory = directory
    }

    public func draft(for repo: RepositoryID) -> IssueDraft {
        guard let data = try? Data(contentsOf: file(for: repo)),
              let draft = try? JSONDecoder().decode(IssueDraft.self, from: data) else { return IssueDraft() }
        return draft
    }

    /// Saves in order, off the main thread; the latest call wins.
    public func save(_ draft: IssueDraft, for repo: RepositoryID) {
        let file = file(for: repo)
        let directory = directory
        let previous = writes
        writes = Task.detached(priority: .utility) {
            await previous?.value
            if draft.isEmpty {
                try? FileManager.default.removeItem(at: file)
                return
            }
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? JSONEncoder().encode(draft).write(to: file, options: .atomic)
        }
    }

    public func clear(for repo: RepositoryID) {
        save(IssueDraft(), for: repo)
    }

    /// Waits for queued writes (before quitting, and in tests).
    public func flush() async {
        await writes?.value
    }

    private func file(for repo: RepositoryID) -> URL {
        let name = "\(repo.owner)__\(repo.name)".map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" }
        return directory.appendingPathComponent(String(name) + ".json")
    }
}
