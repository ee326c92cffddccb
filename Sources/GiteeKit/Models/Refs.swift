/// A tag of a repository (`GET /repos/{o}/{r}/tags`). The spec gives `commit` as a string; real answers send
/// `{sha, date}` (samples/tags.json): both are accepted.
public struct Tag: Sendable, Hashable, Codable {
    public var name: String
    public var message: String
    public var commitSHA: String
    /// The tagged commit's date (real answers only; the spec's shape has none).
    public var date: Timestamp?

    public init(name: String, message: String = "", commitSHA: String, date: Timestamp? = nil) {
        self.name = name
        self.message = message
        self.commitSHA = commitSHA
        self.date = date
    }

    enum CodingKeys: String, CodingKey { case name, message, commit }
    enum CommitKeys: String, CodingKey { case sha, date }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = c.value(.name, or: "")
        message = c.value(.message, or: "")
        if let commit = try? c.nestedContainer(keyedBy: CommitKeys.self, forKey: .commit) {
            commitSHA = commit.value(.sha, or: "")
            date = commit.optional(.date)
        } else {
            commitSHA = c.value(.commit, or: "")
            date = nil
        }
    }

    /// Written in the real answers' shape, so a saved copy decodes like a fresh one.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(message, forKey: .message)
        var commit = c.nestedContainer(keyedBy: CommitKeys.self, forKey: .commit)
        try commit.encode(commitSHA, forKey: .sha)
        try commit.encodeIfPresent(date, forKey: .date)
    }
}

extension Branch: Encodable {
    /// Written in the real answers' shape (`commit` an object with `sha`), so a saved copy decodes like a fresh one.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        var commit = c.nestedContainer(keyedBy: CommitKeys.self, forKey: .commit)
        try commit.encode(commitSHA, forKey: .sha)
        try c.encode(isProtected, forKey: .protected)
    }
}

extension Endpoints {
    /// `GET .../tags`, page-based (`page`/`per_page`), newest first (`sort=updated`, `direction=desc`: the spec's
    /// values).
    public static func tags(owner: String, repo: String, perPage: Int = defaultPageSize) -> Endpoint<[Tag]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "tags"),
                 query: [QueryItem("sort", "updated"), QueryItem("direction", "desc")],
                 paging: .numbered(perPage: perPage), isShareable: true)
    }
}
