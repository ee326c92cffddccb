import GiteeKit

/// New line comments that waited in the outbox (docs/WRITES.md): settled as a general comment is, on their line.
extension Outbox {
    /// Done when the pull request's newest comments hold one by `login` with exactly this text on this file, newer
    /// than the newest the person saw.
    static func settleLineComment(_ entry: OutboxEntry, client: GiteeClient, login: String) async throws -> Settled {
        let comment = try lineComment(entry)
        let seen = Int(entry.seen) ?? 0
        let newest = try await client.lastPage(Endpoints.pullRequestComments(owner: entry.repo.owner, repo: entry.repo.name,
                                                                             number: try pullNumber(entry), perPage: 100))
        let there = newest.contains {
            $0.id > seen && $0.author?.login == login && $0.body == comment.body && $0.path == comment.path
        }
        return there ? .done : .notDone
    }

    static func sendLineComment(_ entry: OutboxEntry, client: GiteeClient) async throws {
        let comment = try lineComment(entry)
        let place = Endpoints.DiffPosition(path: comment.path, position: comment.position, commitID: comment.commitID)
        _ = try await client.send(Endpoints.commentOnPullRequest(owner: entry.repo.owner, repo: entry.repo.name,
                                                                 number: try pullNumber(entry), body: comment.body,
                                                                 at: place))
    }

    private static func lineComment(_ entry: OutboxEntry) throws -> OutboxEntry.LineComment {
        guard let comment = entry.lineComment else { throw GiteeError.validation(tr("this change could not be read back")) }
        return comment
    }
}
