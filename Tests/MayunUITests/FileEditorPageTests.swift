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

/// The editor pages (issue 27) in a real window against FakeGitee: Edit shows the file in an editable source view
/// with the commit panel (message "Update <name>", Commit insensitive until the text changes), a commit from the
/// panel reaches the server; a stale sha shows the conflict box with the diff and Commit on Top; New File's name
/// check and message; the folder page's write bar only with push rights. Screenshots in light and night
/// (tests/artifacts/editor-*.png).
final class FileEditorPageTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testEditingAndCommittingFromThePanel() throws {
        try onMain {
            let fixture = try EditorFixture()
            let path = fixture.newFile("alpha\r\nbeta\r\n")
            let (page, window) = fixture.present(.editFile(fixture.repo, branch: nil, path: path))
            defer { gtk_window_destroy(typed(window)) }
            let editor = try XCTUnwrap(fixture.coordinator.top?.model as? FileEditorViewModel)
            waitUntil("the file is in the editor") { editor.phase == .editing && fixture.buffer(in: page.root) != nil }
            let view = try XCTUnwrap(firstWidget(in: page.root, ofType: gtk_source_view_get_type()))
            XCTAssertTrue(gtk_text_view_get_editable(typed(view, as: GtkTextView.self)) != 0, "editable in place")
            waitUntil("the editor shows the text, CRLF and the final newline hidden") {
                fixture.bufferText(in: page.root) == "alpha\nbeta"
            }
            let commit = try XCTUnwrap(fixture.button("Commit", in: page.root))
            XCTAssertFalse(gtk_widget_get_sensitive(commit) != 0, "nothing to commit yet")
            XCTAssertTrue(fixture.entryTexts(in: page.root).contains("Update \((path as NSString).lastPathComponent)"))
            XCTAssertTrue(visibleLabelTexts(in: page.root).contains("Commits to the default branch"))

            fixture.setBufferText("alpha\nbeta\ngamma", in: page.root)
            waitUntil("the model has the typed text") { editor.text == "alpha\nbeta\ngamma" }
            waitUntil("Commit becomes sensitive") { gtk_widget_get_sensitive(commit) != 0 }
            waitForFrames(of: window, count: 2)
            fixture.screenshots(window, "editor-edit")
            gtk_widget_activate(commit)
            waitUntil("committed") { editor.phase == .committed }
            XCTAssertEqual(fixture.serverBytes(path), Data("alpha\r\nbeta\r\ngamma\r\n".utf8))
        }
    }

    func testAConflictShowsTheDiffAndCommitOnTop() throws {
        try onMain {
            let fixture = try EditorFixture()
            let path = fixture.newFile("one\ntwo\nthree\n")
            let (page, window) = fixture.present(.editFile(fixture.repo, branch: nil, path: path))
            defer { gtk_window_destroy(typed(window)) }
            let editor = try XCTUnwrap(fixture.coordinator.top?.model as? FileEditorViewModel)
            waitUntil("the file is in the editor") { fixture.bufferText(in: page.root) == "one\ntwo\nthree" }
            XCTAssertNil(fixture.button("Commit on Top", in: page.root), "no conflict, no conflict box")
            fixture.changeBehindTheAppsBack(path, to: "one\nTWO\nthree\n")
            fixture.setBufferText("one\ntwo\nthree\nmine", in: page.root)
            waitUntil("typed") { editor.canCommit }
            editor.commit()
            waitUntil("the conflict") { editor.conflict != nil }
            let sentence = try XCTUnwrap(editor.conflictText)
            waitUntil("the conflict box shows why") { visibleLabelTexts(in: page.root).contains(sentence) }
            let onTop = try XCTUnwrap(fixture.button("Commit on Top", in: page.root))
            XCTAssertTrue(gtk_widget_is_drawable(onTop) != 0)
            waitUntil("the diff shows both versions") {
                let texts = visibleLabelTexts(in: page.root).joined(separator: "\n")
                return texts.contains("TWO") && texts.contains("mine")
            }
            XCTAssertEqual(fixture.bufferText(in: page.root), "one\ntwo\nthree\nmine", "the person's text is kept")
            waitForFrames(of: window, count: 2)
            fixture.screenshots(window, "editor-conflict")
            gtk_widget_activate(onTop)
            waitUntil("committed on top") { editor.phase == .committed }
            XCTAssertEqual(fixture.serverBytes(path), Data("one\ntwo\nthree\nmine\n".utf8))
        }
    }

    func testNewFilePageChecksTheNameAndFollowsItInTheMessage() throws {
        try onMain {
            let fixture = try EditorFixture()
            let (folderPage, folderWindow) = fixture.present(.tree(fixture.repo, ref: nil, path: ""))
            defer { gtk_window_destroy(typed(folderWindow)) }
            let tree = try XCTUnwrap(fixture.coordinator.top?.model as? TreeViewModel)
            waitUntil("push rights: New File and Upload show") {
                tree.canWrite && fixture.button("New File", in: folderPage.root).map { gtk_widget_is_drawable($0) != 0 } == true
            }
            XCTAssertTrue(visibleLabelTexts(in: folderPage.root).contains(tree.uploads?.capText ?? "-"), "the cap is said up front")
            waitUntil("the entries") { !tree.entries.items.isEmpty }
            let existing = try XCTUnwrap(tree.entries.items.first { !$0.isDirectory }).name
            waitForFrames(of: folderWindow, count: 2)
            fixture.screenshots(folderWindow, "editor-folder")
            tree.newFile()
            let (page, window) = fixture.present(nil)
            defer { gtk_window_destroy(typed(window)) }
            let creator = try XCTUnwrap(fixture.coordinator.top?.model as? NewFileViewModel)
            let name = try XCTUnwrap(fixture.entry(placeholder: "Name of the new file", in: page.root))
            gtk_editable_set_text(OpaquePointer(name), existing)
            waitUntil("the name is refused before sending") {
                creator.nameProblem.map { visibleLabelTexts(in: page.root).contains($0) } == true
            }
            let commit = try XCTUnwrap(fixture.button("Commit", in: page.root))
            XCTAssertFalse(gtk_widget_get_sensitive(commit) != 0)
            gtk_editable_set_text(OpaquePointer(name), "notes.md")
            waitUntil("the message follows the name") { fixture.entryTexts(in: page.root).contains("Create notes.md") }
            fixture.setBufferText("# Notes", in: page.root)
            waitUntil("Commit becomes sensitive") { gtk_widget_get_sensitive(commit) != 0 }
            waitForFrames(of: window, count: 2)
            fixture.screenshots(window, "editor-new-file")
        }
    }
}

