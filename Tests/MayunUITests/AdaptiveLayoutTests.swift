import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// The window from a 360 px phone to a desktop: at 360 x 640 and 1280 x 800, in light and night, the window keeps the
/// size it was given (no child's minimum width forces it wider) and no visible widget is allocated outside its parent.
/// Screenshots of each case go to tests/artifacts/adaptive-*.png.
final class AdaptiveLayoutTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    static let sizes: [(width: Int32, height: Int32)] = [(360, 640), (1280, 800)]
    static let project = RepositoryID(owner: "kit101", name: "drone-yml-test")

    /// Runs `body` with a fresh window at each of `sizes`, closed after it.
    private func forEachSize(_ body: @MainActor (AdaptiveFixture) -> Void) {
        onMain {
            for size in Self.sizes {
                let fixture = AdaptiveFixture(size: size)
                defer { fixture.close() }
                body(fixture)
            }
        }
    }

    func testMainWindowFitsPhoneAndDesktop() {
        forEachSize { fixture in
            waitUntil("the Featured rows arrive") { visibleLabelTexts(in: fixture.window).contains("drone-yml-test") }
            fixture.checkLayout("main window")
            // The tab switcher sits in the header on a wide window and in a bar at the bottom on a phone.
            let bar = firstWidget(in: fixture.window, ofType: adw_view_switcher_bar_get_type())
            XCTAssertEqual(bar.map { adw_view_switcher_bar_get_reveal(opaque($0)) != 0 }, fixture.size.width < 600,
                           "the bottom switcher bar shows exactly on the narrow window (\(fixture.size.width) px)")
            fixture.screenshots("main")
        }
    }

    /// Opening a project from a list moves the keyboard focus into the new page (GtkStack does, when the focus was
    /// in the page it leaves), and its first focusable widget is the selectable description. GTK selects a
    /// selectable label's whole text when it is focused unless gtk-label-select-on-focus is off: the page opened
    /// with its description highlighted.
    func testOpeningAProjectFromTheListLeavesItsTextUnselected() {
        onMain {
            let fixture = AdaptiveFixture(size: (1280, 800), latency: .milliseconds(100))
            defer { fixture.close() }
            waitUntil("the Featured rows arrive") { visibleLabelTexts(in: fixture.window).contains("drone-yml-test") }
            let row = descendants(of: fixture.window).first {
                attachment(of: raw($0), key: "mayun-row-host", as: RowHost.self)?.shownIndex == 0
                    && gtk_widget_get_mapped($0) != 0
            }
            guard let row, let item = gtk_widget_get_parent(row), let list = gtk_widget_get_parent(item)
            else { return XCTFail("no row") }
            XCTAssertEqual(gtk_widget_grab_focus(item), 1, "the row takes the focus, as after a click or Tab")
            // What a click or Enter on the row does: the list's activate-item action, which pushes the project.
            gtk_widget_activate_action_variant(list, "list.activate-item", g_variant_new_uint32(0))
            waitUntil("the project header shows") {
                visibleLabelTexts(in: fixture.window).contains("kit101/drone-yml-test")
            }
            @MainActor func selectableLabels() -> [Widget] {
                descendants(of: fixture.window).filter {
                    isA($0, gtk_label_get_type()) && gtk_label_get_selectable(opaque($0)) != 0
                        && gtk_widget_get_mapped($0) != 0 && gtk_label_get_text(opaque($0)).map { $0.pointee != 0 } == true
                }
            }
            waitUntil("the project's description shows, after the loading state") { !selectableLabels().isEmpty }
            // Whether the text was there when the focus arrived depends on the network (here it came after the
            // loading state, so GTK selected an empty text); when a saved copy fills the page at once, GtkStack's
            // gtk_widget_child_focus(page, TAB_FORWARD) finds it filled. Do that now, as GtkStack does.
            let navigation = descendants(of: fixture.window).first {
                isA($0, gtk_stack_get_type()) && gtk_stack_get_child_by_name(opaque($0), "tabs") != nil
            }
            guard let navigation, let page = gtk_stack_get_visible_child(opaque(navigation))
            else { return XCTFail("no page") }
            gtk_root_set_focus(OpaquePointer(fixture.window), nil)
            XCTAssertEqual(gtk_widget_child_focus(page, GTK_DIR_TAB_FORWARD), 1)
            waitForFrames(of: fixture.window, count: 3)
            let focus = gtk_root_get_focus(OpaquePointer(fixture.window))
            let selectable = selectableLabels()
            XCTAssertTrue(focus.map { f in selectable.contains { $0 == f } } ?? false,
                          "the focus moved to the page's first selectable label (the case that selected it)")
            for label in selectable {
                var start: Int32 = 0, end: Int32 = 0
                let selected = gtk_label_get_selection_bounds(opaque(label), &start, &end) != 0 && start != end
                XCTAssertFalse(selected, "\"\(gtk_label_get_text(opaque(label)).map { String(cString: $0) } ?? "")\" "
                               + "is selected (\(start)..<\(end)) when the page opens")
            }
            fixture.screenshots("project-opened-from-list")
        }
    }

    func testProjectPageFitsPhoneAndDesktop() {
        forEachSize { fixture in
            fixture.coordinator.push(.project(Self.project))
            waitUntil("the project header shows") {
                visibleLabelTexts(in: fixture.window).contains("kit101/drone-yml-test")
                    && visibleLabelTexts(in: fixture.window).contains("Owner")
            }
            fixture.waitForRenderedDocument()
            fixture.checkLayout("project page")
            fixture.screenshots("project")
        }
    }

    /// The README on its own page (the project's Readme row): the document pane with its file bar above.
    func testReadmePageFitsPhoneAndDesktop() {
        forEachSize { fixture in
            fixture.coordinator.push(.readme(Self.project, ref: nil))
            fixture.waitForRenderedDocument()
            fixture.checkLayout("README page")
            fixture.screenshots("readme")
        }
    }

    func testIssuePageFitsPhoneAndDesktop() {
        forEachSize { fixture in
            fixture.coordinator.push(.issue(Self.project, number: "I4CD5P"))
            waitUntil("the issue shows") { visibleLabelTexts(in: fixture.window).contains("Comments") }
            fixture.checkLayout("issue page")
            fixture.screenshots("issue")
        }
    }

    /// A project's issue and pull request lists: the state filters and the bar's trailing widget share the width.
    /// At 360 px the pull requests' bar held the window at 456 px (the repository name, not ellipsized).
    func testIssueAndPullRequestListsFitPhoneAndDesktop() {
        forEachSize { fixture in
            fixture.coordinator.push(.issues(Self.project))
            waitUntil("the issues arrive") { visibleLabelTexts(in: fixture.window).contains("test issue 1") }
            fixture.checkLayout("issue list")
            fixture.screenshots("issues")
            fixture.coordinator.push(.pullRequests(Self.project))
            waitUntil("the pull requests arrive") {
                visibleLabelTexts(in: fixture.window).contains("create crud pr by api")
            }
            fixture.checkLayout("pull request list")
            fixture.screenshots("pulls")
        }
    }

    func testSettingsFitPhoneAndDesktop() {
        forEachSize { fixture in
            // The Preferences window: 640 px wide on a desktop, the main window's width on a phone.
            fixture.coordinator.openSettings()
            guard let preferences = waitForPreferencesWindow(over: fixture.window) else { return }
            XCTAssertLessThanOrEqual(gtk_widget_get_width(preferences), min(640, fixture.size.width))
            XCTAssertLessThanOrEqual(gtk_widget_get_height(preferences), min(720, fixture.size.height))
            waitUntil("General shows") { visibleLabelTexts(in: preferences).contains("Appearance") }
            fixture.checkLayout("preferences, General", in: preferences)
            fixture.screenshots("preferences-general", of: preferences)
            fixture.coordinator.openSettings(at: .passwordLogin)
            waitUntil("Login shows") { visibleLabelTexts(in: preferences).contains("Password Login") }
            fixture.checkLayout("preferences, Login", in: preferences)
            fixture.screenshots("preferences-login", of: preferences)
        }
    }
}

