import Foundation
import GiteeKit

/// The checks of file writes whose answer was lost (`SettledWrite`, docs/WRITES.md): the file at its path on its
/// branch, read as the server has it now, says whether the write was done. The answer the check gives in place of
/// the lost one is the file it read (the pages use nothing else of a commit's answer).
@MainActor
enum FileWriteCheck {
    /// A commit of an edit, a new file or an upload: done when the file holds exactly `bytes`, and (an edit or an
    /// upload over a file) no longer has the sha it was written over: the same bytes under that sha are the old file.
    static func holds(_ bytes: Data, repo: RepositoryID, path: String, branch: String?, over baseSHA: String? = nil,
                      client: GiteeClient) async throws -> CommitContent? {
        let current = try await read(repo: repo, path: path, branch: branch, client: client)
        guard let current, current.decodedData == bytes, baseSHA == nil || current.sha != baseSHA else { return nil }
        return CommitContent(content: current)
    }

    /// A deletion: done when the branch has no file at the path any more.
    static func gone(repo: RepositoryID, path: String, branch: String?, client: GiteeClient) async throws -> CommitContent? {
        try await read(repo: repo, path: path, branch: branch, client: client) == nil ? CommitContent(content: nil) : nil
    }

    /// The file, or nil when the path holds none (Gitee's 200 `[]`); a failure, a 404 of the project among them, is
    /// thrown, so nothing is claimed either way.
    static func read(repo: RepositoryID, path: String, branch: String?, client: GiteeClient) async throws -> Content? {
        let present = try await client.send(Endpoints.fileIfPresent(owner: repo.owner, repo: repo.name, path: path, ref: branch))
        return present.file?.sha == nil ? nil : present.file
    }
}
