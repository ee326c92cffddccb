import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// File writes whose answer was lost (FakeGitee's `lost-answer`: the route ran, then a gateway's 502) are settled by
/// reading the file on its branch (`FileWriteCheck`), never sent again and never shown as a failure or as a conflict
/// with the person's own commit; a 502 where nothing was written is still a failure that keeps the text
/// (docs/WRITES.md).
final class FileWriteSettleTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }

    private static let contents = "/api/v5/repos/*/*/contents/**"

    func testACommitWhoseAnswerIsLostIsCommittedOnceAndNoConflict() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let repo = try FileEditingTests.project(ownedByDemo: true)
            let path = try FileEditingTests.newFile(Array("one\n".utf8), in: repo, client: app.client)
            let editor = try FileEditingTests.openEditor(app, repo, path)
            editor.setText("one\ntwo")
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .lostAnswer, path: Self.contents, method: "PUT", count: 1))
            editor.commit()
            waitUntil("the commit settles") { !editor.writes.isWriting }
            XCTAssertEqual(editor.phase, .committed, "the server has the commit: the editor says so")
            XCTAssertNil(editor.conflict, "not a conflict with the person's own commit")
            XCTAssertNil(app.coordinator.toast, "no error over a commit that happened")
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "PUT" }.map(\.status), [502], "sent once")
            XCTAssertEqual(FileEditingTests.serverBytes(repo, path, client: app.client).0, Data("one\ntwo\n".utf8))
            runUntilDone("drafts") { await drafts.flush() }
            XCTAssertNil(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: path), "no draft left")
        }
    }

    func testACommitThatDidNotHappenKeepsTheTextAndIsNoConflict() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let repo = try FileEditingTests.project(ownedByDemo: true)
            let path = try FileEditingTests.newFile(Array("one\n".utf8), in: repo, client: app.client)
            let editor = try FileEditingTests.openEditor(app, repo, path)
            editor.setText("one\nthree")
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .status, path: Self.contents, method: "PUT", status: 502, count: 1))
            editor.commit()
            waitUntil("the rollback") { !editor.writes.isWriting }
            XCTAssertEqual(editor.phase, .editing)
            XCTAssertEqual(editor.text, "one\nthree", "the text is kept")
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("The file was not committed:"), true)
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "PUT" }.count, 1, "not repeated")
            XCTAssertEqual(FileEditingTests.serverBytes(repo, path, client: app.client).0, Data("one\n".utf8))
        }
    }

    func testANewFileWhoseAnswerIsLostIsCreatedOnce() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let repo = try FileEditingTests.project(ownedByDemo: true)
            let folder = FileCreateUploadTests.freshFolder(repo, client: app.client)
            let tree = try FileCreateUploadTests.openFolder(app, repo, folder)
            tree.newFile()
            let creator = try XCTUnwrap(app.coordinator.top?.model as? NewFileViewModel)
            creator.start()
            creator.setName("lost.md")
            creator.setText("# Lost answer")
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .lostAnswer, path: Self.contents, method: "POST", count: 1))
            creator.commit()
            waitUntil("created") { !creator.writes.isWriting }
            XCTAssertEqual(creator.phase, .created)
            XCTAssertEqual(app.coordinator.toast?.message, "\(folder)/lost.md created")
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "POST" }.map(\.status), [502], "sent once")
        }
    }

    /// A new file of the demo's project, its page open with push rights known, and the page's deletion.
    @MainActor private static func filePage(_ text: String) throws
        -> (app: IssueFixture.App, repo: RepositoryID, path: String, page: BlobViewModel, deletion: FileDeletion) {
        let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
        let repo = try FileEditingTests.project(ownedByDemo: true)
        let path = try FileEditingTests.newFile(Array(text.utf8), in: repo, client: app.client)
        app.coordinator.push(.blob(repo, ref: nil, path: path))
        let page = try XCTUnwrap(app.coordinator.top?.model as? BlobViewModel)
        page.start()
        waitUntil("push rights") { page.canEdit }
        return (app, repo, path, page, try XCTUnwrap(page.deletion))
    }

    func testADeletionWhoseAnswerIsLostIsDoneOnce() throws {
        try onMain {
            let (app, repo, path, page, deletion) = try Self.filePage("bye\n")
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .lostAnswer, path: Self.contents, method: "DELETE", count: 1))
            deletion.delete()
            waitUntil("the delete settles") { !deletion.writes.isWriting }
            XCTAssertEqual(app.coordinator.toast?.message, "\((path as NSString).lastPathComponent) deleted")
            XCTAssertFalse(app.coordinator.top?.model === page, "the deleted file's page went")
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "DELETE" }.map(\.status), [502], "sent once")
            XCTAssertNil(FileEditingTests.serverBytes(repo, path, client: app.client).0)
        }
    }

    func testADeletionThatDidNotHappenSaysSo() throws {
        try onMain {
            let (app, repo, path, page, deletion) = try Self.filePage("stay\n")
            Self.server.addFault(Fault(kind: .status, path: Self.contents, method: "DELETE", status: 502, count: 1))
            deletion.delete()
            waitUntil("the delete settles") { !deletion.writes.isWriting }
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("The file was not deleted:"), true)
            XCTAssertTrue(app.coordinator.top?.model === page, "the file is still there: its page stays")
            XCTAssertEqual(FileEditingTests.serverBytes(repo, path, client: app.client).0, Data("stay\n".utf8))
        }
    }
}
