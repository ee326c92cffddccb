import Foundation
@testable import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// The app's quit path waits for queued draft (and offline store) writes before the process ends.
final class PendingWritesTests: XCTestCase {
    func testQuitWaitsForQueuedDraftWrites() throws {
        onMain {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-quit-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let drafts = DraftStore(directory: folder)
            let services = AppServices(client: GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"),
                                                           transport: SampleTransport()), drafts: drafts)
            let repo = RepositoryID(owner: "a", name: "b")
            // Each write is fsynced in order: 200 of them are far from done when the last save() returns.
            for index in 0..<200 { drafts.save(IssueDraft(title: "draft \(index)"), for: repo) }
            PendingWrites.finish(services)
            XCTAssertEqual(DraftStore(directory: folder).draft(for: repo).title, "draft 199",
                           "the last draft is on disk when the quit path returns")
        }
    }
}