/// Serves the recorded project, issue and comments for their pages and the recorded repository list for every list.
@MainActor
final class ProjectTransport: Transport {
    /// FakeGitee's README for fox-chen/jade-sql: a centred logo, badges, a table, task lists, code blocks.
    static let readme = """
        <p align="center">
          <picture>
            <source media="(prefers-color-scheme: dark)" srcset="docs/images/logo-dark.png">
            <img src="docs/images/logo.png" alt="jade-sql logo" width="120">
          </picture>
        </p>

        <h1 align="center">jade-sql</h1>

        <p align="center">
          <a href="LICENSE"><img src="docs/images/badge-license.svg" alt="license"></a>
          <img src="docs/images/badge-build.svg" alt="build passing">
          <img src="https://img.shields.io/badge/stars-0-blue" alt="stars">
        </p>

        > No description yet.

        ## Introduction

        jade-sql is an open source project written in **Ruby**. Read the [guide](docs/guide.md) and the [changelog](CHANGELOG.md).

        ![screenshot](docs/images/screenshot.jpg)

        ## Features

        | Feature | Status | Notes |
        |:-----|:----:|-----:|
        | Login | ✅ | OAuth2 |
        | Dark theme | 🚧 | `prefers-color-scheme` |
        | i18n | ❌ | planned |

        ## Roadmap

        - [x] Core framework
        - [x] Unit tests
        - [ ] Plugin market
        - [ ] ~~Legacy mode~~

        ## Quick start

        ```bash
        git clone https://gitee.com/fox-chen/jade-sql.git
        cd jade-sql && ./build.sh
        ```

        ```ruby
        # frozen_string_literal: true

        class Greeter
          def initialize(name) = @name = name
          def greet = "Hello, #{@name}!"
        end

        puts Greeter.new('jade-sql').greet
        ```

        ```json
        { "name": "jade-sql", "stars": 0, "language": "Ruby" }
        ```

        <details>
        <summary>FAQ (click to expand)</summary>

        **Q:** Does it run on Windows?
        **A:** Yes, and Linux and macOS too.

        </details>

        ## Demo

        <div align="center">
          <img src="docs/images/demo.gif" alt="demo" width="160">
          <br><sub>Animated demo</sub>
        </div>

        ## Contributing

        1. Fork this repository
        2. Create `feat/xxx` branch
        3. Commit and open a pull request

        Source entry: [hello.rb](src/main/hello.rb) · Examples: [examples/](examples) · <a href="LICENSE">Apache-2.0</a>

        ---
        <sub>Generated by FakeGitee (seeded world) · 9.9.6</sub>
        """

