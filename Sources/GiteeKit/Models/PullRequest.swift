/// A pull request (`GET /repos/{o}/{r}/pulls[/{number}]`). Field names follow the v5 spec's `PullRequest`; where the
/// spec and real answers disagree (`head`/`base` are objects in `samples/pr.json`, strings in the spec) both are read.
public struct PullRequest: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    public var number: Int
    /// "open", "closed" or "merged".
    public var state: String
    public var title: String
    public var body: String?
    public var author: User?
    public var head: BranchRef
    public var base: BranchRef
    public var labels: [Issue.Label]
    public var isDraft: Bool
    public var mergeable: Bool?
    public var htmlURL: String?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?
    public var mergedAt: Timestamp?
    public var closedAt: Timestamp?
    /// The people asked to review it (`assignees`) and to test it (`testers`), each with whether they passed it.
    public var reviewers: [Reviewer]
    public var testers: [Reviewer]
    /// How many of its reviewers must approve (`assignees_number`) and how many testers must pass it
    /// (`testers_number`) before the site merges it: the project's review settings (Gitee help 4304, "设置合并
    /// Pull Request 的门槛"). 0 when absent, negative or not a number; at most 100.
    public var requiredApprovals: Int
    public var requiredTests: Int
    /// `can_merge_check`: undocumented. Recorded answers say `false` wherever the required approvals were missing
    /// (samples/pr.json, pulls.json), so it reads as the site's own verdict on its review rules; kept, but Merge is
    /// decided from the counts, which the description does document. nil when absent.
    public var canMergeCheck: Bool?

    /// Someone asked to review or test a pull request (the spec's `UserAssignee`): who, and `accept`, whether they
    /// approved (review) or passed it (test).
    public struct Reviewer: Sendable, Hashable, Codable {
        public var login: String
        public var name: String?
        public var avatarURL: String?
        public var accepted: Bool

        public init(login: String, name: String? = nil, avatarURL: String? = nil, accepted: Bool = false) {
            self.login = login
            self.name = name
            self.avatarURL = avatarURL
            self.accepted = accepted
        }

        enum CodingKeys: String, CodingKey { case login, name, avatarURL = "avatar_url", accepted = "accept" }
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(login: c.value(.login, or: ""), name: c.text(.name), avatarURL: c.text(.avatarURL),
                      accepted: c.value(.accepted, or: false))
        }
    }

    /// One side of a pull request: a branch (`ref`) of a repository.
    public struct BranchRef: Sendable, Hashable, Decodable {
        public var ref: String
        public var label: String?
        public var sha: String?
        /// `owner/repo` of the side's repository (a fork for pull requests from forks).
        public var repositoryFullName: String?

        enum CodingKeys: String, CodingKey { case ref, label, sha, repo }
        enum RepoKeys: String, CodingKey { case fullName = "full_name" }
    }

    enum CodingKeys: String, CodingKey {
        case id, number, state, title, body, head, base, labels, mergeable, testers
        case author = "user", isDraft = "draft", reviewers = "assignees"
        case htmlURL = "html_url", createdAt = "created_at", updatedAt = "updated_at", mergedAt = "merged_at"
        case closedAt = "closed_at"
        case requiredApprovals = "assignees_number", requiredTests = "testers_number", canMergeCheck = "can_merge_check"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        number = max(0, c.value(.number, or: 0))
        state = c.value(.state, or: "open")
        title = c.value(.title, or: "")
        body = c.optional(.body)
        author = c.optional(.author)
        head = c.optional(.head) ?? BranchRef(ref: "")
        base = c.optional(.base) ?? BranchRef(ref: "")
        labels = c.list(.labels)
        isDraft = c.value(.isDraft, or: false)
        mergeable = c.optional(.mergeable)
        htmlURL = c.text(.htmlURL)
        createdAt = c.optional(.createdAt)
        updatedAt = c.optional(.updatedAt)
        mergedAt = c.optional(.mergedAt)
        closedAt = c.optional(.closedAt)
        // Untrusted: at most 100 of each (a page's worth), and only entries that name someone.
        reviewers = Array((c.list(.reviewers) as [Reviewer]).filter { !$0.login.isEmpty }.prefix(100))
        testers = Array((c.list(.testers) as [Reviewer]).filter { !$0.login.isEmpty }.prefix(100))
        requiredApprovals = min(max(c.value(.requiredApprovals, or: 0), 0), 100)
        requiredTests = min(max(c.value(.requiredTests, or: 0), 0), 100)
        canMergeCheck = c.optional(.canMergeCheck)
    }

    /// Reviewers who approved and testers who passed it.
    public var approvals: [Reviewer] { reviewers.filter(\.accepted) }
    public var passedTests: [Reviewer] { testers.filter(\.accepted) }
    /// How many more approvals (tests) the site waits for before it merges.
    public var missingApprovals: Int { max(0, requiredApprovals - approvals.count) }
    public var missingTests: Int { max(0, requiredTests - passedTests.count) }

    public var isOpen: Bool { state == "open" }
    /// Gitee lists a merged pull request with `state: "merged"`; a `merged_at` time says the same.
    public var isMerged: Bool { state == "merged" || mergedAt != nil }
}

