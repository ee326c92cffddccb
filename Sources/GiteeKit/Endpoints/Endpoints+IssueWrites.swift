/// Writes on issues (from the published description, `gitee/spec/`): an issue's state, and its comments.
extension Endpoints {
    /// The states the update call accepts (`rejected` is shown, never set: the description does not list it).
    public enum SettableIssueState: String, Sendable, CaseIterable { case open, progressing, closed }

    /// `PATCH /repos/{owner}/issues/{number}` with the repository in the body (Gitee's shape, as for create). Answers
    /// 200 with the issue.
    public static func setIssueState(owner: String, repo: String, number: String,
                                     to state: SettableIssueState) -> Endpoint<Issue> {
        Endpoint(.patch, .v5, path: path("repos", owner, "issues", number),
                 form: [QueryItem("repo", repo), QueryItem("state", state.rawValue)], requiresAuth: true)
    }

    /// `POST /repos/{owner}/{repo}/issues/{number}/comments` (`body` required). Answers 201 with the comment.
    public static func commentOnIssue(owner: String, repo: String, number: String, body: String) -> Endpoint<Comment> {
        Endpoint(.post, .v5, path: path("repos", owner, repo, "issues", number, "comments"),
                 form: [QueryItem("body", body)], requiresAuth: true)
    }

    /// `GET /repos/{owner}/{repo}/labels`: the project's labels (not paged in the published description).
    public static func labels(owner: String, repo: String) -> Endpoint<[Issue.Label]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "labels"))
    }

    /// `PATCH /repos/{owner}/issues/{number}` with `repo` and `labels` (names, comma-separated) in the body. Answers
    /// 200 with the issue. To remove the last one, `clearIssueLabels`.
    public static func setIssueLabels(owner: String, repo: String, number: String, labels: [String]) -> Endpoint<Issue> {
        Endpoint(.patch, .v5, path: path("repos", owner, "issues", number),
                 form: [QueryItem("repo", repo), QueryItem("labels", labels.joined(separator: ","))], requiresAuth: true)
    }

    /// `DELETE /repos/{owner}/{repo}/issues/{number}/labels` (the description's "删除 Issue 所有标签"): removes every
    /// label. Answers 204. Used instead of an empty `labels` in the update, which the description does not say clears
    /// anything (a site that ignored it would leave the labels on while the app showed none).
    public static func clearIssueLabels(owner: String, repo: String, number: String) -> Endpoint<NoContent> {
        Endpoint(.delete, .v5, path: path("repos", owner, repo, "issues", number, "labels"), requiresAuth: true)
    }

    /// `GET /repos/{owner}/{repo}/collaborators` (paged): the people an issue can be assigned to.
    public static func collaborators(owner: String, repo: String, perPage: Int = 100) -> Endpoint<[User]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "collaborators"), paging: .numbered(perPage: perPage))
    }

    /// `GET /repos/{owner}/{repo}/milestones?state=open` (paged).
    public static func milestones(owner: String, repo: String, perPage: Int = 100) -> Endpoint<[Milestone]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "milestones"), query: [QueryItem("state", "open")],
                 paging: .numbered(perPage: perPage))
    }

    /// `PATCH /repos/{owner}/issues/{number}` with `repo` and `assignee` (a login; empty removes the assignee).
    public static func setIssueAssignee(owner: String, repo: String, number: String, login: String?) -> Endpoint<Issue> {
        Endpoint(.patch, .v5, path: path("repos", owner, "issues", number),
                 form: [QueryItem("repo", repo), QueryItem("assignee", login ?? "")], requiresAuth: true)
    }

    /// `PATCH /repos/{owner}/issues/{number}` with `repo` and `milestone` (the milestone's number; 0 removes it).
    public static func setIssueMilestone(owner: String, repo: String, number: String, milestone: Int?) -> Endpoint<Issue> {
        Endpoint(.patch, .v5, path: path("repos", owner, "issues", number),
                 form: [QueryItem("repo", repo), QueryItem("milestone", "\(milestone ?? 0)")], requiresAuth: true)
    }

    /// `PATCH /repos/{owner}/issues/{number}` with `repo`, `title` and `body` (the issue's text).
    public static func editIssue(owner: String, repo: String, number: String, title: String, body: String) -> Endpoint<Issue> {
        Endpoint(.patch, .v5, path: path("repos", owner, "issues", number),
                 form: [QueryItem("repo", repo), QueryItem("title", title), QueryItem("body", body)], requiresAuth: true)
    }
}
