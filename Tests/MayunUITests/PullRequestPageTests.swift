import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Serves the recorded pull request samples, and a notification inbox, for the pull request and notification pages.
@MainActor
private final class PullTransport: Transport {
    private(set) var requests: [HTTPRequest] = []

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        requests.append(request)
        let path = URL(string: request.url)?.path ?? ""
        let pulls = "/api/v5/repos/kit101/drone-yml-test/pulls"
        let files = [pulls: "pulls.json", "\(pulls)/6": "pr.json", "\(pulls)/6/files": "pr_files.json",
                     "\(pulls)/6/commits": "pr_commits.json", "\(pulls)/6/comments": "pr_comments.json"]
        if let name = files[path], let body = try? Data(contentsOf: sharedSamples.appendingPathComponent(name)) {
            return HTTPResponse(status: 200, body: body)
        }
        switch (request.method, path) {
        case ("GET", "/api/v5/user"):
            return HTTPResponse(status: 200, body: Data(#"{"id": 7, "login": "mayun-demo", "name": "Mayun Demo"}"#.utf8))
        case ("GET", "/api/v5/notifications/threads"):
            return HTTPResponse(status: 200, body: Data(#"""
                {"total_count": 2, "list": [
                 {"id": 1, "content": "已读的通知", "unread": false, "updated_at": "2024-05-06T10:00:00+08:00"},
                 {"id": 2, "content": "请审查 Please review", "unread": true, "updated_at": "2024-05-05T10:00:00+08:00",
                  "html_url": "https://gitee.com/kit101/drone-yml-test/pulls/6",
                  "repository": {"id": 1, "full_name": "kit101/drone-yml-test"}, "subject": {"type": "PullRequest"}}]}
                """#.utf8))
        case ("GET", "/api/v5/notifications/messages"):
            return HTTPResponse(status: 200, body: Data(#"{"total_count": 0, "list": []}"#.utf8))
        case ("PATCH", "/api/v5/notifications/threads/2"):
            return HTTPResponse(status: 205, body: Data())
        default:
            return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
        }
    }
}

@MainActor
private func present(_ route: Route, coordinator: Coordinator) -> (GtkKit.Page, UnsafeMutablePointer<GtkWidget>) {
    coordinator.push(route)
    let page = PageFactory(images: testImages()).makePage(for: coordinator.top!)
    let window = gtk_window_new()!
    gtk_window_set_default_size(typed(window), 900, 700)
    gtk_window_set_child(typed(window), page.root)
    gtk_window_present(typed(window))
    return (page, window)
}

final class PullRequestPageTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testThePageShowsBranchesAndEachFilesDiff() {
        onMain {
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices(transport: PullTransport()))
            let (page, window) = present(.pullRequest(RepositoryID(owner: "kit101", name: "drone-yml-test"), number: 6),
                                         coordinator: coordinator)
            defer { gtk_window_destroy(typed(window)) }
            guard let pullPage = page as? PullRequestPage else { return XCTFail("not a pull request page") }
            waitUntil("four files in the diff") { pullPage.viewModel.diff.files.count == 4 }
            for expected in ["new-feature", "Open", "crud into master", "add3", "1 commit", "test comment 1"] {
                waitUntil("\"\(expected)\" shows") { visibleTexts(in: page.root).contains(expected) }
            }
            pullPage.showFiles()
            waitUntil("the diff's rows are drawn") {
                descendants(of: pullPage.diff.listWidget).contains {
                    gtk_widget_has_css_class($0, "diff-removed") != 0 && gtk_widget_get_mapped($0) != 0
                }
            }
            for expected in ["change/add.txt", "@@ -1 +0,0 @@", "− add", "change/add2.txt", "+4", "−0",
                             "   No newline at end of file", "No textual changes to show.", "4 files changed  ·  +10  −2"] {
                waitUntil("\"\(expected)\" shows") { visibleLabelTexts(in: page.root).contains(expected) }
            }
            XCTAssertEqual(page.title, "!6")
            let path = repositoryRoot.appendingPathComponent("tests/artifacts/pull-request-files.png").path
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            waitForFrames(of: window, count: 2)
            let saved = withRenderedSurface(of: window) { cairo_surface_write_to_png($0, path) == CAIRO_STATUS_SUCCESS }
            XCTAssertEqual(saved, true, "screenshot \(path) written")
        }
    }

    func testNotificationsPageMarksReadAndMineShowsTheBadge() {
        onMain {
            let transport = PullTransport()
            let coordinator = loggedInCoordinator(transport: transport)
            let mine = PageFactory(images: testImages()).makeMineTab(coordinator.mineTab)
            let mineWindow = gtk_window_new()!
            gtk_window_set_child(typed(mineWindow), mine.root)
            gtk_window_present(typed(mineWindow))
            defer { gtk_window_destroy(typed(mineWindow)) }
            let (page, window) = present(.notifications, coordinator: coordinator)
            defer { gtk_window_destroy(typed(window)) }
            waitUntil("the list") { visibleLabelTexts(in: page.root).contains("请审查 Please review") }
            waitUntil("Mine's badge says 1") { visibleLabelTexts(in: mine.root).contains("1") }
            let buttons = descendants(of: page.root).filter {
                // Shown ones: the list recycles its row widgets, and a read row keeps its button hidden.
                isA($0, gtk_button_get_type()) && gtk_widget_is_drawable($0) != 0
                    && gtk_widget_get_tooltip_text($0).map { String(cString: $0) } == "Mark as Read"
            }
            XCTAssertEqual(buttons.count, 1, "only the unread one has Mark as Read")
            gtk_widget_activate(buttons[0])
            waitUntil("read on the server") { transport.requests.contains { $0.method == "PATCH" } }
            waitUntil("the badge goes") { !visibleLabelTexts(in: mine.root).contains("1") }
            XCTAssertEqual(coordinator.notifications.unreadCount, 0)
        }
    }

    func testTheSettingsSwitchTurnsDesktopNotificationsOff() {
        onMain {
            let preferences = InMemoryPreferences()
            let coordinator = Coordinator(testing: testEnvironment(), preferences: preferences,
                                          services: testServices())
            let parent = gtk_window_new()!
            coordinator.openSettings()
            let window = PreferencesWindow(viewModel: coordinator.settings!, over: WidgetRef(widget: parent)) {}
            window.present()
            defer { gtk_window_destroy(typed(parent)) }
            XCTAssertTrue(visibleLabelTexts(in: window.window.widget).contains("Desktop notifications"))
            let toggle = descendants(of: window.window.widget).first { isA($0, gtk_switch_get_type()) }
            guard let toggle else { return XCTFail("no switch") }
            XCTAssertEqual(gtk_switch_get_active(OpaquePointer(toggle)), 1, "on by default")
            gtk_switch_set_active(OpaquePointer(toggle), 0)
            XCTAssertFalse(preferences.desktopNotifications)
            XCTAssertFalse(coordinator.notifications.desktopNotificationsEnabled)
        }
    }
}
