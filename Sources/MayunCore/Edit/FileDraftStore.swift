import Foundation
import GiteeKit

/// A file being edited and not yet committed: the editor's text and the blob sha it was written on (so a draft
/// restored after the file changed on the server commits as a conflict, never over the newer file silently).
public struct FileDraft: Codable, Equatable, Sendable {
    public var text: String
    public var baseSHA: String
    /// A new file's name as typed (its draft is kept per folder; nil for an existing file).
    public var name: String?
}

extension DraftStore {
    /// One draft per account, project, branch and path, in `files/` beside the issue drafts (same privacy, same
    /// coalesced off-main writes).
    public func fileDraft(account: String, repo: RepositoryID, branch: String, path: String) -> FileDraft? {
        guard let data = contents(of: fileDraftFile(account: account, repo: repo, branch: branch, path: path))
        else { return nil }
        return try? JSONDecoder().decode(FileDraft.self, from: data)
    }

    /// Saves the draft (nil removes it: committed, or back to the file's text).
    public func saveFileDraft(_ draft: FileDraft?, account: String, repo: RepositoryID, branch: String, path: String) {
        enqueue(draft.flatMap { try? JSONEncoder().encode($0) },
                to: fileDraftFile(account: account, repo: repo, branch: branch, path: path))
    }

    func fileDraftFile(account: String, repo: RepositoryID, branch: String, path: String) -> URL {
        var name = [account, repo.owner, repo.name, branch, path].map(Self.encode).joined(separator: "__")
        if name.utf8.count > 200 {
            name = String(name.prefix(120)) + "-" + Self.hash("\(account)\n\(repo.owner)/\(repo.name)\n\(branch)\n\(path)")
        }
        return directory.appendingPathComponent("files").appendingPathComponent(name + ".json")
    }
}
