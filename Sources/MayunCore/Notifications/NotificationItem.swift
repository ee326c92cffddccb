import Foundation
import GiteeKit

/// One row of the Notifications page: a notification thread or a private message, flattened for display.
public struct NotificationItem: Identifiable, Equatable, Sendable {
    /// Threads and messages have separate id spaces on Gitee.
    public enum Key: Hashable, Sendable {
        case thread(Int)
        case message(Int)
    }

    /// What a row is about, with the icon that shows it.
    public enum Kind: Equatable, Sendable {
        case issue, pullRequest, commit, mention, message, other

        public var title: String {
            switch self {
            case .issue: tr("Issue")
            case .pullRequest: tr("Pull request")
            case .commit: tr("Commit")
            case .mention: tr("Mention")
            case .message: tr("Message")
            case .other: tr("Notification")
            }
        }

        public var iconName: String {
            switch self {
            case .issue: "dialog-information-symbolic"
            case .pullRequest: "mail-forward-symbolic"
            case .commit: "document-edit-symbolic"
            case .mention: "user-info-symbolic"
            case .message: "mail-unread-symbolic"
            case .other: "preferences-system-notifications-symbolic"
            }
        }
    }

    public let id: Key
    /// What it is about: the subject's title (an issue's or pull request's), or a private message's text.
    public var title: String
    /// What happened (the thread's `content`, e.g. "li commented"); empty for private messages.
    public var detail: String
    /// Where it comes from: the repository and what kind of thing, or who sent the message.
    public var context: String
    /// The repository's full name ("owner/repo"); nil for private messages.
    public var repository: String?
    public var kind: Kind
    /// An @mention of the person (`type` "referer").
    public var isMention: Bool
    /// A private message's sender (whom a reply goes to); nil for threads.
    public var senderLogin: String?
    public var senderName: String?
    public var date: Date?
    public var isUnread: Bool
    /// The page it is about on the website (opened in Mayun when Mayun has a page for it).
    public var link: String?
    public var avatarURL: URL?

    public init(id: Key, title: String, detail: String = "", context: String, repository: String? = nil,
                kind: Kind = .other, isMention: Bool = false, date: Date?, isUnread: Bool, link: String?,
                avatarURL: URL?) {
        self.id = id
        self.title = title
        self.detail = detail
        self.context = context
        self.repository = repository
        self.kind = kind
        self.isMention = isMention
        self.date = date
        self.isUnread = isUnread
        self.link = link
        self.avatarURL = avatarURL
    }

    init(_ thread: NotificationThread) {
        let isMention = thread.type == "referer"
        let subjectKind: Kind? = switch thread.subject?.type {
        case "PullRequest": .pullRequest
        case "Issue": .issue
        case "Commit": .commit
        default: nil
        }
        let kind = isMention ? .mention : subjectKind ?? .other
        let kindText = isMention && subjectKind != nil ? "\(kind.title) · \(subjectKind?.title ?? "")" : kind.title
        let repository = thread.repository?.fullName ?? ""
        // The subject says which thread this is; `content` is often generic ("li commented"), so it comes second,
        // and leads only when there is no subject title.
        let subject = thread.subject?.title ?? ""
        let title = subject.isEmpty ? thread.content : subject
        let detail = subject.isEmpty ? "" : thread.content
        self.init(id: .thread(thread.id), title: Self.clipped(title), detail: Self.clipped(detail),
                  context: repository.isEmpty ? kindText : "\(repository)  ·  \(kindText)",
                  repository: repository.isEmpty ? nil : repository, kind: kind, isMention: isMention,
                  date: thread.updatedAt?.date, isUnread: thread.isUnread, link: thread.htmlURL,
                  avatarURL: thread.actor?.avatarURL.flatMap(URL.init(string:)))
    }

    init(_ message: PrivateMessage) {
        let sender = message.sender?.name ?? message.sender?.login ?? ""
        defer {
            senderLogin = message.sender?.login
            senderName = sender.isEmpty ? nil : sender
        }
        self.init(id: .message(message.id), title: Self.clipped(message.content),
                  context: String(format: tr("Message from %@"), sender), kind: .message, date: message.updatedAt?.date,
                  isUnread: message.isUnread, link: message.htmlURL,
                  avatarURL: message.sender?.avatarURL.flatMap(URL.init(string:)))
    }

    /// The target a desktop notification carries back when clicked ("thread:12" / "message:3").
    public var target: String { Self.target(of: id) }

    static func target(of key: Key) -> String {
        switch key {
        case .thread(let id): "thread:\(id)"
        case .message(let id): "message:\(id)"
        }
    }

    /// Text from the server shown in one row or a desktop bubble: one line, at most 300 characters.
    static func clipped(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 300 ? String(line.prefix(299)) + "…" : line
    }

    /// Unread first, then newest first.
    static func ordered(_ items: [NotificationItem]) -> [NotificationItem] {
        items.enumerated().sorted { left, right in
            if left.element.isUnread != right.element.isUnread { return left.element.isUnread }
            let leftDate = left.element.date ?? .distantPast, rightDate = right.element.date ?? .distantPast
            if leftDate != rightDate { return leftDate > rightDate }
            return left.offset < right.offset
        }.map(\.element)
    }
}
