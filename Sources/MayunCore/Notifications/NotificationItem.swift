import Foundation
import GiteeKit

/// One row of the Notifications page: a notification thread or a private message, flattened for display.
public struct NotificationItem: Identifiable, Equatable, Sendable {
    /// Threads and messages have separate id spaces on Gitee.
    public enum Key: Hashable, Sendable {
        case thread(Int)
        case message(Int)
    }

    public let id: Key
    public var title: String
    /// Where it comes from: the repository and what kind of thing, or who sent the message.
    public var context: String
    public var date: Date?
    public var isUnread: Bool
    /// The page it is about on the website (opened in Mayun when Mayun has a page for it).
    public var link: String?
    public var avatarURL: URL?

    public init(id: Key, title: String, context: String, date: Date?, isUnread: Bool, link: String?, avatarURL: URL?) {
        self.id = id
        self.title = title
        self.context = context
        self.date = date
        self.isUnread = isUnread
        self.link = link
        self.avatarURL = avatarURL
    }

    init(_ thread: NotificationThread) {
        let kind: String = switch thread.subject?.type {
        case "PullRequest": tr("Pull request")
        case "Issue": tr("Issue")
        case "Commit": tr("Commit")
        default: thread.type == "referer" ? tr("Mention") : tr("Notification")
        }
        let repository = thread.repository?.fullName ?? ""
        let title = thread.content.isEmpty ? (thread.subject?.title ?? "") : thread.content
        self.init(id: .thread(thread.id), title: Self.clipped(title),
                  context: repository.isEmpty ? kind : "\(repository)  ·  \(kind)", date: thread.updatedAt?.date,
                  isUnread: thread.isUnread, link: thread.htmlURL,
                  avatarURL: thread.actor?.avatarURL.flatMap(URL.init(string:)))
    }

    init(_ message: PrivateMessage) {
        let sender = message.sender?.name ?? message.sender?.login ?? ""
        self.init(id: .message(message.id), title: Self.clipped(message.content),
                  context: String(format: tr("Message from %@"), sender), date: message.updatedAt?.date,
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