    /// Added to every answer but lists' (a network's round trip: the page first shows its loading state).
    var latency: Duration = .zero

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        if let answer = extraAnswers(request) { return answer }
        let samples = sharedSamples
        if latency > .zero, !request.url.contains("/projects/") { try await Task.sleep(for: latency) }
        if request.url.contains("/issues/I4CD5P/comments") {
            return HTTPResponse(status: 200, headers: ["total_page": "1"],
                                body: (try? Data(contentsOf: samples.appendingPathComponent("issue_comments.json"))) ?? Data("[]".utf8))
        }
        if request.url.contains("/issues/I4CD5P") {
            return HTTPResponse(status: 200, body: (try? Data(contentsOf: samples.appendingPathComponent("issue.json"))) ?? Data())
        }
        for (list, sample) in [("/repos/kit101/drone-yml-test/issues?", "issues.json"),
                               ("/repos/kit101/drone-yml-test/pulls?", "pulls.json")] where request.url.contains(list) {
            return HTTPResponse(status: 200, headers: ["total_page": "1"],
                                body: (try? Data(contentsOf: samples.appendingPathComponent(sample))) ?? Data("[]".utf8))
        }
        if request.url.contains("/repos/kit101/drone-yml-test/readme") {
            let body = ["type": "file", "encoding": "base64", "name": "README.md", "path": "README.md",
                        "content": Data(Self.readme.utf8).base64EncodedString()]
            return HTTPResponse(status: 200, body: (try? JSONSerialization.data(withJSONObject: body)) ?? Data())
        }
        if request.url.contains("/repos/kit101/drone-yml-test"), !request.url.contains("/readme") {
            return HTTPResponse(status: 200, body: (try? Data(contentsOf: samples.appendingPathComponent("repo.json"))) ?? Data())
        }
        if request.url.contains("/projects/") || request.url.contains("/search/") {
            return HTTPResponse(status: 200, headers: ["total_page": "1"],
                                body: (try? Data(contentsOf: samples.appendingPathComponent("repos.json"))) ?? Data("[]".utf8))
        }
        return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
    }
    var extraAnswers: @MainActor (HTTPRequest) -> HTTPResponse? = { _ in nil }  // other suites' pages (issue 28)
}

