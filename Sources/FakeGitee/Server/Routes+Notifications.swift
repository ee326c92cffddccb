import Foundation

/// `/notifications/...` for the token's user (401 without one), and the control routes that create notifications and
/// show what was marked read.
extension FakeGiteeServer {
    static let resetContent = FakeResponse(status: 205, contentType: "application/json", headers: [], body: Data())

    func registerNotificationRoutes() {
        router.add("GET", "/api/v5/notifications/threads") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            let unreadOnly = request.query["unread"] == "true"
            let list = inbox.notifications(of: viewer.id).filter { !unreadOnly || $0.unread }
            let (slice, headers) = Paging.numbered(list, request)
            let renderer = self.renderer
            return .json(.object([("total_count", .int(list.count)), ("list", .array(slice.map(renderer.notification)))]),
                         headers: headers)
        }
        router.add("GET", "/api/v5/notifications/messages") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            let unreadOnly = request.query["unread"] == "true"
            let list = inbox.messages(of: viewer.id).filter { !unreadOnly || $0.unread }
            let (slice, headers) = Paging.numbered(list, request)
            let renderer = self.renderer
            return .json(.object([("total_count", .int(list.count)), ("list", .array(slice.map(renderer.message)))]),
                         headers: headers)
        }
        router.add("GET", "/api/v5/notifications/count") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            let unreadOnly = request.query["unread"] == "true"
            let threads = inbox.notifications(of: viewer.id).filter { !unreadOnly || $0.unread }.count
            let messages = inbox.messages(of: viewer.id).filter { !unreadOnly || $0.unread }.count
            return .json(.object([("total_count", .int(threads + messages)), ("notification_count", .int(threads)),
                                  ("message_count", .int(messages))]))
        }
        router.add("PATCH", "/api/v5/notifications/threads/:id") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let id = Int(parameters["id"] ?? ""), inbox.markNotificationRead(id: id, userID: viewer.id) else {
                return .notFound("Notification Not Found")
            }
            return Self.resetContent
        }
        router.add("PUT", "/api/v5/notifications/threads") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            let ids = request.field("ids").map { Set($0.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }) }
            inbox.markAllNotificationsRead(userID: viewer.id, ids: ids)
            return Self.resetContent
        }
        router.add("PATCH", "/api/v5/notifications/messages/:id") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let id = Int(parameters["id"] ?? ""), inbox.markMessageRead(id: id, userID: viewer.id) else {
                return .notFound("Message Not Found")
            }
            return Self.resetContent
        }
        router.add("PUT", "/api/v5/notifications/messages") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            inbox.markAllMessagesRead(userID: viewer.id)
            return Self.resetContent
        }
        registerNotificationControlRoutes()
    }

    /// `POST /__fake/notifications` (login, title, and either repo=owner/name with kind=issue|pull and number, or
    /// kind=message): a new unread notification for that user. `GET /__fake/notifications?login=` lists theirs.
    private func registerNotificationControlRoutes() {
        router.add("POST", "/__fake/notifications") { [unowned self] request, _ in
            guard let user = world.user(login: request.field("login") ?? "") else { return .notFound("User Not Found") }
            let title = request.field("title") ?? "新的通知 / New notification"
            let actorID = world.user(login: request.field("actor") ?? "")?.id ?? world.users[0].id
            if request.field("kind") == "message" {
                return .json(renderer.message(inbox.addMessage(userID: user.id, senderID: actorID, content: title)), status: 201)
            }
            let parts = (request.field("repo") ?? "").split(separator: "/").map(String.init)
            guard parts.count == 2, let project = world.project(owner: parts[0], repo: parts[1]) else {
                return Self.projectNotFound
            }
            let isPull = request.field("kind") == "pull"
            let number = request.field("number")
                ?? (isPull ? PullRequests.pullRequests(project: project, world: world).first.map { "\($0.number)" }
                           : state.issues(of: project).first?.number)
            guard let number else { return .error(422, "the project has nothing to notify about; give a number") }
            let thread = inbox.addNotification(userID: user.id, project: project, subjectType: isPull ? "PullRequest" : "Issue",
                                               number: number, title: title, actorID: actorID)
            return .json(renderer.notification(thread), status: 201)
        }
        router.add("GET", "/__fake/notifications") { [unowned self] request, _ in
            guard let user = world.user(login: request.query["login"] ?? "") else { return .notFound("User Not Found") }
            let renderer = self.renderer
            return .json(.object([("threads", .array(inbox.notifications(of: user.id).map(renderer.notification))),
                                  ("messages", .array(inbox.messages(of: user.id).map(renderer.message)))]))
        }
    }
}
