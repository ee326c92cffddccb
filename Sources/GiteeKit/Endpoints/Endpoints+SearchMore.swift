// Search for people and issues (issue 28), beside `search(_:)` for projects. Parameters are the published
// description's (`/v5/search/users`, `/v5/search/issues`); `q` is required by both.
extension Endpoints {
    /// How people results are ordered: the server's best match, or by when they joined.
    public enum PeopleSearchSort: String, Sendable, CaseIterable { case bestMatch, newest, oldest }

    /// `GET /search/users?q=` (`sort=joined_at`, `order` asc|desc), page-based. Public: the same for everyone.
    public static func searchUsers(_ text: String, sort: PeopleSearchSort = .bestMatch,
                                   perPage: Int = defaultPageSize) -> Endpoint<[User]> {
        var query = [QueryItem("q", text)]
        if sort != .bestMatch { query += [QueryItem("sort", "joined_at"), QueryItem("order", sort == .newest ? "desc" : "asc")] }
        return Endpoint(.get, .v5, path: "/search/users", query: query, isPublic: true, paging: .numbered(perPage: perPage))
    }

    /// The states `/search/issues` filters by (nil: any state); the spec's `enum`.
    public enum IssueSearchState: String, Sendable, CaseIterable { case open, progressing, closed, rejected }
    /// How issue results are ordered (`sort` created_at|updated_at|notes_count, newest or most first).
    public enum IssueSearchSort: String, Sendable, CaseIterable {
        case bestMatch, created = "created_at", updated = "updated_at", comments = "notes_count"
    }

    /// `GET /search/issues?q=&repo=&state=&label=&assignee=&sort=&order=`, page-based. It carries the token when
    /// logged in: issues of a private project the person may see are theirs to find. `repo` (`owner/path`) keeps
    /// the search inside one project.
    public static func searchIssues(_ text: String, state: IssueSearchState? = nil, sort: IssueSearchSort = .bestMatch,
                                    repo: String? = nil, label: String? = nil, assignee: String? = nil,
                                    perPage: Int = defaultPageSize) -> Endpoint<[Issue]> {
        var query = [QueryItem("q", text)]
        if let repo, !repo.isEmpty { query.append(QueryItem("repo", repo)) }
        if let label, !label.isEmpty { query.append(QueryItem("label", label)) }
        if let assignee, !assignee.isEmpty { query.append(QueryItem("assignee", assignee)) }
        if let state { query.append(QueryItem("state", state.rawValue)) }
        if sort != .bestMatch { query += [QueryItem("sort", sort.rawValue), QueryItem("order", "desc")] }
        return Endpoint(.get, .v5, path: "/search/issues", query: query, paging: .numbered(perPage: perPage))
    }
}
