import Foundation

/// Forking a project, creating a branch, comparing two refs and opening a pull request (issue 25, issue 27's "commit
/// to a new branch"). Fields as the published description (`gitee/spec/`) names them.
extension Endpoints {
    /// `POST /repos/{o}/{r}/forks`: into the person's own space, or `organization` (its path); `name` and `path`
    /// default to the source's. Answers 201 with the new project (`fork: true`, `parent`).
    public static func fork(owner: String, repo: String, organization: String? = nil) -> Endpoint<Project> {
        var fields: [QueryItem] = []
        if let organization, !organization.isEmpty { fields.append(QueryItem("organization", organization)) }
        return Endpoint(.post, .v5, path: path("repos", owner, repo, "forks"), form: fields, requiresAuth: true)
    }

    /// `POST /repos/{o}/{r}/branches` with `refs` (the starting branch) and `branch_name`. Answers 201.
    public static func createBranch(owner: String, repo: String, name: String, from refs: String) -> Endpoint<Branch> {
        Endpoint(.post, .v5, path: path("repos", owner, repo, "branches"),
                 form: [QueryItem("refs", refs), QueryItem("branch_name", name)], requiresAuth: true)
    }

    /// `GET /repos/{o}/{r}/compare/{base}...{head}`: the commits on `head` that `base` lacks, and the changed files.
    public static func compare(owner: String, repo: String, base: String, head: String) -> Endpoint<Comparison> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "compare", "\(base)...\(head)"))
    }

    /// `POST /repos/{o}/{r}/pulls` (`title`, `head`, `base` required; `body`). `head` is `branch`, or
    /// `owner/repo:branch` (the description's `path_with_namespace:branch`) for a fork. Answers 201.
    public static func createPullRequest(owner: String, repo: String, title: String, head: String, base: String,
                                         body: String) -> Endpoint<PullRequest> {
        var fields = [QueryItem("title", title), QueryItem("head", head), QueryItem("base", base)]
        if !body.isEmpty { fields.append(QueryItem("body", body)) }
        return Endpoint(.post, .v5, path: path("repos", owner, repo, "pulls"), form: fields, requiresAuth: true)
    }

    /// The list's sort orders (the description's `sort` enum, the two the website offers).
    public enum PullRequestSort: String, Sendable, CaseIterable { case created, updated }

    /// `GET /repos/{o}/{r}/pulls` with the website's filters: state, sort, and `author` / `assignee` (a reviewer:
    /// the description's "评审者用户名") / `tester` ("测试者用户名"), logins.
    public static func pullRequests(owner: String, repo: String, state: PullRequestState, sort: PullRequestSort,
                                    author: String? = nil, assignee: String? = nil, head: String? = nil,
                                    tester: String? = nil,
                                    perPage: Int = defaultPageSize) -> Endpoint<[PullRequest]> {
        var query = [QueryItem("state", state.rawValue), QueryItem("sort", sort.rawValue), QueryItem("direction", "desc")]
        if let author, !author.isEmpty { query.append(QueryItem("author", author)) }
        if let assignee, !assignee.isEmpty { query.append(QueryItem("assignee", assignee)) }
        if let head, !head.isEmpty { query.append(QueryItem("head", head)) }
        if let tester, !tester.isEmpty { query.append(QueryItem("tester", tester)) }
        return Endpoint(.get, .v5, path: path("repos", owner, repo, "pulls"), query: query, paging: .numbered(perPage: perPage))
    }
}
