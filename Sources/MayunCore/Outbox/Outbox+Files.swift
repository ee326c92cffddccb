import Foundation
import GiteeKit

/// File commits (edits and new files) that waited in the outbox (docs/WRITES.md): settled from the file at its path,
/// as a lost answer is.
extension Outbox {
    /// Done when the file holds the commit's bytes (and, an edit, no longer the sha it was edited from); to send when
    /// the file is still the one it was edited from (a new file: when the path is still free); the person's to decide
    /// when it changed, went or was taken meanwhile (never written over: Cancel puts the text back in the editor's
    /// draft, where an edit meets the newer file as a conflict).
    ///
    /// A commit to a new branch is to send while the branch is not there; once it is (made by this row before its
    /// answer was lost, or by someone else), it is settled on that branch as an edit is, and a branch whose file is
    /// not the one edited from is someone else's.
    static func settleFileCommit(_ entry: OutboxEntry, client: GiteeClient) async throws -> Settled {
        let commit = try fileCommit(entry)
        if commit.branchFrom != nil, try await !branchExists(commit, in: entry.repo, client: client) { return .notDone }
        if try await FileWriteCheck.holds(commit.content, repo: entry.repo, path: commit.path, branch: commit.branch,
                                          over: commit.isNewFile ? nil : commit.baseSHA, client: client) != nil {
            return .done
        }
        let current = try await FileWriteCheck.read(repo: entry.repo, path: commit.path, branch: commit.branch,
                                                    client: client)
        if commit.isNewFile {
            return current?.sha == nil ? .notDone : .conflict(tr("a file with this name was added meanwhile"))
        }
        if commit.branchFrom != nil, current?.sha != commit.baseSHA {
            return .conflict(tr("a branch with this name was made meanwhile"))
        }
        guard let sha = current?.sha else { return .conflict(tr("the file was deleted meanwhile")) }
        return sha == commit.baseSHA ? .notDone : .conflict(tr("the file was changed meanwhile"))
    }

    static func sendFileCommit(_ entry: OutboxEntry, client: GiteeClient) async throws {
        let commit = try fileCommit(entry)
        let (owner, name) = (entry.repo.owner, entry.repo.name)
        if let from = commit.branchFrom, let branch = commit.branch,
           try await !branchExists(commit, in: entry.repo, client: client) {
            let source = try await FileEditorViewModel.startingBranch(from, of: entry.repo, client: client)
            _ = try await client.send(Endpoints.createBranch(owner: owner, repo: name, name: branch, from: source))
        }
        if commit.isNewFile {
            _ = try await client.send(Endpoints.createFile(owner: owner, repo: name, path: commit.path,
                                                           content: commit.content, message: commit.message,
                                                           branch: commit.branch))
        } else {
            _ = try await client.send(Endpoints.updateFile(owner: owner, repo: name, path: commit.path,
                                                           content: commit.content, sha: commit.baseSHA,
                                                           message: commit.message, branch: commit.branch))
        }
    }

    /// A deletion: done when the path holds no file; to send while the file still is the version the person deleted
    /// (`seen`, its blob sha); the person's to decide when it changed meanwhile (never deleted unseen).
    static func settleFileDeletion(_ entry: OutboxEntry, client: GiteeClient) async throws -> Settled {
        let removal = try fileRemoval(entry)
        guard let current = try await FileWriteCheck.read(repo: entry.repo, path: removal.path, branch: removal.branch,
                                                          client: client) else { return .done }
        return current.sha == entry.seen ? .notDone : .conflict(tr("the file was changed meanwhile"))
    }

    static func sendFileDeletion(_ entry: OutboxEntry, client: GiteeClient) async throws {
        let removal = try fileRemoval(entry)
        _ = try await client.send(Endpoints.deleteFile(owner: entry.repo.owner, repo: entry.repo.name, path: removal.path,
                                                       sha: entry.seen, message: removal.message, branch: removal.branch))
    }

    private static func fileRemoval(_ entry: OutboxEntry) throws -> OutboxEntry.FileRemoval {
        guard let removal = OutboxEntry.FileRemoval.read(entry.payload) else {
            throw GiteeError.validation(tr("this change could not be read back"))
        }
        return removal
    }

    private static func branchExists(_ commit: OutboxEntry.FileCommit, in repo: RepositoryID,
                                     client: GiteeClient) async throws -> Bool {
        try await client.send(Endpoints.branches(owner: repo.owner, repo: repo.name)).contains { $0.name == commit.branch }
    }

    private static func fileCommit(_ entry: OutboxEntry) throws -> OutboxEntry.FileCommit {
        guard let commit = entry.fileCommit else { throw GiteeError.validation(tr("this change could not be read back")) }
        return commit
    }
}
