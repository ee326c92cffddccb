@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Answers handed out by the test, one per fetch, in the order the fetches were made.
@MainActor
private final class Answers {
    private var waiting: [CheckedContinuation<String, Error>] = []
    private(set) var fetches = 0
    /// Fetches made so far (answered or not).
    var asked: Int { waiting.count }

    func fetch() async throws -> String {
        fetches += 1
        return try await withCheckedThrowingContinuation { waiting.append($0) }
    }

    func answer(_ index: Int, with result: Result<String, GiteeError>) {
        waiting[index].resume(with: result.mapError { $0 as Error })
    }
}

final class RemoteResourceTests: XCTestCase {
    func testLoadsThenShowsTheValue() {
        onMain {
            let answers = Answers()
            let resource = RemoteResource<String> { try await answers.fetch() }
            resource.start()
            XCTAssertEqual(resource.state, .loading)
            waitUntil("the fetch") { answers.asked == 1 }
            answers.answer(0, with: .success("fresh"))
            waitUntil("the value") { resource.value == "fresh" }
            XCTAssertEqual(resource.phase, .loaded)
            XCTAssertEqual(resource.state, .content)
        }
    }

    func testAStaleAnswerIsDropped() {
        onMain {
            let answers = Answers()
            let resource = RemoteResource<String> { try await answers.fetch() }
            resource.start()
            resource.refresh()
            waitUntil("both fetches") { answers.asked == 2 }
            answers.answer(1, with: .success("second"))
            waitUntil("the newer answer") { resource.value == "second" }
            answers.answer(0, with: .success("first, late"))
            drainMainQueue()
            XCTAssertEqual(resource.value, "second", "the older request's answer arrived late and was dropped")
        }
    }

    func testLeavingThePageDropsTheAnswer() {
        onMain {
            let answers = Answers()
            let resource = RemoteResource<String> { try await answers.fetch() }
            resource.start()
            waitUntil("the fetch") { answers.asked == 1 }
            resource.cancel()
            answers.answer(0, with: .success("too late"))
            drainMainQueue()
            XCTAssertNil(resource.value)
        }
    }

    func testSavedCopyFirstThenFresh() {
        onMain {
            let answers = Answers()
            let resource = RemoteResource<String>(saved: { "saved" }) { try await answers.fetch() }
            resource.start()
            XCTAssertEqual(resource.phase, .loading, "the saved copy is read off the main thread")
            waitUntil("the saved copy") { resource.value != nil }
            XCTAssertEqual(resource.value, "saved", "the saved copy shows first")
            XCTAssertEqual(resource.phase, .savedWhileOffline)
            XCTAssertEqual(resource.state, .content)
            waitUntil("the fetch") { answers.asked == 1 }
            answers.answer(0, with: .success("fresh"))
            waitUntil("the fresh value") { resource.value == "fresh" }
            XCTAssertEqual(resource.phase, .loaded)
        }
    }

    /// A saved copy the page prepares late (a saved README once parsed) never replaces the server's answer.
    func testALateSavedCopyDoesNotReplaceTheFreshValue() {
        onMain {
            let answers = Answers()
            let resource = RemoteResource<String> { try await answers.fetch() }
            resource.start()
            resource.showSavedCopy("saved text")
            XCTAssertEqual(resource.value, "saved text")
            XCTAssertEqual(resource.phase, .savedWhileOffline)
            waitUntil("the fetch") { answers.asked == 1 }
            answers.answer(0, with: .success("fresh"))
            waitUntil("the fresh value") { resource.value == "fresh" }
            resource.showSavedCopy("saved document, parsed late")
            XCTAssertEqual(resource.value, "fresh")
            XCTAssertEqual(resource.phase, .loaded)
        }
    }

    func testFailureKeepsTheSavedCopyWithTheOfflineBanner() {
        onMain {
            let answers = Answers()
            let resource = RemoteResource<String>(saved: { "saved" }) { try await answers.fetch() }
            resource.start()
            waitUntil("the fetch") { answers.asked == 1 }
            answers.answer(0, with: .failure(.offline))
            waitUntil("the banner") { resource.banner != nil }
            XCTAssertEqual(resource.value, "saved")
            XCTAssertEqual(resource.state, .content)
            XCTAssertTrue(resource.banner?.hasPrefix("Offline: showing saved data.") ?? false, resource.banner ?? "")
        }
    }

    func testFailedRefreshKeepsFreshContentAndSaysWhy() {
        onMain {
            let answers = Answers()
            let resource = RemoteResource<String> { try await answers.fetch() }
            resource.start()
            waitUntil("the fetch") { answers.asked == 1 }
            answers.answer(0, with: .success("fresh"))
            waitUntil("the value") { resource.value == "fresh" }
            resource.refresh()
            XCTAssertTrue(resource.isRefreshing)
            waitUntil("the refresh") { answers.asked == 2 }
            answers.answer(1, with: .failure(.server(status: 502, message: nil)))
            waitUntil("the refresh ends") { !resource.isRefreshing }
            XCTAssertEqual(resource.value, "fresh")
            XCTAssertEqual(resource.banner, ErrorText.message(for: .server(status: 502, message: nil)))
            XCTAssertFalse(resource.banner?.contains("Offline") ?? true, "fresh content is not called offline")
        }
    }

    func testFailureWithNothingToShowIsAFailedState() {
        onMain {
            let answers = Answers()
            let resource = RemoteResource<String> { try await answers.fetch() }
            resource.start()
            waitUntil("the fetch") { answers.asked == 1 }
            answers.answer(0, with: .failure(.notFound(nil)))
            waitUntil("the failure") { resource.state != .loading }
            XCTAssertEqual(resource.state, .failed(message: ErrorText.message(for: .notFound(nil))))
        }
    }
}
