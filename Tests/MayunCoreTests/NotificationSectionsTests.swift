import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private typealias F = SessionFixtures
private let threadsPath = "/api/v5/notifications/threads"
private let messagesPath = "/api/v5/notifications/messages"

/// A thread as Gitee sends it: a generic `content`, the subject's own title, and the repository it is in.
private func thread(_ id: Int, repo: String, subject: String, type: String = "Issue", mention: Bool = false,
                    unread: Bool = true, at day: Int = 1) -> String {
    let kind = type == "PullRequest" ? "pulls" : "issues"
    return #"{"id": \#(id), "content": "li 评论了", "type": "\#(mention ? "referer" : "event")", "unread": \#(unread), "updated_at": "2024-05-0\#(day)T10:00:00+08:00", "html_url": "https://gitee.com/\#(repo)/\#(kind)/\#(id)", "repository": {"id": 1, "full_name": "\#(repo)"}, "subject": {"title": "\#(subject)", "type": "\#(type)"}}"#
}

private func list(_ items: String...) -> HTTPResponse {
    F.json(200, #"{"total_count": \#(items.count), "list": [\#(items.joined(separator: ","))]}"#)
}

@MainActor
private func loadedModel(_ transport: ScriptedTransport) -> (Coordinator, NotificationsViewModel) {
    transport.on("GET", "/api/v5/user", F.user())
    let session = makeSession(transport: transport, store: nil, environment: ["MAYUN_TOKEN": "env-token"])
    let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer,
                                                        environment: ["HOME": "/tmp"]),
                                  preferences: InMemoryPreferences(),
                                  services: AppServices(client: session.client, session: session))
    let model = coordinator.notifications
    model.refresh()
    waitUntil("loaded") { model.state == .content }
    return (coordinator, model)
}

@MainActor
private func standardTransport() -> ScriptedTransport {
    let transport = ScriptedTransport()
    transport.on("GET", threadsPath, list(
        thread(1, repo: "o/app", subject: "Crash on start", at: 6),
        thread(2, repo: "o/lib", subject: "Add caching", type: "PullRequest", mention: true, at: 5),
        thread(3, repo: "o/app", subject: "Typo in README", unread: false, at: 7),
        thread(4, repo: "o/lib", subject: "Release 2.0", type: "Commit", at: 4)))
    transport.on("GET", messagesPath, list(#"{"id": 8, "content": "你好", "unread": true, "sender": {"id": 2, "login": "wang", "name": "Wang"}, "updated_at": "2024-05-03T00:00:00+08:00"}"#))
    return transport
}

/// The notification center: rows lead with the subject, are grouped by repository, and filter by unread, mentions
/// and repository.
final class NotificationSectionsTests: XCTestCase {
    func testRowsLeadWithTheSubjectThenWhatHappenedWithKindAndRepository() throws {
        try onMain {
            let (_, model) = loadedModel(standardTransport())
            let crash = try XCTUnwrap(model.items.first { $0.id == .thread(1) })
            XCTAssertEqual(crash.title, "Crash on start", "the subject's title, not the generic content")
            XCTAssertEqual(crash.detail, "li 评论了")
            XCTAssertEqual(crash.repository, "o/app")
            XCTAssertEqual(crash.kind, .issue)
            XCTAssertEqual(crash.kind.iconName, "dialog-information-symbolic")
            let pull = try XCTUnwrap(model.items.first { $0.id == .thread(2) })
            XCTAssertEqual(pull.kind, .mention)
            XCTAssertTrue(pull.isMention)
            XCTAssertEqual(pull.context, "o/lib  ·  Mention · Pull request")
            XCTAssertEqual(model.items.first { $0.id == .thread(4) }?.kind, .commit)
            let message = try XCTUnwrap(model.items.first { $0.id == .message(8) })
            XCTAssertEqual(message.kind, .message)
            XCTAssertNil(message.repository)
        }
    }

    func testWithoutASubjectTheContentLeads() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", threadsPath, list(#"{"id": 5, "content": "li 提到了你", "type": "referer", "unread": true}"#))
            transport.on("GET", messagesPath, list())
            let (_, model) = loadedModel(transport)
            XCTAssertEqual(model.items.first?.title, "li 提到了你")
            XCTAssertEqual(model.items.first?.detail, "")
            XCTAssertEqual(model.sections.map(\.title), ["Other"])
        }
    }

    func testGroupedByRepositoryInTheOrderOfTheirNewestUnreadRow() {
        onMain {
            let (_, model) = loadedModel(standardTransport())
            XCTAssertEqual(model.sections.map(\.title), ["o/app", "o/lib", "Private Messages"])
            XCTAssertEqual(model.sections[0].items.map(\.id), [.thread(1), .thread(3)], "unread first within a group")
            XCTAssertEqual(model.sections[1].items.map(\.id), [.thread(2), .thread(4)])
            XCTAssertEqual(model.sections[2].items.map(\.id), [.message(8)])
            XCTAssertEqual(model.repositoryChoices, ["o/app", "o/lib"])
        }
    }

    func testFiltersForUnreadMentionsAndARepository() {
        onMain {
            let (_, model) = loadedModel(standardTransport())
            model.filter.unreadOnly = true
            XCTAssertEqual(model.sections.flatMap(\.items).map(\.id), [.thread(1), .thread(2), .thread(4), .message(8)])
            model.filter.unreadOnly = false
            model.filter.mentionsOnly = true
            XCTAssertEqual(model.sections.map(\.title), ["o/lib"])
            XCTAssertEqual(model.sections.flatMap(\.items).map(\.id), [.thread(2)])
            model.filter.mentionsOnly = false
            model.filter.repository = "o/app"
            XCTAssertEqual(model.sections.flatMap(\.items).map(\.id), [.thread(1), .thread(3)], "no messages either")
            XCTAssertNil(model.filteredOutText)
            model.filter.mentionsOnly = true
            XCTAssertTrue(model.sections.isEmpty)
            XCTAssertEqual(model.filteredOutText, "Nothing matches these filters.")
            model.filter.repository = "gone/away"
            XCTAssertEqual(model.repositoryChoices, ["gone/away", "o/app", "o/lib"], "the chosen one stays choosable")
        }
    }

    func testReadingUnderTheUnreadFilterDropsTheRowAndOpensItsIssue() {
        onMain {
            let transport = standardTransport()
            transport.on("PATCH", "\(threadsPath)/1", HTTPResponse(status: 205, body: Data()))
            transport.on("PUT", threadsPath, HTTPResponse(status: 205, body: Data()))
            transport.on("PUT", messagesPath, HTTPResponse(status: 205, body: Data()))
            let (coordinator, model) = loadedModel(transport)
            model.filter.unreadOnly = true
            model.activate(.thread(1))
            XCTAssertEqual(coordinator.routes.last, .issue(RepositoryID(owner: "o", name: "app"), number: "1"))
            XCTAssertFalse(model.sections.flatMap(\.items).contains { $0.id == .thread(1) })
            waitUntil("read on the server") { !transport.requests(to: "\(threadsPath)/1").isEmpty }
            XCTAssertEqual(transport.requests(to: "\(threadsPath)/1").first?.method, "PATCH")
            model.markAllRead()
            XCTAssertTrue(model.sections.isEmpty)
            XCTAssertEqual(model.filteredOutText, "Nothing matches these filters.")
            waitUntil("both kinds marked on the server") {
                transport.requests(to: threadsPath).contains { $0.method == "PUT" }
                    && transport.requests(to: messagesPath).contains { $0.method == "PUT" }
            }
        }
    }
}
