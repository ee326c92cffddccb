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
}
