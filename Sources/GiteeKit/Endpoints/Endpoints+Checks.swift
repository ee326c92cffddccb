import Foundation

/// Check runs (the description's "Checks" tag): the runs of a commit, one run, one run's annotations. Read-only.
extension Endpoints {
    /// Runs asked per commit: one page of the description's maximum. A commit with more runs than this shows the first
    /// hundred (`filter=latest`, the description's default, keeps only each check's latest run).
    public static let checkRunsPerCommit = 100

    /// `GET /repos/{o}/{r}/commits/{ref}/check-runs?filter=latest&page=1&per_page=100`. `ref` is a sha, a branch or a
    /// tag. The answer's shape is read tolerantly (`CheckRunList`).
    public static func checkRuns(owner: String, repo: String, ref: String) -> Endpoint<CheckRunList> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "commits", ref, "check-runs"),
                 query: [QueryItem("filter", "latest"), QueryItem("page", "1"),
                         QueryItem("per_page", "\(checkRunsPerCommit)")])
    }

    /// `GET /repos/{o}/{r}/check-runs/{id}`.
    public static func checkRun(owner: String, repo: String, id: Int) -> Endpoint<CheckRun> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "check-runs", String(id)))
    }

    /// `GET /repos/{o}/{r}/check-runs/{id}/annotations?page=1&per_page=100`: one page of the description's maximum
    /// (`CheckAnnotationList` keeps at most 500 whatever comes).
    public static func checkAnnotations(owner: String, repo: String, id: Int) -> Endpoint<CheckAnnotationList> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "check-runs", String(id), "annotations"),
                 query: [QueryItem("page", "1"), QueryItem("per_page", "100")])
    }
}