extension PullRequest.BranchRef {
    public init(from decoder: Decoder) throws {
        // The spec describes the side as a plain string (the branch name).
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(ref: name)
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let repo = try? c.nestedContainer(keyedBy: RepoKeys.self, forKey: .repo)
        self.init(ref: c.text(.ref) ?? c.text(.label) ?? "", label: c.text(.label), sha: c.text(.sha),
                  repositoryFullName: repo?.text(.fullName))
    }
}

/// A file changed by a pull request (`GET .../pulls/{number}/files`). The spec has `patch` as a string and the counts
/// as strings; real answers carry `patch` as an object whose `diff` is the text. Both are read.
public struct PullRequestFile: Sendable, Hashable, Decodable {
    public var sha: String?
    public var filename: String
    /// "added", "modified", "deleted", "renamed".
    public var status: String
    public var additions: Int
    public var deletions: Int
    public var patch: String?
    public var isTooLarge: Bool

    enum CodingKeys: String, CodingKey { case sha, filename, status, additions, deletions, patch }
    enum PatchKeys: String, CodingKey { case diff, newPath = "new_path", tooLarge = "too_large" }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sha = c.text(.sha)
        status = c.value(.status, or: "modified")
        additions = max(0, c.value(.additions, or: 0))
        deletions = max(0, c.value(.deletions, or: 0))
        if let detail = try? c.nestedContainer(keyedBy: PatchKeys.self, forKey: .patch) {
            patch = detail.optional(.diff)
            isTooLarge = detail.value(.tooLarge, or: false)
            filename = c.text(.filename) ?? detail.text(.newPath) ?? ""
        } else {
            patch = c.optional(.patch)
            isTooLarge = false
            filename = c.value(.filename, or: "")
        }
    }
}

/// A comment on a pull request (`GET .../pulls/{number}/comments`): the issue-style `Comment` plus where a review
/// comment sits (`path`, `comment_type` "diff_comment" or "pr_comment").
public struct PullRequestComment: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    public var body: String
    public var author: User?
    public var path: String?
    public var commentType: String?
    public var createdAt: Timestamp?
    /// A line comment's place: the line's position in `path`'s diff (1 is the line under the first hunk header;
    /// the spec sends it as a string), and the commit it was made on. nil for a general comment, and for a line
    /// comment whose line is no longer in the diff (then only `originalPosition` is left, as on GitHub).
    public var position: Int?
    /// Where the comment was made, in the diff of the commit it was made on.
    public var originalPosition: Int?
    /// The line's number in the new file, when the server names it (`new_line`): the app draws the comment at that
    /// line when `position` names another, so a different meaning of `position` shows, never a wrong silent place.
    public var newLine: Int?
    public var commitID: String?
    /// The comment this one answers (a reply in a line's thread).
    public var inReplyToID: Int?

    enum CodingKeys: String, CodingKey {
        case id, body, author = "user", path, commentType = "comment_type", createdAt = "created_at", position
        case originalPosition = "original_position", newLine = "new_line"
        case commitID = "commit_id", inReplyToID = "in_reply_to_id"
    }
    public init(id: Int, body: String, author: User?, path: String? = nil, commentType: String? = nil,
                createdAt: Timestamp? = nil, position: Int? = nil, originalPosition: Int? = nil, newLine: Int? = nil,
                commitID: String? = nil, inReplyToID: Int? = nil) {
        self.id = id
        self.body = body
        self.author = author
        self.path = path
        self.commentType = commentType
        self.createdAt = createdAt
        self.position = position.flatMap { $0 >= 1 ? $0 : nil }
        self.originalPosition = originalPosition.flatMap { $0 >= 1 ? $0 : nil }
        self.newLine = newLine.flatMap { $0 >= 1 ? $0 : nil }
        self.commitID = commitID
        self.inReplyToID = inReplyToID
    }

    /// A comment on a line of the diff (it has a file and a position, now or when it was made).
    public var isLineComment: Bool { path != nil && (position != nil || originalPosition != nil) }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        body = c.value(.body, or: "")
        author = c.optional(.author)
        path = c.text(.path)
        commentType = c.text(.commentType)
        createdAt = c.optional(.createdAt)
        // Positions and line numbers below 1 name no line.
        // (Strings of digits, as the description types them, decode as numbers: JSONScalar.int64.)
        position = (c.optional(.position) as Int?).flatMap { $0 >= 1 ? $0 : nil }
        originalPosition = (c.optional(.originalPosition) as Int?).flatMap { $0 >= 1 ? $0 : nil }
        newLine = (c.optional(.newLine) as Int?).flatMap { $0 >= 1 ? $0 : nil }
        commitID = c.text(.commitID)
        inReplyToID = c.optional(.inReplyToID)
    }
}
