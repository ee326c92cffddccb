/// An issue. `number` is a string on Gitee ("I4CD5P"); numeric numbers are accepted and kept as text.
public struct Issue: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    public var number: String
    /// "open", "progressing", "closed", "rejected".
    public var state: String
    public var title: String
    public var body: String?
    public var author: User?
    public var assignee: User?
    public var labels: [Label]
    public var milestone: Milestone?
    public var commentCount: Int
    public var htmlURL: String?
    public var repository: Project?
    public var issueType: String?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    public struct Label: Sendable, Hashable, Codable {
        public var id: Int
        public var name: String
        /// Hex colour without '#', as Gitee sends it.
        public var color: String?
        enum CodingKeys: String, CodingKey { case id, name, color }
    }

    enum CodingKeys: String, CodingKey {
        case id, number, state, title, body, assignee, labels, repository, milestone
        case author = "user", commentCount = "comments"
        case htmlURL = "html_url", issueType = "issue_type", createdAt = "created_at", updatedAt = "updated_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        number = c.value(.number, or: "")
        state = c.value(.state, or: "open")
        title = c.value(.title, or: "")
        body = c.optional(.body)
        author = c.optional(.author)
        assignee = c.optional(.assignee)
        labels = c.list(.labels)
        milestone = c.optional(.milestone)
        commentCount = c.value(.commentCount, or: 0)
        htmlURL = c.text(.htmlURL)
        repository = c.optional(.repository)
        issueType = c.text(.issueType)
        createdAt = c.optional(.createdAt)
        updatedAt = c.optional(.updatedAt)
    }

    public var isOpen: Bool { state == "open" || state == "progressing" }
}

/// A project's milestone (`GET /repos/{o}/{r}/milestones`; an issue's `milestone`). The update sets it by `number`.
public struct Milestone: Sendable, Hashable, Codable {
    public var number: Int
    public var title: String
    /// "open" or "closed".
    public var state: String?

    enum CodingKeys: String, CodingKey { case number, title, state }

    public init(number: Int, title: String, state: String? = "open") {
        self.number = number
        self.title = title
        self.state = state
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        number = c.value(.number, or: 0)
        title = c.value(.title, or: "")
        state = c.text(.state)
    }
}

/// A comment on an issue.
public struct Comment: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    public var body: String
    public var author: User?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    enum CodingKeys: String, CodingKey { case id, body, author = "user", createdAt = "created_at", updatedAt = "updated_at" }

    /// A comment the app shows before the server has it (an optimistic new comment).
    public init(id: Int, body: String, author: User?, createdAt: Timestamp? = nil) {
        self.id = id
        self.body = body
        self.author = author
        self.createdAt = createdAt
        updatedAt = createdAt
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        body = c.value(.body, or: "")
        author = c.optional(.author)
        createdAt = c.optional(.createdAt)
        updatedAt = c.optional(.updatedAt)
    }
}

extension Issue.Label {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        name = c.value(.name, or: "")
        color = c.text(.color)
    }
}
