import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

final class DraftStoreTests: XCTestCase {
    @MainActor private static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mayun-drafts-\(UUID().uuidString)")
    }

    /// `a__b/c` and `a/b__c` were one file when `_` was kept as is.
    func testNamesThatUsedToCollideKeepTheirOwnDrafts() {
        onMain {
            let drafts = DraftStore(directory: Self.folder())
            defer { try? FileManager.default.removeItem(at: drafts.directory) }
            let first = RepositoryID(owner: "a__b", name: "c"), second = RepositoryID(owner: "a", name: "b__c")
            XCTAssertNotEqual(drafts.file(for: first), drafts.file(for: second))
            let tricky = [("a_b", "c"), ("a", "b_c"), ("a%5F", "b"), ("a", "%5Fb"), ("a_", "_b"), ("a", "_"), ("x y", "z"),
                          ("x?y", "z"), ("x_y", "z")].map { RepositoryID(owner: $0.0, name: $0.1) }
            XCTAssertEqual(Set(tricky.map { drafts.file(for: $0) }).count, tricky.count, "one file per repository")
            drafts.save(IssueDraft(title: "first"), for: first)
            drafts.save(IssueDraft(title: "second"), for: second)
            runUntilDone("writes") { await drafts.flush() }
            XCTAssertEqual(drafts.draft(for: first).title, "first")
            XCTAssertEqual(drafts.draft(for: second).title, "second")
            XCTAssertEqual(drafts.file(for: RepositoryID(owner: "..", name: ".")).lastPathComponent, "%2E%2E__%2E.json")
            let long = RepositoryID(owner: String(repeating: "长", count: 100), name: "x")
            XCTAssertLessThanOrEqual(drafts.file(for: long).lastPathComponent.utf8.count, 255)
        }
    }

    /// Drafts written under the old names are still found, and move to the new name on the next save.
    func testDraftsUnderTheOldNameAreStillRead() throws {
        try onMain {
            let drafts = DraftStore(directory: Self.folder())
            defer { try? FileManager.default.removeItem(at: drafts.directory) }
            let repo = RepositoryID(owner: "my_org", name: "my_repo")
            try FileManager.default.createDirectory(at: drafts.directory, withIntermediateDirectories: true)
            let old = drafts.directory.appendingPathComponent("my_org__my_repo.json")
            try JSONEncoder().encode(IssueDraft(title: "old", body: "kept")).write(to: old)
            XCTAssertEqual(drafts.draft(for: repo), IssueDraft(title: "old", body: "kept"))
            drafts.save(IssueDraft(title: "old", body: "kept, edited"), for: repo)
            runUntilDone("write") { await drafts.flush() }
            XCTAssertFalse(FileManager.default.fileExists(atPath: old.path), "moved to the new name")
            XCTAssertEqual(DraftStore(directory: drafts.directory).draft(for: repo).body, "kept, edited")
            // A name that needs no encoding has the same file before and after: saving must not delete it.
            let plain = RepositoryID(owner: "kit101", name: "drone-yml-test")
            drafts.save(IssueDraft(title: "plain"), for: plain)
            runUntilDone("write") { await drafts.flush() }
            XCTAssertEqual(drafts.draft(for: plain).title, "plain")
        }
    }

    /// A write that fails is said to the person on the form, with the cause named.
    func testWriteErrorsReachTheForm() throws {
        try onMain {
            // Tests run as root, which may write almost anywhere: /sys refuses even root.
            let drafts = DraftStore(directory: URL(fileURLWithPath: "/sys/mayun-drafts-test"))
            let services = AppServices(client: GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"),
                                                           transport: StubTransport()), drafts: drafts)
            let form = CreateIssueViewModel(repo: RepositoryID(owner: "a", name: "b"), drafts: drafts,
                                            client: services.client, markdown: nil, navigator: nil)
            XCTAssertNil(form.draftError)
            form.setTitle("lost?")
            runUntilDone("write") { await drafts.flush() }
            waitUntil("the error is published") { form.draftError != nil }
            XCTAssertEqual(form.draftError, "Your draft could not be saved: permission denied.")
            // A file where the folder should be: another cause, in the system's words.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-not-a-folder-\(UUID().uuidString)")
            try Data("x".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let blocked = DraftStore(directory: file.appendingPathComponent("drafts"))
            blocked.save(IssueDraft(title: "t"), for: RepositoryID(owner: "a", name: "b"))
            runUntilDone("write") { await blocked.flush() }
            waitUntil("the error is published") { blocked.writeError != nil }
            XCTAssertTrue(blocked.writeError?.hasPrefix("Your draft could not be saved: ") == true, blocked.writeError ?? "")
            XCTAssertEqual(DraftStore.message(for: POSIXError(.ENOSPC)), "Your draft could not be saved: the disk is full.")
        }
    }

    private static func mode(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
    }

    /// Issue 36: every composer's drafts are the person's alone: files 0600, and every folder from the store's own
    /// down 0700, whatever the umask (message replies were 0644 in 0755 folders).
    func testEveryKindOfDraftIsPrivate() {
        onMain {
            let drafts = DraftStore(directory: Self.folder())
            defer { try? FileManager.default.removeItem(at: drafts.directory) }
            let repo = RepositoryID(owner: "o", name: "r")
            let previous = umask(0o022)
            defer { umask(previous) }
            drafts.saveMessage("周末见", account: "alice", recipient: "wang")
            drafts.saveComment("a comment", account: "alice", repo: repo, issue: "I1")
            drafts.save(IssueDraft(title: "an issue"), for: repo)
            drafts.saveFileDraft(FileDraft(text: "x", baseSHA: "abc"), account: "alice", repo: repo, branch: "", path: "a.txt")
            runUntilDone("writes") { await drafts.flush() }
            let files = [drafts.messageFile(account: "alice", recipient: "wang"),
                         drafts.commentFile(account: "alice", repo: repo, issue: "I1"), drafts.file(for: repo),
                         drafts.fileDraftFile(account: "alice", repo: repo, branch: "", path: "a.txt")]
            for file in files {
                XCTAssertEqual(Self.mode(file), 0o600, file.path)
                XCTAssertEqual(Self.mode(file.deletingLastPathComponent()), 0o700, file.deletingLastPathComponent().path)
            }
            XCTAssertEqual(Self.mode(drafts.directory), 0o700)
        }
    }

    /// Typing saves at every key: a text read back at once is the last one saved (the new-issue form reopened
    /// before its write landed showed the older file), a burst of saves is one write off the main thread, and the
    /// disk ends with the last text.
    func testTwoQuickSavesLeaveTheLastText() {
        onMain {
            let drafts = DraftStore(directory: Self.folder())
            defer { try? FileManager.default.removeItem(at: drafts.directory) }
            let repo = RepositoryID(owner: "o", name: "r")
            drafts.save(IssueDraft(title: "first"), for: repo)
            drafts.save(IssueDraft(title: "second"), for: repo)
            drafts.saveMessage("first", account: "alice", recipient: "wang")
            drafts.saveMessage("second", account: "alice", recipient: "wang")
            XCTAssertEqual(drafts.draft(for: repo).title, "second", "read before the write is on disk")
            XCTAssertEqual(drafts.message(account: "alice", recipient: "wang"), "second")
            runUntilDone("writes") { await drafts.flush() }
            let restarted = DraftStore(directory: drafts.directory)
            XCTAssertEqual(restarted.draft(for: repo).title, "second")
            XCTAssertEqual(restarted.message(account: "alice", recipient: "wang"), "second")

            // While the writer is busy, 100 keys replace what its one queued write will take.
            let before = drafts.writer.diskWrites
            let release = drafts.writer.hold()
            for length in 1...100 { drafts.saveMessage(String(repeating: "字", count: length), account: "alice", recipient: "li") }
            drafts.saveMessage("", account: "alice", recipient: "wang")
            XCTAssertEqual(drafts.message(account: "alice", recipient: "li").count, 100)
            XCTAssertFalse(FileManager.default.fileExists(atPath: drafts.messageFile(account: "alice", recipient: "li").path),
                           "nothing is written on the main thread: the writer's thread is held")
            XCTAssertEqual(drafts.message(account: "alice", recipient: "wang"), "", "a waiting removal is read as none")
            release()
            runUntilDone("writes") { await drafts.flush() }
            XCTAssertEqual(drafts.writer.diskWrites - before, 2, "one write per draft, not per key")
            let again = DraftStore(directory: drafts.directory)
            XCTAssertEqual(again.message(account: "alice", recipient: "li"), String(repeating: "字", count: 100))
            XCTAssertEqual(again.message(account: "alice", recipient: "wang"), "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: drafts.messageFile(account: "alice", recipient: "wang").path))
        }
    }

    /// Replies kept by the message composer's own store before (`messages/<account>/<recipient>.txt`) are still
    /// found, and move to the one store's file on the next save.
    func testMessageDraftsOfTheOlderFormatAreStillRead() throws {
        try onMain {
            let drafts = DraftStore(directory: Self.folder())
            defer { try? FileManager.default.removeItem(at: drafts.directory) }
            let old = drafts.directory.appendingPathComponent("messages/alice/wang_li.txt")
            XCTAssertEqual(drafts.legacyMessageFile(account: "alice", recipient: "wang_li"), old)
            try PrivateFiles.write(Data("好的 OK".utf8), to: old)
            XCTAssertEqual(drafts.message(account: "alice", recipient: "wang_li"), "好的 OK")
            drafts.saveMessage("好的 OK, see you", account: "alice", recipient: "wang_li")
            runUntilDone("write") { await drafts.flush() }
            XCTAssertFalse(FileManager.default.fileExists(atPath: old.path), "moved to the new file")
            XCTAssertEqual(DraftStore(directory: drafts.directory).message(account: "alice", recipient: "wang_li"),
                           "好的 OK, see you")
            // Names from the server cannot leave the folder, in either format.
            for name in ["../../etc/passwd", "..", "a/b"] {
                XCTAssertEqual(drafts.messageFile(account: name, recipient: name).deletingLastPathComponent(),
                               drafts.directory.appendingPathComponent("messages"))
                XCTAssertEqual(drafts.legacyMessageFile(account: name, recipient: name).deletingLastPathComponent()
                    .deletingLastPathComponent(), drafts.directory.appendingPathComponent("messages"))
            }
        }
    }
}
