import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// New File and Upload from a folder page (issue 27) against FakeGitee (as strict as the site): the name check, the
/// request each action sends, drafts surviving a restart, the folder showing the new file, replacing only after
/// asking (with the file's sha), the size cap said and applied before sending, and upload progress from libsoup.
final class FileCreateUploadTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }

    @MainActor private static func project(ownedByDemo: Bool) throws -> RepositoryID {
        let demo = try XCTUnwrap(Self.server.world.user(login: "mayun-demo"))
        let found = try XCTUnwrap(Self.server.world.projects.first {
            ($0.ownerID == demo.id) == ownedByDemo && !$0.isEmpty && !$0.isPrivate
        })
        return RepositoryID(owner: Self.server.world.owner(of: found).login, name: found.path)
    }

    @MainActor private static func serverFile(_ repo: RepositoryID, _ path: String, client: GiteeClient) -> (Data?, String?) {
        var content: GiteeKit.Content?
        runUntilDone("read back") {
            content = try? await client.send(Endpoints.file(owner: repo.owner, repo: repo.name, path: path))
        }
        return (content?.decodedData, content?.sha)
    }

    /// The folder page of `folder`, loaded, with push rights known.
    @MainActor static func openFolder(_ app: IssueFixture.App, _ repo: RepositoryID, _ folder: String,
                                              expectWrite: Bool = true) throws -> TreeViewModel {
        app.coordinator.push(.tree(repo, ref: nil, path: folder))
        let tree = try XCTUnwrap(app.coordinator.top?.model as? TreeViewModel)
        tree.start()
        waitUntil("the folder loads") { !tree.entries.items.isEmpty && (!expectWrite || tree.canWrite) }
        return tree
    }

    /// A fresh folder with one file in it, so each test writes where no other test does.
    @MainActor static func freshFolder(_ repo: RepositoryID, client: GiteeClient, file: String = "seed.txt",
                                               bytes: Data = Data("seed\n".utf8)) -> String {
        let folder = "uploads-\(UUID().uuidString.prefix(8))"
        runUntilDone("seed the folder") {
            _ = try? await client.send(Endpoints.createFile(owner: repo.owner, repo: repo.name, path: folder + "/" + file,
                                                            content: bytes, message: "seed", branch: nil))
        }
        return folder
    }

    // MARK: The name

    func testNewFileNamesAreCheckedBeforeAnythingIsSent() {
        onMain {
            let files: Set<String> = ["README.md"], folders: Set<String> = ["docs"]
            func problem(_ name: String) -> String? { NewFileName.problem(with: name, files: files, folders: folders) }
            XCTAssertNil(problem(""), "an empty field has nothing to say yet")
            XCTAssertNil(problem("notes.md"))
            XCTAssertNil(problem("docs/guide.md"), "inside an existing folder")
            XCTAssertNil(problem("new/deeper/file.txt"), "new folders on the way")
            XCTAssertNotNil(problem("README.md"), "exists")
            XCTAssertNotNil(problem("docs"), "a folder of that name exists")
            XCTAssertNotNil(problem("README.md/x"), "a file is not a folder")
            XCTAssertNotNil(problem("../escape"))
            XCTAssertNotNil(problem("a/./b"))
            XCTAssertNotNil(problem("/rooted"))
            XCTAssertNotNil(problem("trailing/"))
            XCTAssertNotNil(problem("a//b"))
            XCTAssertNotNil(problem("tab\there"))
            XCTAssertNotNil(problem("back\\slash"))
            // A C1 control is refused here as every request path refuses it (PathSafety; found by the links fuzzer).
            XCTAssertNotNil(problem("c1\u{90}control"))
            XCTAssertNotNil(problem(String(repeating: "x", count: 256)))
            XCTAssertNil(problem(String(repeating: "x", count: 255)))
            XCTAssertEqual(FolderTarget(repo: RepositoryID(owner: "o", name: "r"), branch: nil, folder: "").path(of: "a"), "a")
            XCTAssertEqual(FolderTarget(repo: RepositoryID(owner: "o", name: "r"), branch: nil, folder: "d/e").path(of: "a"), "d/e/a")
        }
    }

    // MARK: New File

    func testNewFileIsAPOSTAndTheFolderShowsTheFile() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = IssueFixture.makeApp(drafts: drafts)
            let repo = try Self.project(ownedByDemo: true)
            let folder = Self.freshFolder(repo, client: app.client)
            let tree = try Self.openFolder(app, repo, folder)
            tree.newFile()
            let creator = try XCTUnwrap(app.coordinator.top?.model as? NewFileViewModel)
            creator.start()
            XCTAssertFalse(creator.canCommit, "no name yet")
            XCTAssertEqual(creator.whereText, "In \(folder), on the default branch")
            creator.setName("seed.txt")
            XCTAssertNotNil(creator.nameProblem, "the folder's own file is refused before sending")
            XCTAssertFalse(creator.canCommit)
            creator.setName("hello.md")
            XCTAssertNil(creator.nameProblem)
            XCTAssertEqual(creator.message, "Create hello.md", "the message follows the name")
            creator.setText("# Hello")
            XCTAssertNotNil(creator.leaveQuestion)
            Self.server.clearLog()
            creator.commit()
            waitUntil("created") { creator.phase == .created }
            let post = try XCTUnwrap(Self.server.requestLog.last { $0.method == "POST" })
            XCTAssertEqual(post.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/contents/\(folder)/hello.md")
            XCTAssertEqual(post.status, 201)
            XCTAssertEqual(post.fields["message"], "Create hello.md")
            XCTAssertEqual(post.fields["content"].flatMap { Data(base64Encoded: $0) }, Data("# Hello\n".utf8),
                           "with a final newline, as editors save")
            XCTAssertNil(post.fields["branch"], "the default branch: none named")
            XCTAssertEqual(Self.serverFile(repo, "\(folder)/hello.md", client: app.client).0, Data("# Hello\n".utf8))
            XCTAssertTrue(app.coordinator.top?.model === tree, "back on the folder, without asking")
            waitUntil("the folder shows the new file") { tree.entries.items.contains { $0.name == "hello.md" } }
            runUntilDone("drafts") { await drafts.flush() }
            XCTAssertNil(drafts.fileDraft(account: "mayun-demo", repo: repo, branch: "", path: folder + "/"), "no draft left")
        }
    }

    func testANewFileIsADraftThatSurvivesARestartAndAnOwnMessageStays() throws {
        try onMain {
            let directory = IssueFixture.makeDrafts()
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: directory))
            let repo = try Self.project(ownedByDemo: true)
            let folder = Self.freshFolder(repo, client: app.client)
            app.coordinator.push(.newFile(repo, branch: nil, folder: folder))
            let first = try XCTUnwrap(app.coordinator.top?.model as? NewFileViewModel)
            first.start()
            first.setName("plan.txt")
            first.setText("step one")
            first.setMessage("Add the plan")
            first.setName("plan2.txt")
            XCTAssertEqual(first.message, "Add the plan", "a message the person wrote is not replaced")
            first.setMessage("")
            XCTAssertEqual(first.message, "Create plan2.txt", "an emptied message follows the name again")
            runUntilDone("the draft is written") { await app.services.drafts.flush() }

            let restarted = IssueFixture.makeApp(drafts: DraftStore(directory: directory))
            restarted.coordinator.push(.newFile(repo, branch: nil, folder: folder))
            let again = try XCTUnwrap(restarted.coordinator.top?.model as? NewFileViewModel)
            again.start()
            XCTAssertEqual(again.name, "plan2.txt")
            XCTAssertEqual(again.text, "step one")
            XCTAssertEqual(again.message, "Create plan2.txt")
            var asked: String?
            restarted.coordinator.askBeforeLeaving = { question, _ in asked = question }
            restarted.coordinator.pop()
            XCTAssertEqual(asked, again.leaveQuestion, "leaving with a draft asks")
            XCTAssertNil(DraftStore(directory: directory).fileDraft(account: "someone-else", repo: repo, branch: "",
                                                                    path: folder + "/"))
        }
    }

    func testARefusedCreateKeepsTheText() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let repo = try Self.project(ownedByDemo: true)
            let folder = Self.freshFolder(repo, client: app.client)
            // Opened without the folder's page below, so the name check does not know the file: the server refuses.
            app.coordinator.push(.newFile(repo, branch: nil, folder: folder))
            let creator = try XCTUnwrap(app.coordinator.top?.model as? NewFileViewModel)
            creator.start()
            creator.setName("seed.txt")
            XCTAssertTrue(creator.canCommit)
            creator.setText("mine")
            Self.server.clearLog()
            creator.commit()
            waitUntil("refused") { !creator.writes.isWriting && !Self.server.requestLog.isEmpty }
            XCTAssertEqual(Self.server.requestLog.last { $0.method == "POST" }?.status, 400, "POST over an existing file")
            XCTAssertEqual(creator.phase, .editing)
            XCTAssertEqual(creator.text, "mine")
            XCTAssertEqual(Self.serverFile(repo, "\(folder)/seed.txt", client: app.client).0, Data("seed\n".utf8))
        }
    }

    func testNoPushRightsNoNewFileNorUpload() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let other = try Self.project(ownedByDemo: false)
            Self.server.clearLog()
            let tree = try Self.openFolder(app, other, "", expectWrite: false)
            // The page asks for the project (its `permission`) once the session is known; then it decides.
            waitUntil("the project's permission was read") {
                Self.server.requestLog.contains { $0.method == "GET" && $0.path == "/api/v5/repos/\(other.owner)/\(other.name)" }
            }
            drainMainQueue()
            drainMainQueue()
            XCTAssertFalse(tree.canWrite)
            tree.newFile()
            XCTAssertTrue(app.coordinator.top?.model === tree, "New File does nothing without push rights")
            let own = try Self.openFolder(app, try Self.project(ownedByDemo: true), "")
            XCTAssertTrue(own.canWrite)
            app.coordinator.push(.tree(own.repo, ref: String(repeating: "a", count: 40), path: ""))
            let atCommit = try XCTUnwrap(app.coordinator.top?.model as? TreeViewModel)
            XCTAssertNil(atCommit.uploads, "a commit is not a branch: nothing can be written there")
        }
    }
}
