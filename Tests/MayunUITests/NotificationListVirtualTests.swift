import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Fifty unread threads in five repositories, newest first, on one page as the `total_page` header says; with
/// `olderPage` ten older ones on a second page.
@MainActor
private final class LongInboxTransport: Transport {
    private(set) var requests: [HTTPRequest] = []
    private let olderPage: Bool

    init(olderPage: Bool = false) { self.olderPage = olderPage }

    private static func thread(_ id: Int) -> String {
        let minute = String(format: "%02d", 59 - id)
        let repo = "o/r" + String(id % 5)
        let fields: [String] = [
            "\"id\": " + String(id), "\"content\": \"li 评论了\"", "\"type\": \"event\"", "\"unread\": true",
            "\"updated_at\": \"2024-05-06T10:" + minute + ":00+08:00\"",
            "\"html_url\": \"https://gitee.com/" + repo + "/issues/I" + String(id) + "\"",
            "\"repository\": {\"id\": " + String(id % 5) + ", \"full_name\": \"" + repo + "\"}",
            "\"subject\": {\"title\": \"Thread " + String(id) + "\", \"type\": \"Issue\"}",
        ]
        return "{" + fields.joined(separator: ", ") + "}"
    }

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        requests.append(request)
        let path = URL(string: request.url)?.path ?? ""
        switch (request.method, path) {
        case ("GET", "/api/v5/user"):
            return HTTPResponse(status: 200, body: Data(#"{"id": 7, "login": "mayun-demo", "name": "Mayun Demo"}"#.utf8))
        case ("GET", "/api/v5/notifications/threads"):
            let secondPage = URLComponents(string: request.url)?.queryItems?.contains { $0.name == "page" && $0.value == "2" }
            let ids = secondPage == true ? Array(51...60) : Array(1...50)
            let total = olderPage ? 60 : 50
            let threads: [String] = ids.map(Self.thread)
            let body: String = "{\"total_count\": \(total), \"list\": [" + threads.joined(separator: ",") + "]}"
            return HTTPResponse(status: 200, headers: ["total_page": olderPage ? "2" : "1", "total_count": "\(total)"],
                                body: Data(body.utf8))
        case ("GET", "/api/v5/notifications/messages"):
            return HTTPResponse(status: 200, body: Data(#"{"total_count": 0, "list": []}"#.utf8))
        case ("PATCH", _):
            return HTTPResponse(status: 205, body: Data())
        default:
            return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
        }
    }
}

@MainActor
private func shownButtons(_ name: String, in root: Widget) -> [Widget] {
    descendants(of: root).filter {
        isA($0, gtk_button_get_type()) && gtk_widget_is_drawable($0) != 0
            && gtk_widget_get_tooltip_text($0).map { String(cString: $0) } == name
    }
}

/// How many rows the page's list view holds in its model (it takes a long list a screenful first, then a batch a
/// frame: `RowFeed`).
@MainActor
private func listedRows(in root: Widget) -> Int {
    let list = descendants(of: root).first {
        isA($0, gtk_list_view_get_type()) && gtk_widget_has_css_class($0, "project-list") != 0
    }
    return list.flatMap { gtk_list_view_get_model(OpaquePointer($0)) }.map { Int(g_list_model_get_n_items($0)) } ?? 0
}

final class NotificationListVirtualTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// 55 rows (five headers, fifty threads) in a 1280 x 800 window: one list view whose model holds a row per header
    /// and per thread, and marking one read changes that row while the rest stay.
    func testOnlyRowsNearTheScreenAreBuiltAndMarkingReadChangesOneRow() {
        onMain {
            let transport = LongInboxTransport()
            let coordinator = loggedInCoordinator(transport: transport)
            // The app's theme, so the screenshots show the rows as the app draws them.
            let theme = ThemeController(nightMode: coordinator.nightMode,
                                        themesDirectory: AppResources.locate().themesDirectory)
            defer { withExtendedLifetime(theme) {} }
            coordinator.push(.notifications)
            guard let (page, window) = presentTop(of: coordinator, width: 1280, height: 800) else {
                return XCTFail("no page")
            }
            defer { gtk_window_destroy(typed(window)) }
            waitUntil("the first thread shows") { visibleLabelTexts(in: page.root).contains("Thread 1") }
            waitUntil("every row is in the list") { listedRows(in: page.root) == 55 }
            waitForFrames(of: window, count: 3)
            XCTAssertEqual(coordinator.notifications.rows.count, 55, "five headers and fifty threads")
            screenshotsInLightAndNight(of: window, nightMode: coordinator.nightMode, named: "notifications-1280")
            // One GtkListView over a model of the 55 rows (the drop-down has a list view of its own).
            let lists = descendants(of: page.root).filter {
                isA($0, gtk_list_view_get_type()) && gtk_widget_has_css_class($0, "project-list") != 0
            }
            XCTAssertEqual(lists.count, 1, "the rows are one list view")
            if let list = lists.first, let model = gtk_list_view_get_model(OpaquePointer(list)) {
                XCTAssertEqual(g_list_model_get_n_items(model), 55, "one item per row, headers included")
            }
            let rowWidgets = descendants(of: page.root).filter { gtk_widget_has_css_class($0, "notification-row") != 0 }
            XCTAssertGreaterThan(rowWidgets.count, 3)
            XCTAssertLessThanOrEqual(rowWidgets.count, 55, "no more row widgets than rows")
            XCTAssertTrue(visibleLabelTexts(in: page.root).contains("o/r1"), "a repository's header is a row of the list")

            let marks = shownButtons("Mark as Read", in: page.root)
            XCTAssertGreaterThan(marks.count, 1, "each unread row on screen has Mark as Read")
            guard let first = marks.first else { return }
            gtk_widget_activate(first)
            waitUntil("read on the server") { transport.requests.contains { $0.method == "PATCH" } }
            XCTAssertEqual(coordinator.notifications.unreadCount, 49)
            waitForFrames(of: window, count: 2)
            XCTAssertEqual(coordinator.notifications.rows.count, 55, "read rows stay listed")
            // Whichever row shows the thread that was read no longer says unread nor offers Mark as Read.
            let read = coordinator.notifications.items.first { !$0.isUnread }?.title ?? "?"
            for label in descendants(of: page.root) where isA(label, gtk_label_get_type()) && gtk_widget_is_drawable(label) != 0
                && gtk_label_get_text(OpaquePointer(label)).map({ String(cString: $0) }) == read {
                var row: Widget? = label
                while let current = row, gtk_widget_has_css_class(current, "notification-row") == 0 {
                    row = gtk_widget_get_parent(current)
                }
                guard let row else { return XCTFail("\"\(read)\" is not in a notification row") }
                XCTAssertEqual(gtk_widget_has_css_class(row, "unread"), 0, "its row no longer says unread")
                XCTAssertTrue(shownButtons("Mark as Read", in: row).isEmpty, "nor offers Mark as Read")
            }
        }
    }

    /// While the server has older threads the list ends with "Show Older Notifications", which adds them.
    func testShowOlderNotificationsAddsTheNextPage() {
        onMain {
            let transport = LongInboxTransport(olderPage: true)
            let coordinator = loggedInCoordinator(transport: transport)
            coordinator.push(.notifications)
            guard let (page, window) = presentTop(of: coordinator, width: 1280, height: 800) else {
                return XCTFail("no page")
            }
            defer { gtk_window_destroy(typed(window)) }
            waitUntil("the first page shows") { visibleLabelTexts(in: page.root).contains("Thread 1") }
            XCTAssertEqual(coordinator.notifications.rows.count, 56, "five headers, fifty threads and Show Older")
            waitUntil("every row is in the list") { listedRows(in: page.root) == 56 }
            let older = descendants(of: page.root).filter {
                isA($0, gtk_button_get_type()) && gtk_widget_get_visible($0) != 0
                    && gtk_button_get_label(typed($0)).map { String(cString: $0) } == "Show Older Notifications"
            }
            XCTAssertEqual(older.count, 1, "one Show Older Notifications, at the end")
            guard let button = older.first else { return }
            // At the end of the list, for a person to look at.
            let theme = ThemeController(nightMode: coordinator.nightMode,
                                        themesDirectory: AppResources.locate().themesDirectory)
            defer { withExtendedLifetime(theme) {} }
            let list = descendants(of: page.root).first {
                isA($0, gtk_list_view_get_type()) && gtk_widget_has_css_class($0, "project-list") != 0
            }
            if let scroller = list.flatMap({ gtk_widget_get_parent($0) }),
               let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)) {
                for _ in 0..<3 {  // the list view estimates its height anew as rows near the end are measured
                    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
                    waitForFrames(of: window, count: 2)
                }
            }
            screenshotsInLightAndNight(of: window, nightMode: coordinator.nightMode, named: "notifications-show-older")
            gtk_widget_activate(button)
            waitUntil("the older page is listed") { coordinator.notifications.items.count == 60 }
            XCTAssertEqual(coordinator.notifications.rows.count, 65, "ten more threads, and no Show Older at the end")
            waitUntil("the older threads are in the list") { listedRows(in: page.root) == 65 }
        }
    }
}
