extension Endpoints {
    // MARK: Me

    public static func me() -> Endpoint<User> {
        Endpoint(.get, .v5, path: "/user", requiresAuth: true)
    }
    public static func myProjects(perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        Endpoint(.get, .v5, path: "/user/repos", query: [QueryItem("sort", "pushed")], requiresAuth: true,
                 paging: .numbered(perPage: perPage))
    }
    public static func myStarred(perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        Endpoint(.get, .v5, path: "/user/starred", requiresAuth: true, paging: .numbered(perPage: perPage))
    }
    public static func myWatched(perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        Endpoint(.get, .v5, path: "/user/subscriptions", requiresAuth: true, paging: .numbered(perPage: perPage))
    }

    // MARK: Any user (public: the same answer for everyone, no token, a 401 never touches the login)

    public static func user(_ login: String) -> Endpoint<User> {
        Endpoint(.get, .v5, path: path("users", login), isPublic: true)
    }
    public static func userProjects(_ login: String, perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        Endpoint(.get, .v5, path: path("users", login, "repos"), query: [QueryItem("sort", "pushed")], isPublic: true,
                 paging: .numbered(perPage: perPage))
    }
    /// Newer Gitee pages these by `prev_id` + `limit`.
    public static func userStarred(_ login: String, limit: Int = defaultPageSize) -> Endpoint<[Project]> {
        Endpoint(.get, .v5, path: path("users", login, "starred"), isPublic: true, paging: .afterID(limit: limit))
    }
    public static func userWatched(_ login: String, limit: Int = defaultPageSize) -> Endpoint<[Project]> {
        Endpoint(.get, .v5, path: path("users", login, "subscriptions"), isPublic: true, paging: .afterID(limit: limit))
    }
    public static func userEvents(_ login: String, limit: Int = defaultPageSize) -> Endpoint<[Event]> {
        Endpoint(.get, .v5, path: path("users", login, "events"), isPublic: true, paging: .afterID(limit: limit))
    }
    /// The feed of people and projects `login` follows (the logged-in user's "news").
    public static func receivedEvents(_ login: String, limit: Int = defaultPageSize) -> Endpoint<[Event]> {
        Endpoint(.get, .v5, path: path("users", login, "received_events"), requiresAuth: true,
                 paging: .afterID(limit: limit))
    }
    /// An organisation's projects (`/users/{org}/repos` answers too on Gitee, but this is the documented call).
    /// Logged in, it carries the token and asks for `type=all`, so a member also sees the organisation's private
    /// projects (GITEE-API.md, "Organisations"); logged out it is a public call like any other.
    public static func organizationProjects(_ org: String, loggedIn: Bool = false,
                                            perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        loggedIn
            ? Endpoint(.get, .v5, path: path("orgs", org, "repos"), query: [QueryItem("type", "all")],
                       paging: .numbered(perPage: perPage))
            : Endpoint(.get, .v5, path: path("orgs", org, "repos"), isPublic: true, paging: .numbered(perPage: perPage))
    }

    // MARK: Issues

    /// The `state` filter of an issue list, as the published description lists it: the site's four states and `all`.
    /// It takes one value (so "open and progressing" is two lists: `MayunCore.IssueFilter.unfinished`).
    public enum IssueState: String, Sendable, CaseIterable { case open, progressing, closed, rejected, all }
    /// The list's `sort` (published values): by creation or by last update.
    public enum IssueSort: String, Sendable, CaseIterable { case created, updated }

    /// `labels`: names, comma-separated on the wire (the published description's `labels`, e.g. "bug,performance").
    /// `assignee`: a login (the published description also names "none" and "*"); `milestone`: a milestone's title;
    /// `sort`: `created` or `updated`, newest first.
    public static func issues(owner: String, repo: String, state: IssueState = .open, labels: [String] = [],
                              assignee: String? = nil, milestone: String? = nil, sort: IssueSort = .created,
                              perPage: Int = defaultPageSize) -> Endpoint<[Issue]> {
        var query = [QueryItem("state", state.rawValue), QueryItem("sort", sort.rawValue), QueryItem("direction", "desc")]
        if !labels.isEmpty { query.append(QueryItem("labels", labels.joined(separator: ","))) }
        if let assignee { query.append(QueryItem("assignee", assignee)) }
        if let milestone { query.append(QueryItem("milestone", milestone)) }
        return Endpoint(.get, .v5, path: path("repos", owner, repo, "issues"), query: query,
                        paging: .numbered(perPage: perPage))
    }
    public static func issue(owner: String, repo: String, number: String) -> Endpoint<Issue> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "issues", number))
    }
    public static func issueComments(owner: String, repo: String, number: String, perPage: Int = defaultPageSize) -> Endpoint<[Comment]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "issues", number, "comments"),
                 paging: .numbered(perPage: perPage))
    }
    /// `POST /repos/{owner}/issues` with the repository in the body (Gitee's shape). Answers 201 with the issue.
    /// Members may also set `labels` (names, comma-separated), `assignee` (a login) and `milestone` (its number).
    public static func createIssue(owner: String, repo: String, title: String, body: String?, labels: [String] = [],
                                   assignee: String? = nil, milestone: Int? = nil) -> Endpoint<Issue> {
        var form = [QueryItem("repo", repo), QueryItem("title", title)]
        if let body, !body.isEmpty { form.append(QueryItem("body", body)) }
        if !labels.isEmpty { form.append(QueryItem("labels", labels.joined(separator: ","))) }
        if let assignee, !assignee.isEmpty { form.append(QueryItem("assignee", assignee)) }
        if let milestone { form.append(QueryItem("milestone", String(milestone))) }
        return Endpoint(.post, .v5, path: path("repos", owner, "issues"), form: form, requiresAuth: true)
    }

    // MARK: OAuth (sent by `GiteeClient.logIn`, not by hand: these bodies carry secrets)

    static func passwordGrant(username: String, password: String, client: OAuthClient) -> Endpoint<Token> {
        Endpoint(.post, .root, path: "/oauth/token", form: [
            QueryItem("grant_type", "password"), QueryItem("username", username), QueryItem("password", password),
            QueryItem("client_id", client.id), QueryItem("client_secret", client.secret), QueryItem("scope", client.scope),
        ])
    }
    /// Gitee's documented refresh: `POST /oauth/token?grant_type=refresh_token&refresh_token=...`. The registered
    /// application's `client_id`/`client_secret` go in the form body when one is configured (Gitee's OAuth server, like
    /// any Doorkeeper, checks them when sent and may require them for a confidential application). The query carries a
    /// single-use secret, so this request is never logged with its query and never cached (POST).
    static func refreshGrant(refreshToken: String, client: OAuthClient?) -> Endpoint<Token> {
        var form: [QueryItem] = []
        if let client, !client.id.isEmpty {
            form = [QueryItem("client_id", client.id)]
            if !client.secret.isEmpty { form.append(QueryItem("client_secret", client.secret)) }
        }
        return Endpoint(.post, .root, path: "/oauth/token",
                        query: [QueryItem("grant_type", "refresh_token"), QueryItem("refresh_token", refreshToken)], form: form)
    }
}
