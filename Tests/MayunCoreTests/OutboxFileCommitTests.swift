import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// A file commit made while the server cannot be reached waits in the outbox (docs/WRITES.md, "The outbox"): the
/// editor goes with a toast that says so, the draft goes (the outbox has the text), the drain settles it from the
/// file at its path and sends it once; a file changed meanwhile waits on the person, never written over, and Cancel
/// puts the text back in the editor's draft over the sha it was edited from.
final class OutboxFileCommitTests: XCTestCase {
    @MainActor private static func commits(_ repo: RepositoryID) -> [LoggedRequest] {
        IssueFixture.server.requestLog.filter {
            $0.method == "PUT" && $0.path.hasPrefix("/api/v5/repos/\(repo.owner)/\(repo.name)/contents/")
        }
    }

    /// Commits and new files of `repo` (other tests' writes to the shared server do not count).
    @MainActor private static func writes(_ repo: RepositoryID) -> [LoggedRequest] {
        IssueFixture.server.requestLog.filter {
            ($0.method == "PUT" || $0.method == "POST") && $0.path.hasPrefix("/api/v5/repos/\(repo.owner)/\(repo.name)/contents/")
        }
    }

    @MainActor private static func row(_ text: String, over sha: String, _ path: String) -> String {
        OutboxEntry.FileCommit(path: path, branch: nil, message: "Offline edit", content: Data(text.utf8),
                               baseSHA: sha).payload
    }