/// A FakeGitee, a coordinator logged in as the demo account, and one of its projects (push rights).
@MainActor
private final class EditorFixture {
    private static var sharedServer: FakeGiteeServer?
    let server: FakeGiteeServer
    let client: GiteeClient
    let coordinator: Coordinator
    let theme: ThemeController
    let repo: RepositoryID

    init() throws {
        if let shared = Self.sharedServer {
            server = shared
        } else {
            var options = FakeGiteeServer.Options()
            options.projectCount = 60
            options.userCount = 20
            server = FakeGiteeServer(options: options)
            try server.start(port: 0)
            Self.sharedServer = server
        }
        client = GiteeClient(configuration: GiteeConfiguration(server: server.baseURL, appVersion: "test", retry: .none))
        let session = Session(client: client, store: nil, environment: [:])
        let drafts = DraftStore(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("mayun-editor-drafts-\(UUID().uuidString)"))
        coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                  services: AppServices(client: client, session: session, drafts: drafts))
        theme = ThemeController(nightMode: coordinator.nightMode, themesDirectory: AppResources.locate().themesDirectory)
        let demo = try XCTUnwrap(server.world.user(login: "mayun-demo"))
        let project = try XCTUnwrap(server.world.projects.first { $0.ownerID == demo.id && !$0.isEmpty && !$0.isPrivate })
        repo = RepositoryID(owner: server.world.owner(of: project).login, name: project.path)
        finish("log in") { _ = try? await session.logIn(personalToken: "mayun-demo-token") }
    }

    func finish(_ what: String, _ work: @escaping @MainActor () async -> Void) {
        var done = false
        Task { @MainActor in
            await work()
            done = true
        }
        waitUntil(what) { done }
    }

    func newFile(_ text: String) -> String {
        let path = "edits/\(UUID().uuidString.prefix(8)).txt"
        finish("create") { [client, repo] in
            _ = try? await client.send(Endpoints.createFile(owner: repo.owner, repo: repo.name, path: path,
                                                            content: Data(text.utf8), message: "add", branch: nil))
        }
        return path
    }

    func serverBytes(_ path: String) -> Data? {
        var content: GiteeKit.Content?
        finish("read back") { [client, repo] in
            content = try? await client.send(Endpoints.file(owner: repo.owner, repo: repo.name, path: path))
        }
        return content?.decodedData
    }

    func changeBehindTheAppsBack(_ path: String, to text: String) {
        var sha: String?
        finish("sha") { [client, repo] in sha = try? await client.send(Endpoints.file(owner: repo.owner, repo: repo.name, path: path)).sha }
        finish("their commit") { [client, repo] in
            _ = try? await client.send(Endpoints.updateFile(owner: repo.owner, repo: repo.name, path: path,
                                                            content: Data(text.utf8), sha: sha ?? "", message: "theirs",
                                                            branch: nil))
        }
    }

    /// Pushes `route` (nil: the page already on top) and shows its page in a window of its own.
    func present(_ route: Route?) -> (GtkKit.Page, Widget) {
        if let route { coordinator.push(route) }
        let page = PageFactory(images: testImages()).makePage(for: coordinator.top!)
        let window = gtk_window_new()!
        gtk_window_set_default_size(typed(window), 1000, 760)
        gtk_window_set_child(typed(window), page.root)
        gtk_window_present(typed(window))
        return (page, window)
    }

    func buffer(in root: Widget) -> UnsafeMutablePointer<GtkTextBuffer>? {
        firstWidget(in: root, ofType: gtk_source_view_get_type()).flatMap { gtk_text_view_get_buffer(typed($0, as: GtkTextView.self)) }
    }

    func bufferText(in root: Widget) -> String? {
        buffer(in: root).map { contents(of: $0) }
    }

    /// As typing would: the buffer changes and the page hears it.
    func setBufferText(_ text: String, in root: Widget) {
        guard let buffer = buffer(in: root) else { return XCTFail("no editor") }
        gtk_text_buffer_set_text(buffer, text, -1)
    }

    func button(_ label: String, in root: Widget) -> Widget? {
        descendants(of: root).first {
            isA($0, gtk_button_get_type()) && gtk_widget_get_mapped($0) != 0
                && gtk_button_get_label(typed($0, as: GtkButton.self)).map { String(cString: $0) } == label
        }
    }

    func entryTexts(in root: Widget) -> [String] {
        descendants(of: root).filter { isA($0, gtk_entry_get_type()) }
            .map { String(cString: gtk_editable_get_text(OpaquePointer($0))) }
    }

    /// The entry showing `placeholder` while empty.
    func entry(placeholder: String, in root: Widget) -> Widget? {
        descendants(of: root).first {
            isA($0, gtk_entry_get_type())
                && gtk_entry_get_placeholder_text(typed($0, as: GtkEntry.self)).map { String(cString: $0) } == placeholder
        }
    }

    func screenshots(_ window: Widget, _ name: String) {
        screenshotsInLightAndNight(of: window, nightMode: coordinator.nightMode, named: name)
    }
}