@MainActor
final class AdaptiveFixture {
    /// Every image (avatars, README pictures) is a 1100 x 760 screenshot: wider than a phone.
    nonisolated static let picture = (try? Data(contentsOf: repositoryRoot.appendingPathComponent("data/screenshots/main.png")))
        ?? Data()

    let preferences: InMemoryPreferences
    let coordinator: Coordinator
    let theme: ThemeController
    let mainWindow: MainWindow
    let size: (width: Int32, height: Int32)
    let transport = ProjectTransport()

    init(size: (width: Int32, height: Int32), latency: Duration = .zero) {
        self.size = size
        transport.latency = latency
        preferences = InMemoryPreferences(windowGeometry: WindowGeometry(width: Int(size.width), height: Int(size.height),
                                                                         isMaximized: false))
        coordinator = Coordinator(testing: testEnvironment(), preferences: preferences,
                                  services: testServices(transport: transport, drafts: freshDrafts()))
        theme = ThemeController(nightMode: coordinator.nightMode, themesDirectory: AppResources.locate().themesDirectory)
        mainWindow = MainWindow(application: testApplication, coordinator: coordinator, preferences: preferences,
                                images: ImageLoader(fetch: { _, _ in FetchedImage(data: Self.picture, wasAuthenticated: false) }, diskDirectory: nil))
        gtk_window_present(typed(mainWindow.window))
        waitUntil("the window is laid out") { gtk_widget_get_width(self.mainWindow.window) > 0 }
    }

    var window: Widget { mainWindow.window }

    /// The window kept the size it was given, and every mapped widget lies inside its parent.
    func checkLayout(_ what: String, in target: Widget? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let window = target ?? window
        // Mid-animation, a sliding page, a revealer's child or a squeezer's outgoing child may lie outside.
        func transitionsRunning() -> Bool {
            descendants(of: window).contains {
                (isA($0, gtk_stack_get_type()) && gtk_stack_get_transition_running(opaque($0)) != 0)
                    || (isA($0, gtk_revealer_get_type())
                        && gtk_revealer_get_child_revealed(opaque($0)) != gtk_revealer_get_reveal_child(opaque($0)))
                    || (isA($0, adw_squeezer_get_type()) && adw_squeezer_get_transition_running(opaque($0)) != 0)
            }
        }
        waitUntil("page transitions and reveals have finished") { !transitionsRunning() }
        waitForFrames(of: window, count: 3)
        // A reveal can start in those frames (AdwViewSwitcherBar shows once the narrow title hides): let it end too.
        waitUntil("no transition started meanwhile") { !transitionsRunning() }
        // (The window widget may be a few pixels narrower than its default size: the client-side frame.)
        XCTAssertLessThanOrEqual(gtk_widget_get_width(window), size.width,
                       "\(what) at \(size.width) px: the window was not forced wider by a child's minimum width; "
                       + "too wide: " + widestMinimums(in: window, over: size.width).joined(separator: "; "),
                       file: file, line: line)
        let outside = widgetsOutsideTheirParents(in: window)
        XCTAssertTrue(outside.isEmpty, "\(what) at \(size.width) x \(size.height): outside their parent: "
                      + outside.prefix(8).joined(separator: "; "), file: file, line: line)
    }

    /// Light and night screenshots of the window as it is now.
    func screenshots(_ name: String, of target: Widget? = nil) {
        let window = target ?? window
        for mode in [NightMode.light, .night] {
            coordinator.nightMode.select(mode)
            waitForFrames(of: window, count: 2)
            let path = repositoryRoot.appendingPathComponent(
                "tests/artifacts/adaptive-\(name)-\(size.width)x\(size.height)-\(mode.rawValue).png").path
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            let saved = withRenderedSurface(of: window) { cairo_surface_write_to_png($0, path) == CAIRO_STATUS_SUCCESS }
            XCTAssertEqual(saved, true, "screenshot \(path) written")
        }
        coordinator.nightMode.select(.light)
    }