    func testACommitMadeOfflineWaitsAndIsSentOnceWhenTheServerAnswers() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = OutboxTests.makeApp(drafts: drafts)
            let repo = try FileEditingTests.project(ownedByDemo: true)
            let path = try FileEditingTests.newFile(Array("first\n".utf8), in: repo, client: app.client)
            app.coordinator.push(.editFile(repo, branch: nil, path: path))
            let editor = try XCTUnwrap(app.coordinator.top?.model as? FileEditorViewModel)
            editor.start()
            waitUntil("the file loads") { editor.phase == .editing }
            editor.setText("first\nwritten on a train")
            XCTAssertNotNil(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: path))

            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            editor.commit()
            waitUntil("the commit settles") { !editor.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.fileCommit])
            XCTAssertEqual(app.outbox.entries.first?.summary, "Commit to \(repo.owner)/\(repo.name): \(path)")
            XCTAssertEqual(app.coordinator.toast?.message,
                           "Gitee cannot be reached: the commit waits, and is sent when it answers.")
            XCTAssertFalse(app.coordinator.top?.model is FileEditorViewModel, "the editor went")
            XCTAssertNil(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: path),
                         "the outbox has the text now")
            XCTAssertTrue(Self.commits(repo).isEmpty, "nothing reached the server")

            app.transport.unplugged = false
            runUntilDone("the drain") { await app.services.drainOutbox()?.value }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.commits(repo).count, 1, "committed once")
            XCTAssertEqual(FileEditingTests.serverBytes(repo, path, client: app.client).0,
                           Data("first\nwritten on a train\n".utf8))

            // Already there (its answer was lost, or it was sent before a quit): settled as done, not sent again.
            let (_, sha) = FileEditingTests.serverBytes(repo, path, client: app.client)
            _ = app.outbox.enqueue(.fileCommit, repo: repo, number: "",
                                   payload: Self.row("first\nwritten on a train\n", over: "old", path), seen: "old")
            runUntilDone("the drain") { await app.services.drainOutbox()?.value }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.commits(repo).count, 1, "not sent twice")
            XCTAssertEqual(FileEditingTests.serverBytes(repo, path, client: app.client).1, sha)
        }
    }

    func testAFileChangedMeanwhileWaitsOnThePersonAndCancelPutsTheTextBackInTheEditor() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = OutboxTests.makeApp(drafts: drafts, attached: false)
            let repo = try FileEditingTests.project(ownedByDemo: true)
            let path = try FileEditingTests.newFile(Array("first\n".utf8), in: repo, client: app.client)
            let seen = try XCTUnwrap(FileEditingTests.serverBytes(repo, path, client: app.client).1)
            let row = try XCTUnwrap(app.outbox.enqueue(.fileCommit, repo: repo, number: "",
                                                       payload: Self.row("mine\n", over: seen, path), seen: seen))
            runUntilDone("someone else commits") {
                _ = try? await app.client.send(Endpoints.updateFile(owner: repo.owner, repo: repo.name, path: path,
                                                                    content: Data("theirs\n".utf8), sha: seen,
                                                                    message: "theirs", branch: nil))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertEqual(app.outbox.entries.first?.status, .needsDecision(reason: "the file was changed meanwhile"))
            XCTAssertTrue(Self.commits(repo).isEmpty, "never written over the newer file")
            XCTAssertTrue(app.outbox.tryAgain(row.id))
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.first?.needsDecision == true, "Try Again asks again, and still waits")

            // The Mine page's Cancel (the app's outbox: attached only now, so no drain ran beside the steps above).
            app.services.outbox = app.outbox
            runUntilDone("the session") { await app.services.session.start() }
            app.services.cancelOutboxRow(row.id)
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: path),
                           FileDraft(text: "mine", baseSHA: seen), "the text is back, over the sha it was edited from")
            XCTAssertEqual(FileEditingTests.serverBytes(repo, path, client: app.client).0, Data("theirs\n".utf8))
        }
    }

    func testANewFileMadeOfflineWaitsCancelKeepsItsNameAndTextAndATakenNameWaitsOnThePerson() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = OutboxTests.makeApp(drafts: drafts)
            let repo = try FileEditingTests.project(ownedByDemo: true)
            let name = "offline-\(UUID().uuidString.prefix(8)).md"
            app.coordinator.push(.newFile(repo, branch: nil, folder: "edits"))
            let creator = try XCTUnwrap(app.coordinator.top?.model as? NewFileViewModel)
            creator.start()
            creator.setName(name)
            creator.setText("written on a train")
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            creator.commit()
            waitUntil("the commit settles") { !creator.writes.isWriting }
            let row = try XCTUnwrap(app.outbox.entries.first)
            XCTAssertEqual(row.summary, "New file in \(repo.owner)/\(repo.name): edits/\(name)")
            XCTAssertEqual(app.coordinator.toast?.message,
                           "Gitee cannot be reached: the new file waits, and is sent when it answers.")
            XCTAssertNil(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: "edits/"))

            app.services.cancelOutboxRow(row.id)
            XCTAssertTrue(app.outbox.entries.isEmpty)
            let kept = try XCTUnwrap(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: "edits/"))
            XCTAssertEqual(kept.name, name, "the name is back in the folder's New File draft")
            XCTAssertEqual(kept.text, "written on a train\n", "and the text, as it was to be committed")
            XCTAssertTrue(Self.writes(repo).filter { $0.path.hasSuffix(name) }.isEmpty, "nothing reached the server")

            // A new file whose path someone else took meanwhile is never written over; one already there with its
            // bytes (sent before a quit) is done.
            app.transport.unplugged = false
            let taken = try FileEditingTests.newFile(Array("theirs\n".utf8), in: repo, client: app.client)
            let mine = OutboxEntry.FileCommit(path: taken, branch: nil, message: "mine", content: Data("mine\n".utf8),
                                              baseSHA: "", folder: "edits")
            let conflict = try XCTUnwrap(app.outbox.enqueue(.fileCommit, repo: repo, number: "", payload: mine.payload,
                                                            seen: ""))
            let same = OutboxEntry.FileCommit(path: taken, branch: nil, message: "again", content: Data("theirs\n".utf8),
                                              baseSHA: "", folder: "edits")
            _ = app.outbox.enqueue(.fileCommit, repo: repo, number: "", payload: same.payload, seen: "")
            IssueFixture.server.clearLog()
            runUntilDone("the drain") { await app.services.drainOutbox()?.value }
            XCTAssertEqual(app.outbox.entries.map(\.id), [conflict.id], "the one already there is done")
            XCTAssertEqual(app.outbox.entries.first?.status,
                           .needsDecision(reason: "a file with this name was added meanwhile"))
            // Only these rows' path is looked at: the project is shared with the other suites' tests.
            XCTAssertTrue(Self.writes(repo).filter { $0.path.hasSuffix(taken) }.isEmpty,
                          "nothing sent (writes to the project: \(Self.writes(repo).map { "\($0.method) \($0.path)" }))")
        }
    }
}
