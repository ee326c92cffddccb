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

/// Issue 27 on the real pages against FakeGitee. Files dropped on a folder's page: the page's own GtkDropTarget gets
/// the "drop" GTK emits when a file manager's files are let go over it (a GdkFileList of GFiles), and each file goes
/// to the server as its own commit into that folder on the page's branch, with a progress bar while it is sent and
/// "uploaded" after. New File: the editor highlights as the typed name says, following it as it changes.
final class FolderDropAndNewFileTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// Where the local files of these tests are made; removed after the class.
    private static let localFiles = LocalTestFiles("drop-tests")

    override class func tearDown() {
        localFiles.removeAll()
        super.tearDown()
    }

    private static func localFile(_ name: String, _ bytes: Data) throws -> String { try localFiles.make(name, bytes) }

    private static let picture = LocalTestFiles.binarySample

    func testFilesDroppedOnAFolderPageAreUploadedThereOnItsBranchWithProgress() throws {
        try onMain {
            let fixture = FakeGiteeWindowFixture(size: (1000, 760))
            defer { fixture.close() }
            let server = FakeGiteeWindowFixture.server
            let repo = try fixture.project(own: true)
            let branch = "drop-\(UUID().uuidString.prefix(8).lowercased())"
            let folder = "dropped"
            var defaultBranch = ""
            fixture.finish("a branch of its own with a folder") { [client = fixture.client] in
                defaultBranch = (try? await client.send(Endpoints.project(owner: repo.owner, repo: repo.name)))?
                    .defaultBranch ?? "master"
                _ = try? await client.send(Endpoints.createBranch(owner: repo.owner, repo: repo.name, name: branch,
                                                                  from: defaultBranch))
                _ = try? await client.send(Endpoints.createFile(owner: repo.owner, repo: repo.name, path: folder + "/seed.txt",
                                                                content: Data("seed\n".utf8), message: "seed", branch: branch))
            }
            fixture.coordinator.push(.tree(repo, ref: branch, path: folder))
            let tree = try XCTUnwrap(fixture.coordinator.top?.model as? TreeViewModel)
            let uploads = try XCTUnwrap(tree.uploads)
            // The write bar (which takes the drop) shows a turn after `canWrite`: until then a drop is ignored.
            waitUntil("the folder, with push rights and its write bar", timeout: 10) {
                tree.canWrite && visibleLabelTexts(in: fixture.window).contains("seed.txt")
                    && visibleLabelTexts(in: fixture.window).contains(tr("Upload Files…"))
            }
            let dropTarget = try XCTUnwrap(fileDropTargets(in: fixture.window).first, "the folder page takes dropped files")
            let pictureFile = try Self.localFile("picture.png", Self.picture)
            let notesFile = try Self.localFile("notes.txt", Data("dropped notes\n".utf8))

            server.clearLog()
            // The first upload's answer is held back a while: its progress bar is on screen meanwhile.
            server.addFault(Fault(kind: .latency, path: "/api/v5/repos/*/*/contents/**", method: "POST", delayMs: 800, count: 1))
            XCTAssertTrue(emitDrop(on: dropTarget, paths: [pictureFile, notesFile]), "the drop is taken")
            XCTAssertEqual(uploads.uploads.map(\.name), ["picture.png", "notes.txt"], "both files are queued at once")
            waitUntil("the first file's progress shows while it is sent", timeout: 10) {
                descendants(of: fixture.window).contains {
                    isA($0, gtk_progress_bar_get_type()) && gtk_widget_is_drawable($0) != 0
                } && visibleLabelTexts(in: fixture.window).contains { $0.hasPrefix("picture.png: sending") }
            }
            XCTAssertEqual(uploads.uploads.last?.state, .waiting, "one file at a time")
            fixture.screenshots("upload-drop-progress")
            waitUntil("both are uploaded", timeout: 15) { uploads.uploads.allSatisfy { $0.state == .done } }
            waitUntil("each line says so and the progress bar is gone") {
                let texts = visibleLabelTexts(in: fixture.window)
                return ["picture.png", "notes.txt"].allSatisfy { name in texts.contains { $0.hasPrefix(name) && $0.hasSuffix("uploaded") } }
                    && !descendants(of: fixture.window).contains { isA($0, gtk_progress_bar_get_type()) && gtk_widget_is_drawable($0) != 0 }
            }
            waitUntil("the folder lists them, read again from the server") {
                let texts = visibleLabelTexts(in: fixture.window)
                return texts.contains("picture.png") && texts.contains("notes.txt")
            }

            let posts = server.requestLog.filter { $0.method == "POST" && $0.path.contains("/contents/") }
            XCTAssertEqual(posts.map(\.path), ["picture.png", "notes.txt"].map {
                "/api/v5/repos/\(repo.owner)/\(repo.name)/contents/\(folder)/\($0)"
            }, "one commit per file, into the folder dropped on")
            // (FakeGitee logs a held-back answer as 200 when it holds it; the file read back below says it landed.)
            XCTAssertEqual(posts.map(\.fault), ["latency", nil])
            XCTAssertEqual(posts.last?.status, 201)
            XCTAssertEqual(posts.map { $0.fields["branch"] }, [branch, branch], "on the page's branch")
            XCTAssertEqual(posts.map { $0.fields["message"] }, ["Upload picture.png", "Upload notes.txt"])
            XCTAssertEqual(posts.first?.fields["content"], Self.picture.base64EncodedString(), "the bytes, base64")
            XCTAssertEqual(posts.last?.fields["content"], Data("dropped notes\n".utf8).base64EncodedString())
            var onBranch: GiteeKit.Content?, onDefault: GiteeKit.Content?
            fixture.finish("read back") { [client = fixture.client] in
                onBranch = try? await client.send(Endpoints.file(owner: repo.owner, repo: repo.name,
                                                                 path: folder + "/picture.png", ref: branch))
                onDefault = try? await client.send(Endpoints.file(owner: repo.owner, repo: repo.name,
                                                                  path: folder + "/picture.png", ref: defaultBranch))
            }
            XCTAssertEqual(onBranch?.decodedData, Self.picture, "the binary arrived byte for byte")
            XCTAssertNil(onDefault, "and only on that branch")
            fixture.screenshots("upload-drop-done")
        }
    }

    /// Where the person may not write (logged out: the write bar stays hidden), a drop is refused rather than
    /// reported to the file manager as taken and then dropped.
    func testADropWhereThePersonMayNotWriteIsRefused() throws {
        try onMain {
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices())
            coordinator.push(.tree(RepositoryID(owner: "kit101", name: "drone-yml-test"), ref: nil, path: ""))
            let top = try XCTUnwrap(coordinator.top)
            let tree = try XCTUnwrap(top.model as? TreeViewModel)
            let page = PageFactory(images: testImages()).makePage(for: top)
            let window = try XCTUnwrap(gtk_window_new())
            gtk_window_set_child(typed(window), page.root)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            let target = try XCTUnwrap(fileDropTargets(in: page.root).first, "the folder page has its drop target")
            let file = try Self.localFile("refused.txt", Data("not sent\n".utf8))
            XCTAssertFalse(tree.canWrite)
            XCTAssertFalse(emitDrop(on: target, paths: [file]), "the drop is refused")
            XCTAssertEqual(tree.uploads?.uploads.count ?? 0, 0, "nothing is queued")
        }
    }

    func testNewFileHighlightsAsTheTypedNameSays() throws {
        try onMain {
            let fixture = FakeGiteeWindowFixture(size: (1000, 760))
            defer { fixture.close() }
            let repo = try fixture.project(own: true)
            fixture.coordinator.push(.tree(repo, ref: nil, path: ""))
            let tree = try XCTUnwrap(fixture.coordinator.top?.model as? TreeViewModel)
            waitUntil("push rights", timeout: 10) { tree.canWrite }
            tree.newFile()
            let creator = try XCTUnwrap(fixture.coordinator.top?.model as? NewFileViewModel)
            let window = fixture.window
            waitUntil("the editor shows") { sourceBuffer(in: window) != nil }
            let buffer = try XCTUnwrap(sourceBuffer(in: window))
            let name = try XCTUnwrap(descendants(of: window).first {
                isA($0, gtk_entry_get_type()) && gtk_widget_is_drawable($0) != 0
                    && gtk_entry_get_placeholder_text(typed($0, as: GtkEntry.self)).map { String(cString: $0) } == "Name of the new file"
            })
            XCTAssertNil(language(of: buffer), "no name yet: plain text")
            let text = "fn main() {\n    println!(\"hi\");\n}"
            gtk_text_buffer_set_text(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self), text, -1)
            waitUntil("typed") { creator.text == text }

            for (typed, expected) in [("notes.md", "markdown"), ("src/main.rs", "rust"), ("config.json", "json"),
                                      ("Package.swift", "swift"), ("LICENSE", nil)] as [(String, String?)] {
                gtk_editable_set_text(OpaquePointer(name), typed)
                waitUntil("the name is the model's") { creator.name == typed }
                waitUntil("\(typed) is highlighted as \(expected ?? "plain text")") { language(of: buffer) == expected }
                XCTAssertEqual(gtk_source_buffer_get_highlight_syntax(buffer) != 0, expected != nil)
                XCTAssertEqual(creator.text, text, "the text is not touched")
            }
            gtk_editable_set_text(OpaquePointer(name), "main.rs")
            waitUntil("back to Rust") { language(of: buffer) == "rust" }
            waitForFrames(of: window, count: 2)
            fixture.screenshots("new-file-rust")
        }
    }
}