    /// Waits until a document pane (a README) is on screen.
    func waitForRenderedDocument() {
        waitUntil("the README is rendered", timeout: 10) {
            descendants(of: window).contains { isA($0, gtk_text_view_get_type()) && gtk_widget_get_mapped($0) != 0 }
        }
    }

    func close() {
        gtk_window_destroy(typed(window))
    }
}

/// Every mapped widget whose bounds (gtk_widget_compute_bounds in its parent's coordinates) reach outside its
/// parent by more than a pixel. Children of scrollable widgets (viewports, list and text views) are meant to extend
/// past what is shown and are not checked; popovers and other native surfaces are not children in this sense.
@MainActor
func widgetsOutsideTheirParents(in root: Widget) -> [String] {
    var found: [String] = []
    func visit(_ parent: Widget, depth: Int) {
        guard depth < 200 else { return }
        // Scrollables' children extend past what they show; a switcher's attention dot is drawn over its icon's
        // corner by design.
        let scrollable = [gtk_scrollable_get_type(), typeNamed("AdwIndicatorBin")]
            .contains { $0 != 0 && isA(parent, $0) }
        var child = gtk_widget_get_first_child(parent)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            guard gtk_widget_get_mapped(current) != 0, !isA(current, gtk_native_get_type()) else { continue }
            if !scrollable, gtk_widget_get_width(current) > 0, gtk_widget_get_height(current) > 0 {
                var bounds = graphene_rect_t()
                if gtk_widget_compute_bounds(current, parent, &bounds) != 0 {
                    let width = Float(gtk_widget_get_width(parent)), height = Float(gtk_widget_get_height(parent))
                    // Internal CSS nodes (GtkGizmo: a notebook's tab strip) may be drawn up to 2 px over the edge
                    // by Adwaita's stylesheet to merge borders; real widgets get a pixel of rounding.
                    let slack: Float = isA(current, typeNamed("GtkGizmo")) ? 2 : 1
                    if bounds.origin.x < -slack || bounds.origin.y < -slack
                        || bounds.origin.x + bounds.size.width > width + slack
                        || bounds.origin.y + bounds.size.height > height + slack {
                        found.append("\(typeName(current)) \(bounds.origin.x),\(bounds.origin.y) "
                                     + "\(bounds.size.width)x\(bounds.size.height) in \(typeName(parent)) \(width)x\(height) "
                                     + "in \(gtk_widget_get_parent(parent).map(typeName) ?? "-")")
                    }
                }
            }
            // A scrollbar's slider is drawn over its trough's edge by design.
            if !isA(current, gtk_scrollbar_get_type()) { visit(current, depth: depth + 1) }
        }
    }
    visit(root, depth: 0)
    return found
}

@MainActor
private func typeName(_ widget: Widget) -> String {
    let name = String(cString: g_type_name(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        .pointee.g_class.pointee.g_type))
    if isA(widget, gtk_label_get_type()) {
        return "\(name)(\(gtk_label_get_text(OpaquePointer(widget)).map { String(cString: $0) } ?? ""))"
    }
    return name
}

@MainActor
private func typeNamed(_ name: String) -> GType { g_type_from_name(name) }

/// The deepest widgets whose minimum width exceeds `limit`: what keeps a window from being that narrow.
@MainActor
func widestMinimums(in root: Widget, over limit: Int32) -> [String] {
    func minimumWidth(_ widget: Widget) -> Int32 {
        var minimum: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        return minimum
    }
    var found: [String] = []
    func visit(_ widget: Widget, path: String) {
        var child = gtk_widget_get_first_child(widget)
        var wideChild = false
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            if gtk_widget_get_visible(current) != 0, minimumWidth(current) > limit {
                wideChild = true
                visit(current, path: path + "/" + typeName(current))
            }
        }
        if !wideChild { found.append("\(path) (\(minimumWidth(widget)) px)") }
    }
    visit(root, path: typeName(root))
    return found
}
