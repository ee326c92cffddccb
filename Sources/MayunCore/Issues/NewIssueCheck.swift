import Foundation
import GiteeKit

/// Whether a new issue exists after all, asked when its answer was lost or before the outbox sends it
/// (docs/WRITES.md): the project's newest issues (first page, newest first, any state) hold one by `login` with
/// exactly this title, made since `since` (the caller allows a minute for the server's clock).
enum NewIssueCheck {
    static func find(title: String, in repo: RepositoryID, by login: String, since: Date,
                     client: GiteeClient) async throws -> Issue? {
        let newest = try await client.send(Endpoints.issues(owner: repo.owner, repo: repo.name, state: .all, sort: .created))
        return newest.first {
            $0.author?.login == login && $0.title == title && ($0.createdAt?.date ?? .distantPast) >= since
        }
    }
}
