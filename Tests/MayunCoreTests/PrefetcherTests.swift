import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Issue 41: the project a row under the pointer (or keyboard focus) opens is asked early, bounded and cancelled, so
/// its page draws from the offline store when it opens. The dwell is a wait the test passes: immediate, or one that
/// lasts until it is cancelled; nothing sleeps.
final class PrefetcherTests: XCTestCase {
    /// A cached client over FakeGitee with an empty store of its own (removed when the test's folder is).
    @MainActor private static func makeCached(in folder: URL) throws -> (CachedClient, RepositoryID) {
        let app = IssueFixture.makeApp(loggedIn: false)
        let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
        let store = try OfflineStore(directory: folder)
        IssueFixture.server.clearLog()
        return (CachedClient(client: app.client, store: store), repo)
    }

    @MainActor private static func asked(_ repo: RepositoryID) -> [String] {
        IssueFixture.server.requestLog.map(\.path).filter { $0.hasPrefix("/api/v5/repos/\(repo.owner)/\(repo.name)") }
    }

    func testARestingPointerFetchesTheProjectAndReadmeIntoTheStoreOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try onMain {
            let (cached, repo) = try Self.makeCached(in: folder)
            XCTAssertNil(awaited { await cached.project(repo).saved() }, "nothing saved before")
            let prefetcher = Prefetcher(cached: cached, wait: { _ in })
            prefetcher.interest(in: .project(repo))
            let task = try XCTUnwrap(prefetcher.inFlight)
            runUntilDone("the prefetch") { await task.value }
            XCTAssertEqual(prefetcher.completed, [.project(repo)])
            XCTAssertEqual(Set(Self.asked(repo)), ["/api/v5/repos/\(repo.owner)/\(repo.name)",
                                              "/api/v5/repos/\(repo.owner)/\(repo.name)/readme"])
            runUntilDone("the saves") { await cached.store?.flush() }
            XCTAssertEqual(awaited { await cached.project(repo).saved() }?.repoPath, repo.name, "the page will draw the project at once")
            XCTAssertNotNil(awaited { await cached.readme(repo, ref: nil).saved() }, "and its README")

            prefetcher.interest(in: nil)
            prefetcher.interest(in: .project(repo))
            XCTAssertNil(prefetcher.inFlight, "fetched a moment ago: not asked again")
            XCTAssertEqual(Self.asked(repo).count, 2)
        }
    }

    func testAPointerThatLeavesBeforeTheDwellAsksNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try onMain {
            let (cached, repo) = try Self.makeCached(in: folder)
            let prefetcher = Prefetcher(cached: cached, wait: { _ in try await Task.sleep(for: .seconds(3_600)) })
            prefetcher.interest(in: .project(repo))
            let task = try XCTUnwrap(prefetcher.inFlight)
            prefetcher.interest(in: nil)
            XCTAssertNil(prefetcher.inFlight)
            runUntilDone("the cancelled wait") { await task.value }
            XCTAssertEqual(Self.asked(repo), [], "a pointer passing over a row asks nothing")
            XCTAssertEqual(prefetcher.completed, [])
        }
    }

    func testAnotherRowCancelsTheFirstAndAMinuteHoldsAtMostTwentyPrefetches() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try onMain {
            let (cached, repo) = try Self.makeCached(in: folder)
            var clock = ContinuousClock.now
            let prefetcher = Prefetcher(cached: cached, wait: { _ in try await Task.sleep(for: .seconds(3_600)) },
                                        now: { clock })
            prefetcher.interest(in: .project(repo))
            let first = try XCTUnwrap(prefetcher.inFlight)
            let other = RepositoryID(owner: repo.owner, name: repo.name + "-other")
            prefetcher.interest(in: .project(other))
            runUntilDone("the first wait, cancelled by the second row") { await first.value }
            XCTAssertNotEqual(prefetcher.inFlight, first)

            let immediate = Prefetcher(cached: cached, wait: { _ in }, now: { clock })
            for index in 0..<(Prefetcher.perMinute + 5) {
                immediate.interest(in: .project(RepositoryID(owner: "nobody-\(index)", name: "nothing")))
                if let task = immediate.inFlight { runUntilDone("prefetch \(index)") { await task.value } }
            }
            let started = IssueFixture.server.requestLog.filter { $0.path.hasPrefix("/api/v5/repos/nobody-") }
            XCTAssertEqual(Set(started.map(\.path)).count, Prefetcher.perMinute * 2,
                           "twenty projects (each its project and README), then nothing more this minute")
            clock = clock.advanced(by: .seconds(61))
            immediate.interest(in: .project(RepositoryID(owner: "nobody-late", name: "nothing")))
            XCTAssertNotNil(immediate.inFlight, "a minute later it asks again")
        }
    }
}
