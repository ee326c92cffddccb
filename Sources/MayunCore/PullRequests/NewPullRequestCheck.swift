import GiteeKit

/// Whether a new pull request exists after all, asked when its answer was lost or before the outbox sends it
/// (docs/WRITES.md): the target's open pull requests from this head branch hold one into this base, opened by
/// `login`, from this head project (when the answer names it).
enum NewPullRequestCheck {
    static func find(headRepo: String, headBranch: String, base: String, in target: RepositoryID, by login: String,
                     client: GiteeClient) async throws -> PullRequest? {
        let open = try await client.send(Endpoints.pullRequests(owner: target.owner, repo: target.name, state: .open,
                                                                sort: .created, head: headBranch))
        return open.first {
            $0.head.ref == headBranch && $0.base.ref == base && $0.author?.login == login
                && ($0.head.repositoryFullName.map { $0.lowercased() == headRepo.lowercased() } ?? true)
        }
    }

    static func find(_ sent: OutboxEntry.NewPullRequest, in target: RepositoryID, by login: String,
                     client: GiteeClient) async throws -> PullRequest? {
        try await find(headRepo: sent.headRepo, headBranch: sent.headBranch, base: sent.base, in: target, by: login,
                       client: client)
    }
}
