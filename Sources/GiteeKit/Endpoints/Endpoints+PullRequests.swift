import Foundation

extension Endpoints {
    /// The `state` filter of `GET /repos/{o}/{r}/pulls` (the spec's enum).
    public enum PullRequestState: String, Sendable, CaseIterable { case open, merged, closed, all }

    /// `GET /repos/{o}/{r}/pulls?state=`, newest first, page-based.
    public static func pullRequests(owner: String, repo: String, state: PullRequestState = .open,
                                    perPage: Int = defaultPageSize) -> Endpoint<[PullRequest]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "pulls"),
                 query: [QueryItem("state", state.rawValue), QueryItem("sort", "created"), QueryItem("direction", "desc")],
                 paging: .numbered(perPage: perPage))
    }

    /// `GET /repos/{o}/{r}/pulls/{number}`.
    public static func pullRequest(owner: String, repo: String, number: Int) -> Endpoint<PullRequest> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "pulls", String(number)))
    }

    /// `GET .../pulls/{number}/comments`, page-based.
    public static func pullRequestComments(owner: String, repo: String, number: Int,
                                           perPage: Int = defaultPageSize) -> Endpoint<[PullRequestComment]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "pulls", String(number), "comments"),
                 paging: .numbered(perPage: perPage))
    }

    /// `GET .../pulls/{number}/commits`: every commit in one answer (Gitee caps it at 250).
    public static func pullRequestCommits(owner: String, repo: String, number: Int) -> Endpoint<[Commit]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "pulls", String(number), "commits"))
    }

    /// `GET .../pulls/{number}/files`: changed files with patches in one answer (Gitee caps it at 300).
    public static func pullRequestFiles(owner: String, repo: String, number: Int) -> Endpoint<[PullRequestFile]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "pulls", String(number), "files"))
    }
}
