import Foundation

/// Notifications and private messages in the shape of the v5 spec's `UserNotification`, `UserMessage` and their
/// `{"total_count", "list"}` wrappers.
extension Renderer {
    func notification(_ thread: FakeNotification) -> JSON {
        guard let project = world.project(id: thread.projectID) else { return .null }
        let fullName = world.fullName(of: project)
        let actor = world.user(id: thread.actorID) ?? world.owner(of: project)
        let kind = thread.subjectType == "PullRequest" ? "pulls" : "issues"
        return .object([
            ("id", .int(thread.id)), ("content", .string(thread.content)), ("type", .string(thread.type)),
            ("unread", .bool(thread.unread)), ("mute", .bool(false)), ("updated_at", .string(giteeTime(thread.time))),
            ("url", .string("\(api)/notifications/threads/\(thread.id)")),
            ("html_url", .string("\(base)/\(fullName)/\(kind)/\(thread.number)")),
            ("actor", userBasic(actor)), ("repository", self.project(project, viewerID: nil, includeViewerFields: false)),
            ("subject", .object([("title", .string(thread.subjectTitle)),
                                 ("url", .string("\(api)/repos/\(fullName)/\(kind)/\(thread.number)")),
                                 ("latest_comment_url", .string("")), ("type", .string(thread.subjectType))])),
            ("namespaces", .array([.object([("name", .string(project.name)), ("html_url", .string("\(base)/\(fullName)")),
                                            ("type", .string("project"))])])),
        ])
    }

    func message(_ message: FakeMessage) -> JSON {
        let sender = world.user(id: message.senderID) ?? world.users[0]
        return .object([
            ("id", .int(message.id)), ("sender", userBasic(sender)), ("unread", .bool(message.unread)),
            ("content", .string(message.content)), ("updated_at", .string(giteeTime(message.time))),
            ("url", .string("\(api)/notifications/messages/\(message.id)")),
            ("html_url", .string("\(base)/notifications/messages/\(message.id)")),
        ])
    }
}
