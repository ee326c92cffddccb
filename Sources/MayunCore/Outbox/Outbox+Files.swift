import Foundation
import GiteeKit

/// File commits that waited in the outbox (docs/WRITES.md): settled from the file at its path, as a lost answer is.
extension Outbox {
    /// Done when the file holds the commit's bytes (and no longer the sha it was edited from); to send when the file
    /// is still the one it was edited from; the person's to decide when it changed or went meanwhile (never written
    /// over: Cancel puts the text back in the editor's draft, where it meets the newer file as a conflict).
    static func settleFileCommit(_ entry: OutboxEntry, client: GiteeClient) async throws -> Settled {
        let commit = try fileCommit(entry)
        if try await FileWriteCheck.holds(commit.content, repo: entry.repo, path: commit.path, branch: commit.branch,
                                          over: commit.baseSHA, client: client) != nil {
            return .done
        }
        let current = try await FileWriteCheck.read(repo: entry.repo, path: commit.path, branch: commit.branch,
                                                    client: client)
        guard let sha = current?.sha else { return .conflict(tr("the file was deleted meanwhile")) }
        return sha == commit.baseSHA ? .notDone : .conflict(tr("the file was changed meanwhile"))
    }

    static func sendFileCommit(_ entry: OutboxEntry, client: GiteeClient) async throws {
        let commit = try fileCommit(entry)
        _ = try await client.send(Endpoints.updateFile(owner: entry.repo.owner, repo: entry.repo.name, path: commit.path,
                                                       content: commit.content, sha: commit.baseSHA,
                                                       message: commit.message, branch: commit.branch))
    }

    private static func fileCommit(_ entry: OutboxEntry) throws -> OutboxEntry.FileCommit {
        guard let commit = entry.fileCommit else { throw GiteeError.validation(tr("this change could not be read back")) }
        return commit
    }
}
