/// One notification thread (`GET /notifications/threads`, the spec's `UserNotification`).
public struct NotificationThread: Sendable, Hashable, Identifiable, Decodable {
    public var id: Int
    public var content: String
    /// "event" or "referer" (an @mention).
    public var type: String
    public var isUnread: Bool
    public var updatedAt: Timestamp?
    /// The notification's page on the website (an issue, a pull request, a commit...).
    public var htmlURL: String?
    public var actor: User?
    public var repository: Project?
    public var subject: Subject?

    /// What the notification is about.
    public struct Subject: Sendable, Hashable, Decodable {
        public var title: String
        /// "Issue", "PullRequest", "Commit"...
        public var type: String?
        public var url: String?
        enum CodingKeys: String, CodingKey { case title, type, url }
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            title = c.value(.title, or: "")
            type = c.text(.type)
            url = c.text(.url)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, content, type, unread, actor, repository, subject, htmlURL = "html_url", updatedAt = "updated_at"
    }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        content = c.value(.content, or: "")
        type = c.value(.type, or: "event")
        isUnread = c.value(.unread, or: false)
        updatedAt = c.optional(.updatedAt)
        htmlURL = c.text(.htmlURL)
        actor = c.optional(.actor)
        repository = c.optional(.repository)
        subject = c.optional(.subject)
    }
}

/// One private message (`GET /notifications/messages`, the spec's `UserMessage`).
public struct PrivateMessage: Sendable, Hashable, Identifiable, Decodable {
    public var id: Int
    public var content: String
    public var isUnread: Bool
    public var sender: User?
    public var updatedAt: Timestamp?
    public var htmlURL: String?

    enum CodingKeys: String, CodingKey { case id, content, unread, sender, htmlURL = "html_url", updatedAt = "updated_at" }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        content = c.value(.content, or: "")
        isUnread = c.value(.unread, or: false)
        sender = c.optional(.sender)
        updatedAt = c.optional(.updatedAt)
        htmlURL = c.text(.htmlURL)
    }
}

/// A page of notifications or messages: Gitee wraps the list as `{"total_count": n, "list": [...]}`.
public struct NotificationList<Item: Decodable & Sendable>: Sendable, Decodable {
    public var totalCount: Int
    public var items: [Item]
    enum CodingKeys: String, CodingKey { case totalCount = "total_count", list }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        items = c.list(.list)
        totalCount = max(0, c.value(.totalCount, or: items.count))
    }
}

/// `GET /notifications/count` (the spec's `UserNotificationCount`).
public struct NotificationCount: Sendable, Hashable, Decodable {
    public var total: Int
    public var notifications: Int
    public var messages: Int
    enum CodingKeys: String, CodingKey {
        case total = "total_count", notifications = "notification_count", messages = "message_count"
    }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        notifications = max(0, c.value(.notifications, or: 0))
        messages = max(0, c.value(.messages, or: 0))
        total = max(0, c.value(.total, or: notifications + messages))
    }
}
