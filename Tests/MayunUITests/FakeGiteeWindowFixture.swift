import CGtk
import FakeGitee
import Foundation
import GLibRuntime
@testable import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// The app's main window at a given size against one FakeGitee shared by these tests (issues 24 and 27), logged in
/// as the demo account (a member of its own projects, no one's member elsewhere) or logged out. Pages are pushed on
/// the Coordinator as the app does; layout checks and light/night screenshots as `AdaptiveFixture` takes them.
@MainActor
final class FakeGiteeWindowFixture {
    static let server = FakeGiteeServer.startedForTests {
        $0.projectCount = 80
        $0.userCount = 20
    }

    let size: (width: Int32, height: Int32)
    let client: GiteeClient
    let coordinator: Coordinator
    let theme: ThemeController
    let mainWindow: MainWindow
    let draftsFolder: URL

    init(size: (width: Int32, height: Int32), loggedIn: Bool = true) {
        self.size = size
        Self.server.clearFaults()
        client = GiteeClient(configuration: GiteeConfiguration(server: Self.server.baseURL, appVersion: "test", retry: .none))
        let session = Session(client: client, store: nil, environment: [:])
        draftsFolder = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-talk-drafts-\(UUID().uuidString)")
        let preferences = InMemoryPreferences(windowGeometry: WindowGeometry(width: Int(size.width), height: Int(size.height),
                                                                             isMaximized: false))
        coordinator = Coordinator(testing: testEnvironment(), preferences: preferences,
                                  services: AppServices(client: client, session: session,
                                                        drafts: DraftStore(directory: draftsFolder)))
        theme = ThemeController(nightMode: coordinator.nightMode, themesDirectory: AppResources.locate().themesDirectory)
        if loggedIn { Self.finish("log in") { _ = try? await session.logIn(personalToken: "mayun-demo-token") } }
        mainWindow = MainWindow(application: testApplication, coordinator: coordinator, preferences: preferences,
                                images: testImages())
        gtk_window_present(typed(mainWindow.window))
        waitUntil("the window is laid out") { gtk_widget_get_width(self.mainWindow.window) > 0 }
    }

    var window: Widget { mainWindow.window }

    func close() {
        gtk_window_destroy(typed(window))
        try? FileManager.default.removeItem(at: draftsFolder)
    }

    /// Runs `work` on the main actor and waits for it.
    func finish(_ what: String, _ work: @escaping @MainActor () async -> Void) { Self.finish(what, work) }

    static func finish(_ what: String, _ work: @escaping @MainActor () async -> Void) {
        var done = false
        Task { @MainActor in
            await work()
            done = true
        }
        waitUntil(what, timeout: 10) { done }
    }

    /// A non-empty public project the demo account owns (`own`) or someone else's, with issues.
    func project(own: Bool) throws -> RepositoryID {
        let world = Self.server.world
        let demo = try XCTUnwrap(world.user(login: "mayun-demo"))
        for project in world.projects where (project.ownerID == demo.id) == own && !project.isEmpty && !project.isPrivate {
            let repo = RepositoryID(owner: world.owner(of: project).login, name: project.path)
            var issues: [Issue] = []
            finish("the issues of \(repo)") { [client] in
                issues = (try? await client.send(Endpoints.issues(owner: repo.owner, repo: repo.name, state: .all))) ?? []
            }
            if !issues.isEmpty { return repo }
        }
        XCTFail("no project with issues")  // the seeded world always has some
        throw NoProjectWithIssues()
    }

    /// The page on top, once the window shows it.
    func topPage() -> Widget? {
        descendants(of: window).first { attachment(of: raw($0), key: "mayun-page", as: Page.self) != nil }
    }

    /// The window kept its size and no visible widget lies outside its parent (see `AdaptiveFixture.checkLayout`).
    func checkLayout(_ what: String, file: StaticString = #filePath, line: UInt = #line) {
        func transitionsRunning() -> Bool {
            descendants(of: window).contains {
                (isA($0, gtk_stack_get_type()) && gtk_stack_get_transition_running(opaque($0)) != 0)
                    || (isA($0, gtk_revealer_get_type())
                        && gtk_revealer_get_child_revealed(opaque($0)) != gtk_revealer_get_reveal_child(opaque($0)))
            }
        }
        waitUntil("page transitions have finished") { !transitionsRunning() }
        waitForFrames(of: window, count: 3)
        waitUntil("no transition started meanwhile") { !transitionsRunning() }
        XCTAssertLessThanOrEqual(gtk_widget_get_width(window), size.width,
                                 "\(what) at \(size.width) px: too wide: "
                                 + widestMinimums(in: window, over: size.width).joined(separator: "; "), file: file, line: line)
        let outside = widgetsOutsideTheirParents(in: window)
        XCTAssertTrue(outside.isEmpty, "\(what) at \(size.width) px: outside their parent: "
                      + outside.prefix(8).joined(separator: "; "), file: file, line: line)
    }

    /// tests/artifacts/<name>-<width>-light.png and -night.png.
    func screenshots(_ name: String) {
        screenshotsInLightAndNight(of: window, nightMode: coordinator.nightMode, named: "\(name)-\(size.width)")
    }
}

struct NoProjectWithIssues: Error {}

/// The texts of every label under `root`, shown or not (a closed popover's lines).
@MainActor
func allLabelTexts(in root: Widget) -> [String] {
    descendants(of: root).filter { isA($0, gtk_label_get_type()) }
        .compactMap { gtk_label_get_text(OpaquePointer($0)).map { String(cString: $0) } }
}
