/// Reviews and tests of pull requests (the published description, `gitee/spec/`): approving, passing the test, and
/// who is asked to do either.
extension Endpoints {
    /// Who a pull request asks: reviewers (`assignees`) or testers (`testers`); the same word is the path's last part
    /// and the field that names the people.
    public enum ReviewRole: String, Sendable, CaseIterable { case reviewers = "assignees", testers }

    /// `POST /repos/{owner}/{repo}/pulls/{number}/review`: the logged-in person approves (201, no body read).
    public static func approvePullRequest(owner: String, repo: String, number: Int) -> Endpoint<NoContent> {
        Endpoint(.post, .v5, path: path("repos", owner, repo, "pulls", String(number), "review"), form: [],
                 requiresAuth: true)
    }

    /// `POST /repos/{owner}/{repo}/pulls/{number}/test`: the logged-in person passes the test (201, no body read).
    public static func passPullRequestTest(owner: String, repo: String, number: Int) -> Endpoint<NoContent> {
        Endpoint(.post, .v5, path: path("repos", owner, repo, "pulls", String(number), "test"), form: [],
                 requiresAuth: true)
    }

    /// `POST .../pulls/{number}/assignees` or `.../testers` with the logins comma-separated (201 with the pull request).
    public static func assign(_ logins: [String], as role: ReviewRole, owner: String, repo: String,
                              number: Int) -> Endpoint<PullRequest> {
        Endpoint(.post, .v5, path: path("repos", owner, repo, "pulls", String(number), role.rawValue),
                 form: [QueryItem(role.rawValue, logins.joined(separator: ","))], requiresAuth: true)
    }

    /// `DELETE .../pulls/{number}/assignees` or `.../testers`, the logins in the query (200 with the pull request).
    public static func unassign(_ logins: [String], as role: ReviewRole, owner: String, repo: String,
                                number: Int) -> Endpoint<PullRequest> {
        Endpoint(.delete, .v5, path: path("repos", owner, repo, "pulls", String(number), role.rawValue),
                 query: [QueryItem(role.rawValue, logins.joined(separator: ","))], requiresAuth: true)
    }
}
