import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Editing a file and committing it against FakeGitee (as strict as the site): the request a commit sends, the next
/// view showing the server's new text, drafts per account/project/branch/path surviving a restart, the conflict
/// path, push rights, and FakeGitee's refusals.
final class FileEditingTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }

    /// A project the demo account owns (push rights) and one it does not.
    @MainActor static func project(ownedByDemo: Bool) throws -> RepositoryID {
        let demo = try XCTUnwrap(Self.server.world.user(login: "mayun-demo"))
        let found = try XCTUnwrap(Self.server.world.projects.first {
            ($0.ownerID == demo.id) == ownedByDemo && !$0.isEmpty && !$0.isPrivate
        })
        return RepositoryID(owner: Self.server.world.owner(of: found).login, name: found.path)
    }

    /// A new file of the demo's project with `bytes` (its own path, so other tests' files are not touched).
    @MainActor static func newFile(_ bytes: [UInt8], in repo: RepositoryID, client: GiteeClient) throws -> String {
        let path = "edits/\(UUID().uuidString).txt"
        var created: CommitContent?
        runUntilDone("create") {
            created = try? await client.send(Endpoints.createFile(owner: repo.owner, repo: repo.name, path: path,
                                                                  content: Data(bytes), message: "add", branch: nil))
        }
        XCTAssertNotNil(created?.content?.sha)
        return path
    }

    @MainActor static func serverBytes(_ repo: RepositoryID, _ path: String, client: GiteeClient) -> (Data?, String?) {
        var content: Content?
        runUntilDone("read back") {
            content = try? await client.send(Endpoints.file(owner: repo.owner, repo: repo.name, path: path))
        }
        return (content?.decodedData, content?.sha)
    }

    @MainActor static func openEditor(_ app: IssueFixture.App, _ repo: RepositoryID, _ path: String) throws -> FileEditorViewModel {
        app.coordinator.push(.editFile(repo, branch: nil, path: path))
        let editor = try XCTUnwrap(app.coordinator.top?.model as? FileEditorViewModel)
        editor.start()
        waitUntil("the file loads") { editor.phase != .loading }
        return editor
    }

    func testEditCommitSendsThePUTAndTheNextViewShowsTheServersText() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let repo = try Self.project(ownedByDemo: true)
            let path = try Self.newFile(Array("line one\r\nline two\r\n".utf8), in: repo, client: app.client)
            let (_, oldSHA) = Self.serverBytes(repo, path, client: app.client)
            let editor = try Self.openEditor(app, repo, path)
            XCTAssertEqual(editor.phase, .editing)
            XCTAssertEqual(editor.text, "line one\nline two")
            XCTAssertFalse(editor.canCommit, "nothing changed yet")
            XCTAssertEqual(editor.message, "Update \((path as NSString).lastPathComponent)")
            editor.setText("line one\nline 2")
            XCTAssertTrue(editor.canCommit)
            Self.server.clearLog()
            editor.commit()
            waitUntil("the commit settles") { editor.phase == .committed }
            let put = try XCTUnwrap(Self.server.requestLog.last { $0.method == "PUT" })
            XCTAssertEqual(put.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/contents/\(path)")
            XCTAssertEqual(put.fields["sha"], oldSHA)
            XCTAssertEqual(put.fields["message"], editor.message)
            XCTAssertNil(put.fields["branch"], "the default branch: none named")
            XCTAssertEqual(put.fields["content"].flatMap { Data(base64Encoded: $0) }, Data("line one\r\nline 2\r\n".utf8),
                           "CRLF and the final newline kept")
            XCTAssertEqual(put.status, 200)
            let (bytes, newSHA) = Self.serverBytes(repo, path, client: app.client)
            XCTAssertEqual(bytes, Data("line one\r\nline 2\r\n".utf8))
            XCTAssertNotEqual(newSHA, oldSHA)
            // The editor was replaced by the file page, which shows the server's new text.
            let page = try XCTUnwrap(app.coordinator.top?.model as? BlobViewModel)
            page.start()
            waitUntil("the file page") { page.resource.phase == .loaded }
            XCTAssertEqual(page.content?.text, "line one\r\nline 2\r\n")
            runUntilDone("drafts") { await drafts.flush() }
            XCTAssertNil(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: path), "committed: no draft")
        }
    }

    func testUnsavedTextIsADraftThatSurvivesARestartForThatAccountOnly() throws {
        try onMain {
            let directory = IssueFixture.makeDrafts()
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: directory))
            let repo = try Self.project(ownedByDemo: true)
            let path = try Self.newFile(Array("keep me\n".utf8), in: repo, client: app.client)
            let editor = try Self.openEditor(app, repo, path)
            editor.setText("keep me, edited")
            runUntilDone("the draft is written") { await app.services.drafts.flush() }
            // A restart: new services, same folder.
            let restarted = IssueFixture.makeApp(drafts: DraftStore(directory: directory))
            let again = try Self.openEditor(restarted, repo, path)
            XCTAssertEqual(again.text, "keep me, edited")
            XCTAssertTrue(again.hasChanges)
            XCTAssertNotNil(again.leaveQuestion, "leaving with unsaved changes asks")
            var asked: String?, leave: (@MainActor () -> Void)?
            restarted.coordinator.askBeforeLeaving = { question, go in asked = question; leave = go }
            restarted.coordinator.pop()
            XCTAssertEqual(asked, again.leaveQuestion)
            XCTAssertTrue(restarted.coordinator.top?.model === again, "still here until the person says leave")
            leave?()
            XCTAssertFalse(restarted.coordinator.top?.model === again, "left once they chose to")
            restarted.coordinator.push(.editFile(repo, branch: nil, path: path))
            XCTAssertTrue(restarted.coordinator.top?.model !== again)
            let third = try XCTUnwrap(restarted.coordinator.top?.model as? FileEditorViewModel)
            third.start()
            waitUntil("reopened") { third.phase == .editing }
            XCTAssertEqual(third.text, "keep me, edited", "the draft is still there")
            let drafts = DraftStore(directory: directory)
            XCTAssertNil(drafts.fileDraft(account: "someone-else", repo: repo, branch: "", path: path))
            XCTAssertNil(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "dev", path: path), "per branch")
            third.discard()
            runUntilDone("discarded") { await restarted.services.drafts.flush() }
            XCTAssertNil(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: path))
            XCTAssertNil(third.leaveQuestion)
        }
    }

    func testAStaleShaIsAConflictThatKeepsTheTextAndCommitsOnTop() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let repo = try Self.project(ownedByDemo: true)
            let path = try Self.newFile(Array("a\nb\nc\n".utf8), in: repo, client: app.client)
            let editor = try Self.openEditor(app, repo, path)
            // Someone else commits while the editor is open.
            let (_, sha) = Self.serverBytes(repo, path, client: app.client)
            runUntilDone("the other commit") {
                _ = try? await app.client.send(Endpoints.updateFile(owner: repo.owner, repo: repo.name, path: path,
                                                                    content: Data("a\nB\nc\n".utf8), sha: sha ?? "",
                                                                    message: "theirs", branch: nil))
            }
            editor.setText("a\nb\nc\nmine")
            Self.server.clearLog()
            editor.commit()
            waitUntil("the conflict") { editor.conflict != nil }
            XCTAssertEqual(Self.server.requestLog.first { $0.method == "PUT" }?.status, 409, "FakeGitee refused the stale sha")
            XCTAssertEqual(editor.text, "a\nb\nc\nmine", "the person's text is kept")
            XCTAssertEqual(editor.conflict?.theirs, "a\nB\nc")
            XCTAssertNotNil(editor.conflictText)
            XCTAssertEqual(editor.conflictDiff?.additions, 2)
            XCTAssertEqual(editor.diff.files.count, 1, "the diff view shows theirs against mine")
            XCTAssertEqual(editor.phase, .editing)
            editor.commitOnTop()
            waitUntil("committed on top") { editor.phase == .committed }
            XCTAssertEqual(Self.serverBytes(repo, path, client: app.client).0, Data("a\nb\nc\nmine\n".utf8))
        }
    }

    func testBinaryAndGBKFilesAreRefusedForEditingWithAReason() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let repo = try Self.project(ownedByDemo: true)
            let gbk = try Self.newFile([0xD6, 0xD0, 0xCE, 0xC4, 0x0A], in: repo, client: app.client)
            let editor = try Self.openEditor(app, repo, gbk)
            XCTAssertEqual(editor.phase, .refused(EditableText.Refusal.notUTF8.reason))
            let image = try Self.openEditor(app, repo, "docs/images/logo.png")
            XCTAssertEqual(image.phase, .refused(EditableText.Refusal.binary.reason))
            image.commit()
            XCTAssertFalse(image.writes.isWriting, "nothing is sent for a refused file")
        }
    }

    func testEditIsOfferedOnlyWithPushRights() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            app.coordinator.push(.blob(try Self.project(ownedByDemo: true), ref: nil, path: "LICENSE"))
            let own = try XCTUnwrap(app.coordinator.top?.model as? BlobViewModel)
            own.start()
            waitUntil("push rights") { own.canEdit && own.content != nil }
            own.edit()
            XCTAssertTrue(app.coordinator.top?.model is FileEditorViewModel)
            app.coordinator.push(.blob(try Self.project(ownedByDemo: false), ref: nil, path: "LICENSE"))
            let other = try XCTUnwrap(app.coordinator.top?.model as? BlobViewModel)
            other.start()
            waitUntil("the file") { other.content != nil }
            drainMainQueue()
            XCTAssertFalse(other.canEdit, "no push rights: no Edit")
        }
    }

    func testDeleteSendsTheCurrentShaAndTheFileIsGone() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let repo = try Self.project(ownedByDemo: true)
            let path = try Self.newFile(Array("bye\n".utf8), in: repo, client: app.client)
            let (_, sha) = Self.serverBytes(repo, path, client: app.client)
            app.coordinator.push(.blob(repo, ref: nil, path: path))
            let page = try XCTUnwrap(app.coordinator.top?.model as? BlobViewModel)
            page.start()
            waitUntil("push rights") { page.canEdit }
            let deletion = try XCTUnwrap(page.deletion)
            XCTAssertTrue(deletion.question.heading.contains((path as NSString).lastPathComponent))
            Self.server.clearLog()
            deletion.delete()
            waitUntil("the delete settles") { !deletion.writes.isWriting }
            let delete = try XCTUnwrap(Self.server.requestLog.last { $0.method == "DELETE" })
            XCTAssertEqual(delete.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/contents/\(path)")
            XCTAssertEqual(delete.fields["sha"], sha)
            XCTAssertEqual(delete.fields["message"], "Delete \((path as NSString).lastPathComponent)")
            XCTAssertEqual(delete.status, 200)
            XCTAssertNil(Self.serverBytes(repo, path, client: app.client).0, "gone from the branch")
            XCTAssertFalse(app.coordinator.top?.model === page, "the deleted file's page went")
        }
    }

    // MARK: FakeGitee as strict as the site

    func testFakeGiteeRefusesWritesAsTheSiteDoes() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let own = try Self.project(ownedByDemo: true), other = try Self.project(ownedByDemo: false)
            let path = try Self.newFile(Array("x\n".utf8), in: own, client: app.client)
            let (_, sha) = Self.serverBytes(own, path, client: app.client)
            let currentSHA = try XCTUnwrap(sha)
            @MainActor func status(_ endpoint: Endpoint<CommitContent>) -> GiteeError? {
                var failure: GiteeError?
                runUntilDone("the write", timeout: 60) {  // the 10 MB body takes seconds in a debug build on a busy machine
                    do { _ = try await app.client.send(endpoint) } catch { failure = GiteeError.from(error) }
                }
                return failure
            }
            func put(_ repo: RepositoryID = own, sha: String = currentSHA, message: String = "m", branch: String? = nil,
                     content: Data = Data("y\n".utf8)) -> Endpoint<CommitContent> {
                Endpoints.updateFile(owner: repo.owner, repo: repo.name, path: path, content: content, sha: sha,
                                     message: message, branch: branch)
            }
            if case .forbidden? = status(put(other)) {} else { XCTFail("no push rights: 403") }
            if case .validation(let message)? = status(put(sha: String(repeating: "0", count: 40))) {
                XCTAssertTrue(message.contains("does not match"), message)
            } else { XCTFail("a stale sha is refused") }
            XCTAssertEqual(Self.server.requestLog.last { $0.method == "PUT" }?.status, 409)
            if case .validation? = status(put(message: " ")) {} else { XCTFail("a message is required") }
            if case .notFound? = status(put(branch: "no-such-branch")) {} else { XCTFail("the branch must exist") }
            var badBase64 = put()
            badBase64.form = badBase64.form?.map { $0.name == "content" ? QueryItem("content", "not base64!") : $0 }
            if case .validation? = status(badBase64) {} else { XCTFail("invalid base64 is refused") }
            let tooBig = Data(repeating: 0x41, count: FakeGiteeServer.maxWrittenFileSize + 1)
            if case .validation? = status(put(content: tooBig)) {} else { XCTFail("over the size cap") }
            XCTAssertEqual(Self.serverBytes(own, path, client: app.client).0, Data("x\n".utf8), "nothing above changed the file")
            let create = Endpoints.createFile(owner: own.owner, repo: own.name, path: path, content: Data("z".utf8),
                                              message: "again", branch: nil)
            if case .validation? = status(create) {} else { XCTFail("creating over an existing file is refused") }
            let staleDelete = Endpoints.deleteFile(owner: own.owner, repo: own.name, path: path,
                                                   sha: String(repeating: "1", count: 40), message: "rm", branch: nil)
            XCTAssertNotNil(status(staleDelete), "a stale sha cannot delete")
            XCTAssertNil(status(Endpoints.deleteFile(owner: own.owner, repo: own.name, path: path, sha: currentSHA,
                                                     message: "rm", branch: nil)))
            XCTAssertNil(Self.serverBytes(own, path, client: app.client).0, "deleted: the next GET has no such file")
        }
    }
}
