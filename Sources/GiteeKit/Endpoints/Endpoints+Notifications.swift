import Foundation

extension Endpoints {
    /// `GET /notifications/threads` for the token's user, newest first. Gitee wraps the list
    /// (`{"total_count", "list"}`); it is unwrapped here so the list pages like any other.
    /// `ids` asks for those threads only (the spec's `ids`, comma-separated).
    public static func notificationThreads(unreadOnly: Bool = false, ids: [Int]? = nil, perPage: Int = defaultPageSize)
        -> Endpoint<[NotificationThread]>
    {
        notificationList("threads", unreadOnly: unreadOnly, ids: ids, perPage: perPage)
    }

    /// `GET /notifications/messages` (private messages), wrapped like the threads.
    public static func privateMessages(unreadOnly: Bool = false, ids: [Int]? = nil, perPage: Int = defaultPageSize)
        -> Endpoint<[PrivateMessage]>
    {
        notificationList("messages", unreadOnly: unreadOnly, ids: ids, perPage: perPage)
    }

    private static func notificationList<Item: Decodable & Sendable>(_ kind: String, unreadOnly: Bool, ids: [Int]?,
                                                                     perPage: Int) -> Endpoint<[Item]> {
        Endpoint<[Item]>(.get, .v5, path: path("notifications", kind), query: listQuery(unreadOnly: unreadOnly, ids: ids),
                         requiresAuth: true, paging: .numbered(perPage: perPage)) { response in
            try JSONNodeDecoding.decode(NotificationList<Item>.self, from: response.body).items
        }
    }

    private static func listQuery(unreadOnly: Bool, ids: [Int]?) -> [QueryItem] {
        (unreadOnly ? [QueryItem("unread", "true")] : [])
            + (ids.map { [QueryItem("ids", $0.map(String.init).joined(separator: ","))] } ?? [])
    }

    /// `GET /notifications/threads/{id}`: one thread (whether it is read, after a lost answer to marking it).
    public static func notificationThread(id: Int) -> Endpoint<NotificationThread> {
        Endpoint(.get, .v5, path: path("notifications", "threads", String(id)), requiresAuth: true)
    }

    /// `GET /notifications/messages/{id}`: one private message.
    public static func privateMessage(id: Int) -> Endpoint<PrivateMessage> {
        Endpoint(.get, .v5, path: path("notifications", "messages", String(id)), requiresAuth: true)
    }

    /// `GET /notifications/count?unread=true`: how many unread notifications and messages there are.
    public static func unreadNotificationCount() -> Endpoint<NotificationCount> {
        Endpoint(.get, .v5, path: path("notifications", "count"), query: [QueryItem("unread", "true")], requiresAuth: true)
    }

    /// `PATCH /notifications/threads/{id}`: marks one thread read (answers 205).
    public static func markNotificationRead(id: Int) -> Endpoint<NoContent> {
        Endpoint(.patch, .v5, path: path("notifications", "threads", String(id)), form: [], requiresAuth: true)
    }

    /// `PATCH /notifications/messages/{id}`: marks one private message read (answers 205).
    public static func markMessageRead(id: Int) -> Endpoint<NoContent> {
        Endpoint(.patch, .v5, path: path("notifications", "messages", String(id)), form: [], requiresAuth: true)
    }

    /// `PUT /notifications/threads`: marks every thread read, or only `ids` when given (answers 205).
    public static func markAllNotificationsRead(ids: [Int]? = nil) -> Endpoint<NoContent> {
        let form = ids.map { [QueryItem("ids", $0.map(String.init).joined(separator: ","))] } ?? []
        return Endpoint(.put, .v5, path: path("notifications", "threads"), form: form, requiresAuth: true)
    }

    /// `PUT /notifications/messages`: marks every private message read (answers 205).
    public static func markAllMessagesRead() -> Endpoint<NoContent> {
        Endpoint(.put, .v5, path: path("notifications", "messages"), form: [], requiresAuth: true)
    }

    /// `POST /notifications/messages` (`username`, `content`): sends a private message; answers 201 with it.
    public static func sendPrivateMessage(to username: String, content: String) -> Endpoint<PrivateMessage> {
        Endpoint(.post, .v5, path: path("notifications", "messages"),
                 form: [QueryItem("username", username), QueryItem("content", content)], requiresAuth: true)
    }
}
