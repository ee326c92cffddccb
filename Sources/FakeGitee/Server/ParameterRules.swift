import Foundation
import GiteeKit

/// The allowed values of each query parameter, for the v5 routes FakeGitee serves, as Gitee's published description
/// (`../shared/gitee/spec`, OpenAPI `enum` and `maximum`) lists them. The real site refuses anything else with 400
/// (its v5 API is a Grape API: `{"message": "<name> does not have a valid value"}`), so FakeGitee does too: a client
/// that sends `state=merged` to issues or `per_page=500` finds out here, not on gitee.com.
/// `SpecConformanceTests.testParameterRulesMatchThePublishedDescription` checks this table against the spec file.
public enum ParameterRules {
    /// Route pattern (as registered with the router) -> parameter -> allowed values.
    public static let allowedValues: [String: [String: [String]]] = [
        "/api/v5/notifications/threads": ["type": ["all", "event", "referer"]],
        "/api/v5/orgs/:org/members": ["role": ["all", "admin", "member"]],
        "/api/v5/orgs/:org/repos": ["type": ["all", "public", "private"]],
        "/api/v5/repos/:owner/:repo/branches": ["sort": ["name", "updated"], "direction": ["asc", "desc"]],
        "/api/v5/repos/:owner/:repo/commits/:ref/check-runs": ["status": ["expected", "queued", "in_progress", "completed"],
                                                               "filter": ["all", "latest"]],
        "/api/v5/repos/:owner/:repo/forks": ["sort": ["newest", "oldest", "stargazers"]],
        "/api/v5/repos/:owner/:repo/contributors": ["type": ["authors", "committers"]],
        "/api/v5/repos/:owner/:repo/tags": ["sort": ["name", "updated"], "direction": ["asc", "desc"]],
        "/api/v5/repos/:owner/:repo/issues": ["state": ["open", "progressing", "closed", "rejected", "all"],
                                              "sort": ["created", "updated"], "direction": ["asc", "desc"]],
        "/api/v5/repos/:owner/:repo/releases": ["direction": ["asc", "desc"]],
        "/api/v5/repos/:owner/:repo/releases/:release_id/attach_files": ["direction": ["asc", "desc"]],
        "/api/v5/repos/:owner/:repo/pulls": ["state": ["open", "closed", "merged", "all"],
                                             "sort": ["created", "updated", "popularity", "long-running"],
                                             "direction": ["asc", "desc"]],
        "/api/v5/repos/:owner/:repo/pulls/:number/comments": ["direction": ["asc", "desc"],
                                                              "comment_type": ["diff_comment", "pr_comment"]],
        "/api/v5/search/repositories": ["sort": ["last_push_at", "stars_count", "forks_count", "watches_count"],
                                        "order": ["asc", "desc"], "language": searchLanguages],
        "/api/v5/search/users": ["sort": ["joined_at"], "order": ["asc", "desc"]],
        "/api/v5/search/issues": ["state": ["open", "progressing", "closed", "rejected"],
                                  "sort": ["created_at", "updated_at", "notes_count"], "order": ["asc", "desc"],
                                  "language": searchLanguages],
        "/api/v5/user/repos": ["visibility": ["private", "public", "all"],
                               "type": ["all", "owner", "personal", "member", "public", "private"],
                               "sort": ["created", "updated", "pushed", "full_name"], "direction": ["asc", "desc"]],
        "/api/v5/user/starred": ["sort": ["created", "last_push"], "direction": ["asc", "desc"]],
        "/api/v5/user/subscriptions": ["sort": ["created", "last_push"], "direction": ["asc", "desc"]],
        "/api/v5/users/:login/repos": ["type": ["all", "owner", "personal", "member"],
                                       "sort": ["created", "updated", "pushed", "full_name"], "direction": ["asc", "desc"]],
        "/api/v5/users/:login/starred": ["sort": ["created", "last_push"], "direction": ["asc", "desc"]],
        "/api/v5/users/:login/subscriptions": ["sort": ["created", "last_push"], "direction": ["asc", "desc"]],
    ]

    /// The `language` enum of `/search/repositories`, transcribed once from the spec into GiteeKit.
    public static let searchLanguages = Language.searchLanguages.map(\.name)

    /// `per_page` is 1...100 on every v5 list (spec: `minimum: 1, maximum: 100`, "每页的数量，最大为 100").
    public static let perPageRange = 1...100

    /// The refusal for `request` on the route `pattern`, or `nil` when every parameter is allowed.
    static func refusal(for request: FakeRequest, pattern: String) -> FakeResponse? {
        guard request.segments.starts(with: ["api", "v5"]) else { return nil }
        if let text = request.query["per_page"] {
            guard let value = Int(text), perPageRange.contains(value) else {
                return .error(400, "per_page does not have a valid value")
            }
        }
        if let text = request.query["page"], (Int(text) ?? 0) < 1 {
            return .error(400, "page is invalid")
        }
        for (name, allowed) in allowedValues[pattern] ?? [:] {
            if let value = request.query[name], !allowed.contains(value) {
                return .error(400, "\(name) does not have a valid value")
            }
        }
        return nil
    }
}
