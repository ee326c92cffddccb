/// One entry of an activity feed. The payload differs per type; it is kept as `JSONValue` with typed accessors, so an
/// event type nobody has seen before still decodes (and the UI shows a generic sentence).
public struct Event: Sendable, Hashable, Identifiable, Codable, PagedByID {
    public var id: Int
    /// Gitee's type name ("PushEvent", "IssueEvent", ...), kept verbatim.
    public var type: String
    public var actor: User?
    public var repo: RepositoryReference?
    public var isPublic: Bool
    public var createdAt: Timestamp?
    public var payload: JSONValue

    /// The short form of a project inside an event (`ProjectMini`).
    public struct RepositoryReference: Sendable, Hashable, Decodable {
        public var id: Int
        public var fullName: String
        public var humanName: String?
        enum CodingKeys: String, CodingKey { case id, fullName = "full_name", humanName = "human_name", name, path }
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = c.value(.id, or: 0)
            fullName = c.text(.fullName) ?? c.text(.path) ?? c.value(.name, or: "")
            humanName = c.text(.humanName)
        }
    }

    public enum Kind: Sendable, Hashable {
        case push, issue, issueComment, pullRequest, fork, star, watch, create, delete, member, commitComment
        case unknown(String)
    }

    enum CodingKeys: String, CodingKey { case id, type, actor, repo, isPublic = "public", createdAt = "created_at", payload }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        type = c.value(.type, or: "")
        actor = c.optional(.actor)
        repo = c.optional(.repo)
        isPublic = c.value(.isPublic, or: true)
        createdAt = c.optional(.createdAt)
        payload = c.value(.payload, or: JSONValue.null)
    }

    public var kind: Kind {
        switch type {
        case "PushEvent": return .push
        case "IssueEvent", "IssuesEvent": return .issue
        case "IssueCommentEvent", "NoteEvent": return .issueComment
        case "PullRequestEvent": return .pullRequest
        case "ForkEvent": return .fork
        case "StarEvent": return .star
        case "WatchEvent": return .watch
        case "CreateEvent": return .create
        case "DeleteEvent": return .delete
        case "MemberEvent": return .member
        case "CommitCommentEvent": return .commitComment
        default: return .unknown(type)
        }
    }

    // Typed views of the common payload members.

    /// "refs/heads/master" -> "master".
    public var branch: String? {
        guard let ref = payload["ref"]?.stringValue else { return nil }
        return ref.hasPrefix("refs/heads/") ? String(ref.dropFirst("refs/heads/".count)) : ref
    }
    /// Pushed commits as (sha, first line of message), oldest first as Gitee lists them.
    public var commits: [(sha: String, message: String)] {
        (payload["commits"]?.arrayValue ?? []).map {
            ($0["sha"]?.stringValue ?? "", ($0["message"]?.stringValue ?? "").split(separator: "\n").first.map(String.init) ?? "")
        }
    }
    /// Number of commits in a push (may exceed `commits.count`).
    public var pushSize: Int { payload["size"]?.intValue ?? commits.count }
    /// "opened", "closed", "reopened", "created", "merged", ...
    public var action: String? { payload["action"]?.stringValue }
    public var issueTitle: String? { payload["issue"]?["title"]?.stringValue ?? payload["title"]?.stringValue }
    public var issueNumber: String? { payload["issue"]?["number"]?.stringValue ?? payload["number"]?.stringValue }
    public var commentBody: String? { payload["comment"]?["body"]?.stringValue }
    public var forkFullName: String? { payload["forkee"]?["full_name"]?.stringValue }
}
