import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// A commit to a new branch, an upload and a file's deletion, made while the server cannot be reached, wait in the
/// outbox (docs/WRITES.md, "The outbox"): the drain makes the branch before it sends the file, a branch made before
/// a lost answer is not made twice, someone else's branch of that name is never written to, an upload is sent once,
/// and a deletion removes the version its folder listed and no newer one; Cancel puts an edit's text back in the
/// editor of the branch it was edited on, and gives nothing back for an upload (its file is still on the person's
/// computer).
final class OutboxBranchAndUploadTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }

    /// `method` requests of `repo` whose path (after the project) starts with `under` (other tests' writes to the
    /// shared server do not count).
    @MainActor private static func requests(_ method: String, _ repo: RepositoryID, under: String) -> [LoggedRequest] {
        server.requestLog.filter { $0.method == method && $0.path.hasPrefix("/api/v5/repos/\(repo.owner)/\(repo.name)/\(under)") }
    }

    @MainActor private static func branches(_ repo: RepositoryID, client: GiteeClient) -> Set<String> {
        var found: [Branch] = []
        runUntilDone("the branches") {
            found = (try? await client.send(Endpoints.branches(owner: repo.owner, repo: repo.name))) ?? []
        }
        return Set(found.map(\.name))
    }

    @MainActor private static func file(_ repo: RepositoryID, _ path: String, on branch: String?,
                                        client: GiteeClient) -> GiteeKit.Content? {
        var content: GiteeKit.Content?
        runUntilDone("read back") {
            content = try? await client.send(Endpoints.file(owner: repo.owner, repo: repo.name, path: path, ref: branch))
        }
        return content
    }

    @MainActor private static func makeBranch(_ name: String, in repo: RepositoryID, client: GiteeClient) {
        runUntilDone("make a branch") {
            guard let from = try? await client.send(Endpoints.project(owner: repo.owner, repo: repo.name)).defaultBranch
            else { return }
            _ = try? await client.send(Endpoints.createBranch(owner: repo.owner, repo: repo.name, name: name, from: from))
        }
        XCTAssertTrue(branches(repo, client: client).contains(name))
    }

    private static func branchName() -> String { "offline-\(UUID().uuidString.prefix(8).lowercased())" }

    func testACommitToANewBranchMadeOfflineWaitsAndTheDrainMakesTheBranchThenCommitsOnce() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = OutboxTests.makeApp(drafts: drafts)
            let repo = try FileEditingTests.project(ownedByDemo: true)
            let path = try FileEditingTests.newFile(Array("first\n".utf8), in: repo, client: app.client)
            let seen = try XCTUnwrap(FileEditingTests.serverBytes(repo, path, client: app.client).1)
            app.coordinator.push(.editFile(repo, branch: nil, path: path))
            let editor = try XCTUnwrap(app.coordinator.top?.model as? FileEditorViewModel)
            editor.start()
            waitUntil("the file and the branches load") { editor.phase == .editing && !editor.newBranchName.isEmpty }
            let name = Self.branchName()
            editor.choose(.newBranch)
            editor.setNewBranchName(name)
            editor.setText("first\nwritten on a train")

            Self.server.clearLog()
            app.transport.unplugged = true
            editor.commit()
            waitUntil("the commit settles") { !editor.writes.isWriting }
            let row = try XCTUnwrap(app.outbox.entries.first)
            XCTAssertEqual(app.outbox.entries.count, 1)
            XCTAssertEqual(row.summary, "Commit to the new branch \(name) of \(repo.owner)/\(repo.name): \(path)")
            XCTAssertEqual(row.fileCommit?.branchFrom, "", "made from the default branch, named when it is sent")
            XCTAssertEqual(app.coordinator.toast?.message,
                           "Gitee cannot be reached: the commit waits, and is sent when it answers.")
            XCTAssertFalse(app.coordinator.top?.model is FileEditorViewModel, "the editor went")
            XCTAssertNil(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: path),
                         "the outbox has the text now")
            XCTAssertTrue(Self.requests("POST", repo, under: "").isEmpty && Self.requests("PUT", repo, under: "").isEmpty,
                          "nothing reached the server")

            app.transport.unplugged = false
            runUntilDone("the drain") { await app.services.drainOutbox()?.value }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.requests("POST", repo, under: "branches").count, 1, "the branch, made once")
            XCTAssertEqual(Self.requests("PUT", repo, under: "contents/").count, 1, "the file, committed once")
            XCTAssertTrue(Self.branches(repo, client: app.client).contains(name))
            XCTAssertEqual(Self.file(repo, path, on: name, client: app.client)?.decodedData,
                           Data("first\nwritten on a train\n".utf8), "on the new branch")
            XCTAssertEqual(Self.file(repo, path, on: nil, client: app.client)?.sha, seen, "the default branch untouched")
        }
    }

    func testABranchMadeBeforeALostAnswerIsNotMadeAgainSomeoneElsesIsNeverWrittenToAndCancelKeepsTheText() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = OutboxTests.makeApp(drafts: drafts, attached: false)
            let repo = try FileEditingTests.project(ownedByDemo: true)
            let path = try FileEditingTests.newFile(Array("first\n".utf8), in: repo, client: app.client)
            let seen = try XCTUnwrap(FileEditingTests.serverBytes(repo, path, client: app.client).1)
            func row(_ branch: String, _ text: String) -> String {
                OutboxEntry.FileCommit(path: path, branch: branch, message: "Offline edit", content: Data(text.utf8),
                                       baseSHA: seen, branchFrom: "").payload
            }
            // Its branch was made, then the answer was lost before the file went: the file still is the one edited.
            let halfDone = Self.branchName()
            Self.makeBranch(halfDone, in: repo, client: app.client)
            _ = app.outbox.enqueue(.fileCommit, repo: repo, number: "", payload: row(halfDone, "mine\n"), seen: seen)
            // Someone else made a branch of that name meanwhile, with another version of the file.
            let theirs = Self.branchName()
            Self.makeBranch(theirs, in: repo, client: app.client)
            runUntilDone("someone else commits there") {
                _ = try? await app.client.send(Endpoints.updateFile(owner: repo.owner, repo: repo.name, path: path,
                                                                    content: Data("theirs\n".utf8), sha: seen,
                                                                    message: "theirs", branch: theirs))
            }
            let conflict = try XCTUnwrap(app.outbox.enqueue(.fileCommit, repo: repo, number: "",
                                                            payload: row(theirs, "mine too\n"), seen: seen))
            Self.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertEqual(app.outbox.entries.map(\.id), [conflict.id], "the half-done one is sent")
            XCTAssertTrue(Self.requests("POST", repo, under: "branches").isEmpty, "no branch made twice")
            XCTAssertEqual(Self.requests("PUT", repo, under: "contents/").count, 1, "only the half-done one's file")
            XCTAssertEqual(Self.file(repo, path, on: halfDone, client: app.client)?.decodedData, Data("mine\n".utf8))
            XCTAssertEqual(app.outbox.entries.first?.status,
                           .needsDecision(reason: "a branch with this name was made meanwhile"))
            XCTAssertEqual(Self.file(repo, path, on: theirs, client: app.client)?.decodedData, Data("theirs\n".utf8),
                           "never written over")

            // Cancel (the Mine page's): the text goes back into the editor of the branch it was edited on.
            app.services.outbox = app.outbox
            runUntilDone("the session") { await app.services.session.start() }
            app.services.cancelOutboxRow(conflict.id)
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: path),
                           FileDraft(text: "mine too", baseSHA: seen))
        }
    }

    func testAnUploadMadeOfflineWaitsIsSentOnceAndCancelGivesNoDraft() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = OutboxTests.makeApp(drafts: drafts)
            let repo = try FileEditingTests.project(ownedByDemo: true)
            let folder = "up-\(UUID().uuidString.prefix(8))"
            runUntilDone("seed") {
                _ = try? await app.client.send(Endpoints.createFile(owner: repo.owner, repo: repo.name,
                                                                    path: folder + "/existing.txt",
                                                                    content: Data("old\n".utf8), message: "seed",
                                                                    branch: nil))
            }
            app.coordinator.push(.tree(repo, ref: nil, path: folder))
            let tree = try XCTUnwrap(app.coordinator.top?.model as? TreeViewModel)
            tree.start()
            waitUntil("the folder, with push rights") { tree.canWrite && !tree.entries.items.isEmpty }
            let uploads = try XCTUnwrap(tree.uploads)
            let local = try Self.localFiles.make("picture.png", LocalTestFiles.binarySample)

            Self.server.clearLog()
            app.transport.unplugged = true
            uploads.add(paths: [local, local])
            waitUntil("both wait") { uploads.uploads.allSatisfy { $0.state == .inOutbox } }
            XCTAssertEqual(uploads.line(for: uploads.uploads[0]).hasSuffix(
                ": Gitee cannot be reached; it waits, and is sent when it answers"), true)
            XCTAssertEqual(app.outbox.entries.map(\.summary),
                           Array(repeating: "Upload to \(repo.owner)/\(repo.name): \(folder)/picture.png", count: 2))
            XCTAssertTrue(Self.requests("POST", repo, under: "").isEmpty, "nothing reached the server")

            // The second is taken back; the first is sent once (a second for the same bytes would be done, not sent).
            let second = try XCTUnwrap(app.outbox.entries.last)
            app.services.cancelOutboxRow(second.id)
            XCTAssertNil(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: folder + "/"),
                         "no New File draft made of a picture's bytes")
            app.transport.unplugged = false
            runUntilDone("the drain") { await app.services.drainOutbox()?.value }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            let posts = Self.requests("POST", repo, under: "contents/\(folder)/")
            XCTAssertEqual(posts.map(\.status), [201], "uploaded once")
            XCTAssertEqual(posts.first?.fields["message"], "Upload picture.png")
            XCTAssertEqual(Self.file(repo, "\(folder)/picture.png", on: nil, client: app.client)?.decodedData,
                           LocalTestFiles.binarySample, "byte for byte")

            // A replacement waiting (its folder was read, then the server went) is sent over the sha it replaces.
            let (_, oldSHA) = FileEditingTests.serverBytes(repo, "\(folder)/existing.txt", client: app.client)
            let replacement = FolderUploads.row(Data("new\n".utf8), at: "\(folder)/existing.txt", over: oldSHA,
                                                name: "existing.txt", in: uploads.target)
            _ = app.outbox.enqueue(.fileCommit, repo: repo, number: "", payload: replacement.payload, seen: oldSHA ?? "")
            Self.server.clearLog()
            runUntilDone("the drain") { await app.services.drainOutbox()?.value }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            let put = try XCTUnwrap(Self.requests("PUT", repo, under: "contents/\(folder)/").first)
            XCTAssertEqual(put.fields["sha"], oldSHA)
            XCTAssertEqual(put.fields["message"], "Update existing.txt")
        }
    }

    /// Where the local files of these tests are made; removed after the class.
    private static let localFiles = LocalTestFiles("outbox-upload-tests")

    override class func tearDown() {
        localFiles.removeAll()
        super.tearDown()
    }

    func testADeletionMadeOfflineWaitsOverTheListedVersionAndNeverRemovesANewerOne() throws {
        try onMain {
            let store = try OfflineStore(directory: FileManager.default.temporaryDirectory
                .appendingPathComponent("outbox-deletion-\(UUID())"))
            let app = OutboxTests.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()), store: store)
            let repo = try FileEditingTests.project(ownedByDemo: true)
            let kept = try FileEditingTests.newFile(Array("mine\n".utf8), in: repo, client: app.client)
            let changed = try FileEditingTests.newFile(Array("mine\n".utf8), in: repo, client: app.client)
            // The folder as listed before the network went: its saved listing has both files' shas.
            app.coordinator.push(.tree(repo, ref: nil, path: "edits"))
            let folder = try XCTUnwrap(app.coordinator.top?.model as? TreeViewModel)
            folder.start()
            waitUntil("the folder lists both") {
                Set([kept, changed]).isSubset(of: Set(folder.entries.items.map(\.path))) && !folder.entries.isShowingSavedData
            }
            runUntilDone("the listing is saved") { await store.flush() }

            @MainActor func deleteUnplugged(_ path: String) throws {
                app.coordinator.push(.blob(repo, ref: nil, path: path))
                let deletion = try XCTUnwrap((app.coordinator.top?.model as? BlobViewModel)?.deletion)
                app.transport.unplugged = true
                deletion.delete()
                waitUntil("the deletion settles") { !deletion.writes.isWriting }
                app.transport.unplugged = false
            }
            Self.server.clearLog()
            try deleteUnplugged(kept)
            XCTAssertEqual(app.outbox.entries.map(\.summary), ["Deletion of \(kept) in \(repo.owner)/\(repo.name)"])
            XCTAssertEqual(app.coordinator.toast?.message,
                           "Gitee cannot be reached: the deletion waits, and is sent when it answers.")
            XCTAssertFalse(app.coordinator.top?.model is BlobViewModel, "the file's page went")
            try deleteUnplugged(changed)
            XCTAssertEqual(app.outbox.entries.count, 2)
            XCTAssertTrue(Self.requests("DELETE", repo, under: "").isEmpty, "nothing reached the server")

            // Someone changes the second file meanwhile: it is not the version the person deleted.
            let (_, listedSHA) = FileEditingTests.serverBytes(repo, changed, client: app.client)
            runUntilDone("someone else commits") {
                _ = try? await app.client.send(Endpoints.updateFile(owner: repo.owner, repo: repo.name, path: changed,
                                                                    content: Data("theirs\n".utf8), sha: listedSHA ?? "",
                                                                    message: "theirs", branch: nil))
            }
            app.services.outbox = app.outbox
            runUntilDone("the drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertEqual(Self.requests("DELETE", repo, under: "contents/").map(\.path),
                           ["/api/v5/repos/\(repo.owner)/\(repo.name)/contents/\(kept)"], "one DELETE, of the first")
            XCTAssertNil(Self.file(repo, kept, on: nil, client: app.client), "deleted")
            XCTAssertEqual(app.outbox.entries.count, 1)
            XCTAssertEqual(app.outbox.entries.first?.status, .needsDecision(reason: "the file was changed meanwhile"))
            XCTAssertEqual(Self.file(repo, changed, on: nil, client: app.client)?.decodedData, Data("theirs\n".utf8),
                           "the newer version is never deleted unseen")
        }
    }
}
