import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// An inbox of `count` threads, newest (highest id) first, paged as Gitee pages it (`page`, `per_page`); no messages.
@MainActor
private final class PagedInboxTransport: Transport {
    var count: Int
    var failingPage: Int?
    private(set) var pagesAsked: [Int] = []

    init(count: Int) { self.count = count }

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let url = URLComponents(string: request.url)
        let query = Dictionary((url?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        switch url?.path ?? "" {
        case "/api/v5/user":
            return SessionFixtures.user()
        case "/api/v5/notifications/messages":
            return SessionFixtures.json(200, #"{"total_count": 0, "list": []}"#)
        case "/api/v5/notifications/threads":
            let page = max(Int(query["page"] ?? "1") ?? 1, 1)
            let perPage = max(Int(query["per_page"] ?? "20") ?? 20, 1)
            pagesAsked.append(page)
            if page == failingPage { return SessionFixtures.json(500, #"{"message": "boom"}"#) }
            let ids = Array((1...max(count, 1)).reversed()).prefix(count)
            let slice = ids.dropFirst((page - 1) * perPage).prefix(perPage)
            let items = slice.map { id in
                #"{"id": \#(id), "content": "thread \#(id)", "type": "event", "unread": false, "updated_at": "2024-05-06T10:00:00+08:00", "html_url": "https://gitee.com/o/r/issues/I\#(id)", "repository": {"id": 1, "full_name": "o/r"}, "subject": {"title": "Issue \#(id)", "type": "Issue"}}"#
            }
            return SessionFixtures.json(200, #"{"total_count": \#(count), "list": [\#(items.joined(separator: ","))]}"#)
        default:
            return SessionFixtures.json(404, #"{"message": "Not Found"}"#)
        }
    }
}

/// The notifications model of a Coordinator logged in with a token on `transport` (keep the Coordinator).
@MainActor
private func makeModel(_ transport: PagedInboxTransport) -> (NotificationsViewModel, Coordinator) {
    let client = GiteeClient(configuration: GiteeConfiguration(server: SessionFixtures.server, retry: .none),
                             transport: transport)
    let session = Session(client: client, store: nil, environment: ["MAYUN_TOKEN": "env-token"])
    let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                  preferences: InMemoryPreferences(),
                                  services: AppServices(client: client, session: session))
    return (coordinator.notifications, coordinator)
}

/// Older notification threads come a page at a time when asked for, stay across background refreshes (which read
/// only the newest page), and a failed page is told without losing what is shown.
final class NotificationsOlderTests: XCTestCase {
    func testOlderThreadsComeAPageAtATimeUntilTheEnd() {
        onMain {
            let transport = PagedInboxTransport(count: 120)
            let (model, coordinator) = makeModel(transport)
            defer { withExtendedLifetime(coordinator) {} }
            model.start()
            waitUntil("the newest page") { model.state == .content }
            XCTAssertEqual(model.items.count, 50)
            XCTAssertTrue(model.hasOlder)
            XCTAssertEqual(model.rows.last, .older(loading: false), "the list ends with Show Older Notifications")

            model.showOlder()
            XCTAssertEqual(model.rows.last, .older(loading: true), "asked once: the button waits")
            waitUntil("the second page") { model.items.count == 100 }
            model.showOlder()
            waitUntil("the last page") { model.items.count == 120 }
            XCTAssertFalse(model.hasOlder)
            XCTAssertNotEqual(model.rows.last, .older(loading: false), "no button at the end of everything")
            XCTAssertEqual(transport.pagesAsked, [1, 2, 3])
            XCTAssertEqual(Set(model.items.map(\.id)).count, 120, "no thread twice")
        }
    }

    func testABackgroundRefreshKeepsTheOlderThreadsShown() {
        onMain {
            let transport = PagedInboxTransport(count: 120)
            let (model, coordinator) = makeModel(transport)
            defer { withExtendedLifetime(coordinator) {} }
            model.start()
            waitUntil("the newest page") { model.state == .content }
            model.showOlder()
            waitUntil("the second page") { model.items.count == 100 }
            // Five new threads arrive: the first page now ends five threads earlier.
            transport.count = 125
            model.refresh()
            waitUntil("the refresh") { model.items.count == 105 }
            XCTAssertEqual(transport.pagesAsked.last, 1, "a refresh reads the newest page only")
            XCTAssertTrue(model.hasOlder)
            model.showOlder()
            waitUntil("the rest") { !model.hasOlder }
            XCTAssertEqual(Set(model.items.map(\.id)).count, 125, "every thread once, none lost at the page seams")
        }
    }

    func testAFailedOlderPageKeepsTheListAndCanBeAskedAgain() {
        onMain {
            let transport = PagedInboxTransport(count: 80)
            let (model, coordinator) = makeModel(transport)
            defer { withExtendedLifetime(coordinator) {} }
            model.start()
            waitUntil("the newest page") { model.state == .content }
            transport.failingPage = 2
            model.showOlder()
            waitUntil("the failure is settled") { !model.isLoadingOlder }
            XCTAssertEqual(model.items.count, 50, "what was shown stays")
            XCTAssertEqual(model.rows.last, .older(loading: false), "Show Older Notifications can be asked again")
            transport.failingPage = nil
            model.showOlder()
            waitUntil("the second page") { model.items.count == 80 }
            XCTAssertFalse(model.hasOlder)
        }
    }
}
