/// A branch and the commit at its tip.
public struct Branch: Sendable, Hashable, Decodable {
    public var name: String
    public var commitSHA: String
    public var isProtected: Bool

    enum CodingKeys: String, CodingKey { case name, commit, protected }
    enum CommitKeys: String, CodingKey { case sha }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = c.value(.name, or: "")
        // Real data: `commit` is an object (the spec says string); accept both.
        if let commit = try? c.nestedContainer(keyedBy: CommitKeys.self, forKey: .commit) {
            commitSHA = commit.value(.sha, or: "")
        } else {
            commitSHA = c.value(.commit, or: "")
        }
        isProtected = c.value(.protected, or: false)
    }
}

/// A commit from a list (`/commits`) or in detail (`/commits/{sha}`, with `files` and `stats`).
public struct Commit: Sendable, Hashable, Decodable {
    public var sha: String
    public var htmlURL: String?
    public var message: String
    public var authorName: String
    public var authorEmail: String?
    public var authoredAt: Timestamp?
    public var committerName: String?
    public var committedAt: Timestamp?
    /// The Gitee accounts behind author and committer, when the e-mail matches one.
    public var author: User?
    public var committer: User?
    public var parentSHAs: [String]
    public var stats: Stats?
    /// Changed files with their patches (detail only; empty in lists).
    public var files: [ChangedFile]

    public struct Stats: Sendable, Hashable, Codable {
        public var additions: Int
        public var deletions: Int
        public var total: Int
        enum CodingKeys: String, CodingKey { case additions, deletions, total }
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            additions = c.value(.additions, or: 0)
            deletions = c.value(.deletions, or: 0)
            total = c.value(.total, or: additions.saturatingSum(deletions))
        }
    }

    public struct ChangedFile: Sendable, Hashable, Decodable {
        public var filename: String
        /// "added", "modified", "removed", "renamed".
        public var status: String
        public var additions: Int
        public var deletions: Int
        public var changes: Int
        public var patch: String?
        public var rawURL: String?

        enum CodingKeys: String, CodingKey { case filename, status, additions, deletions, changes, patch, rawURL = "raw_url" }
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            filename = c.value(.filename, or: "")
            status = c.value(.status, or: "modified")
            additions = c.value(.additions, or: 0)
            deletions = c.value(.deletions, or: 0)
            changes = c.value(.changes, or: additions.saturatingSum(deletions))
            patch = c.optional(.patch)
            rawURL = c.text(.rawURL)
        }
    }

    enum CodingKeys: String, CodingKey { case sha, htmlURL = "html_url", commit, author, committer, parents, stats, files }
    enum DetailKeys: String, CodingKey { case message, author, committer }
    enum PersonKeys: String, CodingKey { case name, email, date }
    enum ParentKeys: String, CodingKey { case sha }
    struct ParentRef: Decodable { let sha: String?
        init(from decoder: Decoder) throws { sha = try decoder.container(keyedBy: ParentKeys.self).text(.sha) }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sha = c.value(.sha, or: "")
        htmlURL = c.text(.htmlURL)
        let detail = try? c.nestedContainer(keyedBy: DetailKeys.self, forKey: .commit)
        message = detail?.value(.message, or: "") ?? ""
        let gitAuthor = try? detail?.nestedContainer(keyedBy: PersonKeys.self, forKey: .author)
        let gitCommitter = try? detail?.nestedContainer(keyedBy: PersonKeys.self, forKey: .committer)
        author = c.optional(.author)
        committer = c.optional(.committer)
        authorName = gitAuthor?.text(.name) ?? author?.name ?? ""
        authorEmail = gitAuthor?.text(.email)
        authoredAt = gitAuthor?.optional(.date)
        committerName = gitCommitter?.text(.name)
        committedAt = gitCommitter?.optional(.date)
        parentSHAs = (c.list(.parents) as [ParentRef]).compactMap(\.sha)
        // A pull request's commits carry one parent object rather than a list (samples/pr_commits.json).
        if parentSHAs.isEmpty, let parent: ParentRef = c.optional(.parents), let sha = parent.sha { parentSHAs = [sha] }
        stats = c.optional(.stats)
        files = c.list(.files)
    }

    /// The first line of the message.
    public var title: String { String(message.split(separator: "\n", omittingEmptySubsequences: false).first ?? "") }
    public var shortSHA: String { String(sha.prefix(7)) }
}

extension Int {
    /// `self + other` held at `Int.max`/`Int.min`: both come from the server, and `+` would trap on overflow.
    func saturatingSum(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
