/// Someone who committed to a project (`GET /repos/{o}/{r}/contributors`): a name and e-mail from the commits, no
/// Gitee account (the spec's `Contributor` has no login), and how many commits.
public struct Contributor: Sendable, Hashable, Codable {
    public var name: String
    public var email: String
    public var contributions: Int

    enum CodingKeys: String, CodingKey { case name, email, contributions }
}

extension Contributor {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = c.value(.name, or: "")
        email = c.value(.email, or: "")
        // An outside number: never negative.
        contributions = max(0, c.value(.contributions, or: 0))
    }
}

extension Endpoints {
    /// `GET .../stargazers`: people (the spec's `ProjectStargazers`, a user with `star_at`), page-based.
    public static func stargazers(owner: String, repo: String, perPage: Int = defaultPageSize) -> Endpoint<[User]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "stargazers"), paging: .numbered(perPage: perPage))
    }

    /// `GET .../subscribers`: the project's watchers (`ProjectWatchers`), page-based.
    public static func watchers(owner: String, repo: String, perPage: Int = defaultPageSize) -> Endpoint<[User]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "subscribers"), paging: .numbered(perPage: perPage))
    }

    /// `GET .../forks?sort=newest`, page-based.
    public static func forks(owner: String, repo: String, perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "forks"), query: [QueryItem("sort", "newest")],
                 paging: .numbered(perPage: perPage))
    }

    /// `GET .../contributors`: the spec gives it no `page`/`per_page`, so it is one answer (a single page).
    public static func contributors(owner: String, repo: String) -> Endpoint<[Contributor]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "contributors"), isShareable: true)
    }
}
