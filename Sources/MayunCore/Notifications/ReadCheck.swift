import GiteeKit

/// Whether marking read was done, asked after a lost answer (docs/WRITES.md): an answer means it was (the write
/// stands), nil that it was not (the row turns unread again and the toast says why).
enum ReadCheck {
    /// One thread or message, read back: done when the server has it read.
    static func isRead(_ key: NotificationItem.Key, client: GiteeClient) async throws -> NoContent? {
        let unread = switch key {
        case .thread(let id): try await client.send(Endpoints.notificationThread(id: id)).isUnread
        case .message(let id): try await client.send(Endpoints.privateMessage(id: id)).isUnread
        }
        return unread ? nil : NoContent()
    }

    /// Several threads (or messages): done when the unread ones among them (the spec's `ids`) are none. A server that
    /// ignored `ids` would list other unread ones too; those are not counted, and a full page proves nothing (one of
    /// ours may be on the next).
    static func noneUnread(threads ids: [Int], client: GiteeClient) async throws -> NoContent? {
        let unread = try await client.send(Endpoints.notificationThreads(unreadOnly: true, ids: ids, perPage: perPage))
        return settled(unread.map(\.id), asked: ids)
    }

    static func noneUnread(messages ids: [Int], client: GiteeClient) async throws -> NoContent? {
        let unread = try await client.send(Endpoints.privateMessages(unreadOnly: true, ids: ids, perPage: perPage))
        return settled(unread.map(\.id), asked: ids)
    }

    private static let perPage = 100

    private static func settled(_ unread: [Int], asked: [Int]) -> NoContent? {
        unread.count < perPage && Set(unread).isDisjoint(with: asked) ? NoContent() : nil
    }
}
