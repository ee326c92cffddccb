import Foundation

/// `/notifications/...` for the token's user (401 without one), and the control routes that create notifications and
/// show what was marked read.
extension FakeGiteeServer {
    static let resetContent = FakeResponse(status: 205, contentType: "application/json", headers: [], body: Data())
    /// Not in the spec: FakeGitee caps a private message so a client that sends anything at all finds out.
    static let longestMessage = 5_000

    static let badIDs = FakeResponse.error(400, "ids must be notification ids separated by ,")

    /// The spec's `ids` ("1,2,3"): nil when the field is junk, .some(nil) when it is absent. Every entry must be an id:
    /// a client that sent "1,x" meant something the server cannot do.
    static func ids(_ field: String?) -> Set<Int>?? {
        guard let field else { return .some(nil) }
        let parts = field.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = parts.compactMap { Int($0) }
        guard !parts.isEmpty, numbers.count == parts.count else { return nil }
        return .some(Set(numbers))
    }

    /// `PATCH path` marks one of the viewer's threads or messages read (`mark` says whether the viewer has it): 205, or
    /// the site's 404 with `missing`.
    private func markOneRead(_ path: String, missing: String,
                             mark: @escaping @MainActor (FakeInbox, _ id: Int, _ viewerID: Int) -> Bool) {
        router.add("PATCH", path) { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let id = Int(parameters["id"] ?? ""), mark(inbox, id, viewer.id) else { return .notFound(missing) }
            return Self.resetContent
        }
    }

    /// An inbox list's answer: the whole list's `total_count` and one numbered page of it under `list`.
    static func inboxPage<Item>(_ list: [Item], _ request: FakeRequest, render: (Item) -> JSON) -> FakeResponse {
        let (slice, headers) = Paging.numbered(list, request)
        return .json(.object([("total_count", .int(list.count)), ("list", .array(slice.map(render)))]), headers: headers)
    }

    func registerNotificationRoutes() {
        router.add("GET", "/api/v5/notifications/threads") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            let unreadOnly = request.query["unread"] == "true"
            // The spec's `type`: all, event or referer (an @mention); ParameterRules already refused anything else.
            let type = request.query["type"] ?? "all"
            guard let ids = Self.ids(request.query["ids"]) else { return Self.badIDs }
            let list = inbox.notifications(of: viewer.id).filter {
                (!unreadOnly || $0.unread) && (type == "all" || $0.type == type) && (ids?.contains($0.id) ?? true)
            }
            return Self.inboxPage(list, request, render: renderer.notification)
        }
        router.add("GET", "/api/v5/notifications/threads/:id") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let id = Int(parameters["id"] ?? ""), let thread = inbox.notification(id: id, userID: viewer.id) else {
                return .notFound("Notification Not Found")
            }
            return .json(renderer.notification(thread))
        }
        router.add("GET", "/api/v5/notifications/messages") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            let unreadOnly = request.query["unread"] == "true"
            guard let ids = Self.ids(request.query["ids"]) else { return Self.badIDs }
            let list = inbox.messages(of: viewer.id).filter { (!unreadOnly || $0.unread) && (ids?.contains($0.id) ?? true) }
            return Self.inboxPage(list, request, render: renderer.message)
        }
        router.add("GET", "/api/v5/notifications/messages/:id") { [unowned self] request, parameters in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let id = Int(parameters["id"] ?? ""), let message = inbox.messages(of: viewer.id).first(where: { $0.id == id })
            else { return .notFound("Message Not Found") }
            return .json(renderer.message(message))
        }
        router.add("GET", "/api/v5/notifications/count") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            let unreadOnly = request.query["unread"] == "true"
            let threads = inbox.notifications(of: viewer.id).filter { !unreadOnly || $0.unread }.count
            let messages = inbox.messages(of: viewer.id).filter { !unreadOnly || $0.unread }.count
            return .json(.object([("total_count", .int(threads + messages)), ("notification_count", .int(threads)),
                                  ("message_count", .int(messages))]))
        }
        markOneRead("/api/v5/notifications/threads/:id", missing: "Notification Not Found") { inbox, id, viewerID in
            inbox.markNotificationRead(id: id, userID: viewerID)
        }
        router.add("PUT", "/api/v5/notifications/threads") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            guard let ids = Self.ids(request.field("ids")) else { return Self.badIDs }
            inbox.markAllNotificationsRead(userID: viewer.id, ids: ids)
            return Self.resetContent
        }
        markOneRead("/api/v5/notifications/messages/:id", missing: "Message Not Found") { inbox, id, viewerID in
            inbox.markMessageRead(id: id, userID: viewerID)
        }
        // The spec: `username` and `content` required (400 数据不合法), an unknown user 404 (没有相关数据).
        router.add("POST", "/api/v5/notifications/messages") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            let content = request.field("content") ?? ""
            guard let username = request.field("username"), !username.isEmpty else {
                return .error(400, "username is missing")
            }
            guard !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return .error(400, "content is missing")
            }
            guard content.count <= Self.longestMessage else {
                return .error(400, "content is too long (at most \(Self.longestMessage) characters)")
            }
            guard let recipient = world.user(login: username) else { return .notFound("User Not Found") }
            let message = inbox.addMessage(userID: recipient.id, senderID: viewer.id, content: content)
            return .json(renderer.message(message), status: 201)
        }
        router.add("PUT", "/api/v5/notifications/messages") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            inbox.markAllMessagesRead(userID: viewer.id)
            return Self.resetContent
        }
        registerNotificationControlRoutes()
    }

    /// `POST /__fake/notifications` (login, and either repo=owner/name with kind=issue|pull and number, or
    /// kind=message with title as its text): a new unread notification for that user. A thread's subject is the
    /// issue's or pull request's real title; `content` (or, as before, `title`) is what happened, a generic sentence
    /// when left out; `mention=true` makes it an @mention (`referer`). `GET /__fake/notifications?login=` lists theirs.
    private func registerNotificationControlRoutes() {
        router.add("POST", "/__fake/notifications") { [unowned self] request, _ in
            guard let user = world.user(login: request.field("login") ?? "") else { return .notFound("User Not Found") }
            let actor = world.user(login: request.field("actor") ?? "") ?? world.users[0]
            if request.field("kind") == "message" {
                let text = request.field("title") ?? "新的通知 / New notification"
                return .json(renderer.message(inbox.addMessage(userID: user.id, senderID: actor.id, content: text)),
                             status: 201)
            }
            let parts = (request.field("repo") ?? "").split(separator: "/").map(String.init)
            guard parts.count == 2, let project = world.project(owner: parts[0], repo: parts[1]) else {
                return Self.projectNotFound
            }
            let isPull = request.field("kind") == "pull"
            let wanted = request.field("number")
            let subject: (number: String, title: String)? = isPull
                ? PullRequests.pullRequests(project: project, world: world)
                    .first { wanted == nil || "\($0.number)" == wanted }.map { ("\($0.number)", $0.title) }
                : state.issues(of: project).first { wanted == nil || $0.number == wanted }.map { ($0.number, $0.title) }
            guard let subject else { return .error(422, "the project has no such issue or pull request") }
            let subjectType = isPull ? "PullRequest" : "Issue"
            let mention = request.field("mention") == "true"
            let content = request.field("content") ?? request.field("title")
                ?? FakeInbox.content(actor: actor.name, subjectType: subjectType, mention: mention)
            let thread = inbox.addNotification(userID: user.id, project: project, subjectType: subjectType,
                                               number: subject.number, title: subject.title, content: content,
                                               type: mention ? "referer" : "event", actorID: actor.id)
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
