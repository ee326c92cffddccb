import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// An inbox whose contents are generic, as Gitee's may be: only the subjects tell the threads apart.
@MainActor
private final class InboxTransport: Transport {
    private(set) var requests: [HTTPRequest] = []

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        requests.append(request)
        let path = URL(string: request.url)?.path ?? ""
        switch (request.method, path) {
        case ("GET", "/api/v5/user"):
            return HTTPResponse(status: 200, body: Data(#"{"id": 7, "login": "mayun-demo", "name": "Mayun Demo"}"#.utf8))
        case ("GET", "/api/v5/notifications/threads"):
            return HTTPResponse(status: 200, body: Data(#"""
                {"total_count": 4, "list": [
                 {"id": 1, "content": "li 评论了", "type": "event", "unread": true, "updated_at": "2024-05-06T10:00:00+08:00",
                  "html_url": "https://gitee.com/oschina/gitee-app/issues/I1", "repository": {"id": 1, "full_name": "oschina/gitee-app"},
                  "subject": {"title": "启动时崩溃 Crash when the window opens on a small screen", "type": "Issue"}},
                 {"id": 2, "content": "wang 在评论中提到了你", "type": "referer", "unread": true, "updated_at": "2024-05-05T10:00:00+08:00",
                  "html_url": "https://gitee.com/mayun-app/very-long-repository-name-for-layout/pulls/3",
                  "repository": {"id": 2, "full_name": "mayun-app/very-long-repository-name-for-layout"},
                  "subject": {"title": "Add caching of avatars", "type": "PullRequest"}},
                 {"id": 3, "content": "li 评论了", "type": "event", "unread": false, "updated_at": "2024-05-04T10:00:00+08:00",
                  "html_url": "https://gitee.com/oschina/gitee-app/issues/I2", "repository": {"id": 1, "full_name": "oschina/gitee-app"},
                  "subject": {"title": "Typo in README", "type": "Issue"}}]}
                """#.utf8))
        case ("GET", "/api/v5/notifications/messages"):
            return HTTPResponse(status: 200, body: Data(#"""
                {"total_count": 1, "list": [{"id": 9, "content": "你好，周末有空吗？", "unread": true,
                 "sender": {"id": 2, "login": "wang", "name": "Wang"}, "updated_at": "2024-05-03T00:00:00+08:00"}]}
                """#.utf8))
        default:
            return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
        }
    }
}

final class NotificationCenterPageTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// At 360 px: subjects lead the rows under their repositories' headers, the mentions filter narrows the list,
    /// and the page stays inside the phone's width (light and night screenshots are written for a person to look at).
    func testRowsShowSubjectsGroupedByRepositoryAtPhoneWidth() {
        onMain {
            let transport = InboxTransport()
            let coordinator = loggedInCoordinator(transport: transport)
            let theme = ThemeController(nightMode: coordinator.nightMode,
                                        themesDirectory: AppResources.locate().themesDirectory)
            _ = theme
            coordinator.push(.notifications)
            guard let (page, window) = presentTop(of: coordinator, width: 360, height: 640) else {
                return XCTFail("no page")
            }
            defer { gtk_window_destroy(typed(window)) }
            for expected in ["启动时崩溃 Crash when the window opens on a small screen", "Add caching of avatars",
                             "Typo in README", "oschina/gitee-app", "mayun-app/very-long-repository-name-for-layout",
                             "Private Messages", "wang 在评论中提到了你"] {
                waitUntil("\"\(expected)\" shows") { visibleLabelTexts(in: page.root).contains(expected) }
            }
            waitForFrames(of: window, count: 3)
            XCTAssertLessThanOrEqual(gtk_widget_get_width(window), 360, "nothing forces the page wider than a phone")
            let outside = widgetsOutsideTheirParents(in: window)
            XCTAssertTrue(outside.isEmpty, "outside their parent: " + outside.prefix(8).joined(separator: "; "))
            screenshotsInLightAndNight(of: window, nightMode: coordinator.nightMode, named: "notifications-360")

            let mentions = descendants(of: page.root).first {
                isA($0, gtk_toggle_button_get_type()) && gtk_button_get_label(typed($0)).map { String(cString: $0) } == "Mentions"
            }
            guard let mentions else { return XCTFail("no Mentions filter") }
            gtk_toggle_button_set_active(typed(mentions), 1)
            XCTAssertTrue(coordinator.notifications.filter.mentionsOnly)
            waitUntil("only the mention is left") { !visibleLabelTexts(in: page.root).contains("Typo in README") }
            XCTAssertTrue(visibleLabelTexts(in: page.root).contains("Add caching of avatars"))
            XCTAssertFalse(visibleLabelTexts(in: page.root).contains("Private Messages"))

            // Choosing the long repository name keeps the page within 360 px (the drop-down ellipsizes).
            gtk_toggle_button_set_active(typed(mentions), 0)
            coordinator.notifications.filter.repository = "mayun-app/very-long-repository-name-for-layout"
            waitUntil("only that repository is left") { !visibleLabelTexts(in: page.root).contains("oschina/gitee-app") }
            waitForFrames(of: window, count: 3)
            XCTAssertLessThanOrEqual(gtk_widget_get_width(window), 360, "the chosen repository does not widen the page")
            let path = repositoryRoot.appendingPathComponent("tests/artifacts/notifications-360-repository.png").path
            let saved = withRenderedSurface(of: window) { cairo_surface_write_to_png($0, path) == CAIRO_STATUS_SUCCESS }
            XCTAssertEqual(saved, true, "screenshot \(path) written")

            // The reply composer opens from a message's Reply button, inside the phone's width.
            coordinator.notifications.filter.repository = nil
            waitUntil("every group is back") { visibleLabelTexts(in: page.root).contains("Private Messages") }
            let reply = descendants(of: page.root).first {
                // A shown one: the list recycles its row widgets, and only a message's row shows Reply.
                isA($0, gtk_button_get_type()) && gtk_widget_is_drawable($0) != 0
                    && gtk_widget_get_tooltip_text($0).map { String(cString: $0) } == "Reply"
            }
            guard let reply else { return XCTFail("no Reply button on the message") }
            XCTAssertEqual(gtk_widget_activate(reply), 1, "the Reply button can be pressed")
            waitUntil("the composer is for the sender") { coordinator.notifications.reply.recipient?.login == "wang" }
            waitUntil("the composer shows") { visibleLabelTexts(in: page.root).contains("Reply to Wang") }
            waitForFrames(of: window, count: 3)
            XCTAssertLessThanOrEqual(gtk_widget_get_width(window), 360, "the composer fits a phone")
            let replyPath = repositoryRoot.appendingPathComponent("tests/artifacts/notifications-360-reply.png").path
            let replySaved = withRenderedSurface(of: window) {
                cairo_surface_write_to_png($0, replyPath) == CAIRO_STATUS_SUCCESS
            }
            XCTAssertEqual(replySaved, true, "screenshot \(replyPath) written")
        }
    }
}