/// The GtkDropTargets taking a GdkFileList on mapped widgets under `root` (the folder page's).
@MainActor
private func fileDropTargets(in root: Widget) -> [UnsafeMutableRawPointer] {
    descendants(of: root).filter { gtk_widget_get_mapped($0) != 0 }.flatMap { widget -> [UnsafeMutableRawPointer] in
        guard let model = gtk_widget_observe_controllers(widget) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(model)) }
        return (0..<g_list_model_get_n_items(model)).compactMap { index in
            guard let controller = g_list_model_get_item(model, index) else { return nil }
            g_object_unref(controller)
            let instance = controller.assumingMemoryBound(to: GTypeInstance.self)
            guard g_type_check_instance_is_a(instance, gtk_drop_target_get_type()) != 0,
                  let formats = gtk_drop_target_get_formats(OpaquePointer(controller)),
                  gdk_content_formats_contain_gtype(formats, gdk_file_list_get_type()) != 0 else { return nil }
            return controller
        }
    }
}

/// Emits GtkDropTarget's "drop" as GTK does once the dropped value is read: a GValue holding a GdkFileList of the
/// files at `paths`, and the pointer's position. Returns the handler's answer (true: taken).
@MainActor
private func emitDrop(on target: UnsafeMutableRawPointer, paths: [String]) -> Bool {
    var files: [OpaquePointer?] = paths.map { g_file_new_for_path($0) }
    let list = files.withUnsafeMutableBufferPointer { gdk_file_list_new_from_array($0.baseAddress, gsize($0.count)) }
    for file in files { if let file { g_object_unref(UnsafeMutableRawPointer(file)) } }
    var dropped = GValue()
    g_value_init(&dropped, gdk_file_list_get_type())
    g_value_take_boxed(&dropped, UnsafeRawPointer(list))
    var values = [GValue](repeating: GValue(), count: 4)
    g_value_init(&values[0], gtk_drop_target_get_type())
    g_value_set_object(&values[0], target)
    g_value_init(&values[1], g_value_get_type())
    withUnsafePointer(to: &dropped) { g_value_set_boxed(&values[1], UnsafeRawPointer($0)) }
    g_value_init(&values[2], GTypes.double)
    g_value_set_double(&values[2], 40)
    g_value_init(&values[3], GTypes.double)
    g_value_set_double(&values[3], 40)
    var taken = GValue()
    g_value_init(&taken, GTypes.boolean)
    g_signal_emitv(&values, g_signal_lookup("drop", gtk_drop_target_get_type()), 0, &taken)
    let answer = g_value_get_boolean(&taken) != 0
    for index in values.indices { g_value_unset(&values[index]) }
    g_value_unset(&dropped)
    g_value_unset(&taken)
    return answer
}

@MainActor
private func sourceBuffer(in root: Widget) -> UnsafeMutablePointer<GtkSourceBuffer>? {
    descendants(of: root).first { isA($0, gtk_source_view_get_type()) && gtk_widget_is_drawable($0) != 0 }
        .flatMap { gtk_text_view_get_buffer(typed($0, as: GtkTextView.self)) }
        .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkSourceBuffer.self) }
}

@MainActor
private func language(of buffer: UnsafeMutablePointer<GtkSourceBuffer>) -> String? {
    gtk_source_buffer_get_language(buffer).flatMap { gtk_source_language_get_id($0) }.map { String(cString: $0) }
}
