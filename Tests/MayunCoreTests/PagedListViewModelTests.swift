@testable import GiteeKit
@testable import MayunCore
import XCTest

/// A fetch whose answers the test hands out one by one, recording which pages were asked for.
@MainActor
private final class ScriptedFetch {
    var asked: [Int] = []
    private var pending: [CheckedContinuation<Page<Int>, Error>] = []
    var pendingCount: Int { pending.count }

    func fetch(_ pagination: Pagination?) async throws -> Page<Int> {
        asked.append(pagination?.page ?? 1)
        return try await withCheckedThrowingContinuation { pending.append($0) }
    }

    /// Answers the oldest waiting request with items `first..<first+count`; `last` ends the list.
    func answer(_ items: Range<Int>, page: Int, last: Bool = false) {
        let next: Pagination? = last ? nil : Pagination(style: .numbered(perPage: 20), page: page + 1, afterID: nil)
        pending.removeFirst().resume(returning: Page(items: Array(items), next: next, totalCount: nil,
                                                     totalPages: nil, servedByFallback: false))
    }

    func fail(_ error: GiteeError) {
        pending.removeFirst().resume(throwing: error)
    }
}

@MainActor
private func makeList(_ script: ScriptedFetch, cache: ListCache<Int>? = nil) -> PagedListViewModel<Int> {
    PagedListViewModel<Int>(emptyText: "Nothing here.", cache: cache) { try await script.fetch($0) }
}

final class PagedListViewModelTests: XCTestCase {
    func testEmptyFirstPageShowsTheEmptyText() {
        onMain {
            let script = ScriptedFetch()
            let list = makeList(script)
            list.start()
            XCTAssertEqual(list.state, .loading)
            waitUntil("the request") { script.pendingCount == 1 }
            script.answer(0..<0, page: 1, last: true)
            waitUntil("the answer") { list.state != .loading }
            XCTAssertEqual(list.state, .empty(text: "Nothing here."))
        }
    }

    func testShortLastPageEndsTheListAndNoMoreLoadsHappen() {
        onMain {
            let script = ScriptedFetch()
            let list = makeList(script)
            list.start()
            waitUntil("page 1 asked") { script.pendingCount == 1 }
            script.answer(0..<20, page: 1)
            waitUntil("page 1 shown") { list.items.count == 20 }
            list.loadMore()
            list.loadMore()  // a second call while one is loading must not ask again
            waitUntil("page 2 asked") { script.pendingCount == 1 }
            XCTAssertEqual(script.asked, [1, 2])
            script.answer(20..<27, page: 2, last: true)
            waitUntil("page 2 shown") { list.items.count == 27 }
            XCTAssertTrue(list.reachedEnd)
            list.loadMore()
            drainMainQueue()
            XCTAssertEqual(script.asked, [1, 2], "nothing is asked after the end")
        }
    }

    func testFailureOnPage3KeepsRowsAndRetryContinues() {
        onMain {
            let script = ScriptedFetch()
            let list = makeList(script)
            list.start()
            waitUntil("page 1 asked") { script.pendingCount == 1 }
            script.answer(0..<20, page: 1)
            waitUntil("page 1") { list.items.count == 20 }
            list.loadMore()
            waitUntil("page 2 asked") { script.pendingCount == 1 }
            script.answer(20..<40, page: 2)
            waitUntil("page 2") { list.items.count == 40 }
            list.loadMore()
            waitUntil("page 3 asked") { script.pendingCount == 1 }
            script.fail(.timeout)
            waitUntil("the failure") { list.loadMoreError != nil }
            XCTAssertEqual(list.items.count, 40, "the rows stay")
            XCTAssertEqual(list.state, .content)
            list.loadMore()
            drainMainQueue()
            XCTAssertEqual(script.asked, [1, 2, 3], "no automatic retry loop after a failure")
            list.retry()
            waitUntil("page 3 asked again") { script.pendingCount == 1 }
            XCTAssertEqual(script.asked, [1, 2, 3, 3])
            script.answer(40..<60, page: 3)
            waitUntil("page 3") { list.items.count == 60 }
            XCTAssertNil(list.loadMoreError)
        }
    }

    func testRefreshDuringLoadMoreDropsTheOldAnswer() {
        onMain {
            let script = ScriptedFetch()
            let list = makeList(script)
            list.start()
            waitUntil("page 1 asked") { script.pendingCount == 1 }
            script.answer(0..<20, page: 1)
            waitUntil("page 1") { list.items.count == 20 }
            list.loadMore()
            waitUntil("page 2 asked") { script.pendingCount == 1 }
            list.refresh()
            waitUntil("the refresh asked") { script.pendingCount == 2 }
            XCTAssertTrue(list.isRefreshing)
            XCTAssertEqual(list.items.count, 20, "rows stay visible while refreshing")
            script.answer(100..<120, page: 2)  // the stale page-2 answer
            script.answer(500..<520, page: 1)  // the refresh
            waitUntil("the refresh lands") { !list.isRefreshing }
            drainMainQueue()
            XCTAssertEqual(list.items, Array(500..<520), "the late page-2 answer was dropped")
        }
    }

    func testStaleSearchAnswersAreDropped() {
        onMain {
            let first = ScriptedFetch(), second = ScriptedFetch()
            let list = makeList(first)
            list.start()
            waitUntil("first search asked") { first.pendingCount == 1 }
            list.replaceSource { try await second.fetch($0) }
            waitUntil("second search asked") { second.pendingCount == 1 }
            second.answer(7..<9, page: 1, last: true)
            waitUntil("second answer") { list.items == [7, 8] }
            first.answer(0..<20, page: 1)
            drainMainQueue()
            XCTAssertEqual(list.items, [7, 8], "the old search's late answer does not replace the new one")
        }
    }

    func testSavedFirstPageShowsAtOnceAndStaysOfflineWithABanner() {
        onMain {
            var saved: [Int]? = [1, 2, 3]
            let cache = ListCache<Int>(load: { saved }, save: { saved = $0 })
            let script = ScriptedFetch()
            let list = makeList(script, cache: cache)
            list.start()
            XCTAssertEqual(list.state, .loading, "the saved copy is read off the main thread")
            waitUntil("the saved rows") { list.items == [1, 2, 3] }
            XCTAssertEqual(list.state, .content, "saved rows show before the network answers")
            waitUntil("revalidation asked") { script.pendingCount == 1 }
            script.fail(.offline)
            waitUntil("the failure") { list.banner != nil }
            XCTAssertEqual(list.items, [1, 2, 3])
            XCTAssertTrue(list.banner?.contains("Offline") == true, list.banner ?? "")
            list.refresh()
            waitUntil("retry asked") { script.pendingCount == 1 }
            script.answer(10..<12, page: 1, last: true)
            waitUntil("fresh rows") { list.items == [10, 11] }
            XCTAssertNil(list.banner)
            XCTAssertEqual(saved, [10, 11], "the fresh first page is saved")
        }
    }

    func testFailureWithNothingToShowOffersRetry() {
        onMain {
            let script = ScriptedFetch()
            let list = makeList(script)
            list.start()
            waitUntil("asked") { script.pendingCount == 1 }
            script.fail(.badResponse(.htmlPage))
            waitUntil("failed") { list.state != .loading }
            guard case .failed(let message) = list.state else { return XCTFail("expected failed, got \(list.state)") }
            XCTAssertTrue(message.contains("web page"), message)
            list.retry()
            XCTAssertEqual(list.state, .loading)
        }
    }

    func testNextPageIsAskedForOnlyOnceTheRowOnScreenIsWithinThePrefetchDistance() {
        onMain {
            let script = ScriptedFetch()
            let list = makeList(script)
            list.prefetchDistance = 40
            list.start()
            waitUntil("page 1 asked") { script.pendingCount == 1 }
            script.answer(0..<100, page: 1)
            waitUntil("page 1 shown") { list.items.count == 100 }
            list.rowShown(at: 10)
            list.rowShown(at: 59)  // 40 rows below it: still far enough from the end
            drainMainQueue()
            XCTAssertEqual(script.asked, [1], "no page is asked for while 40 rows remain below the row on screen")
            list.rowShown(at: 60)  // 39 rows below it
            waitUntil("page 2 asked") { script.pendingCount == 1 }
            list.rowShown(at: 99)  // while page 2 loads, a row further down asks nothing more
            drainMainQueue()
            XCTAssertEqual(script.asked, [1, 2])
            script.answer(100..<120, page: 2)
            waitUntil("page 2 shown") { list.items.count == 120 }
            list.rowShown(at: 79)  // 40 below again
            drainMainQueue()
            XCTAssertEqual(script.asked, [1, 2])
            list.rowShown(at: 80)
            waitUntil("page 3 asked") { script.pendingCount == 1 }
            XCTAssertEqual(script.asked, [1, 2, 3])
        }
    }

    func testDefaultPrefetchDistanceCoversAFlingAt150msLatency() {
        // 3 screens a second is ~30 rows a second; a fling ~10 screens, ~90 rows a second.
        XCTAssertEqual(PrefetchPolicy.rowsPassed(rowsPerSecond: 30, latency: 0.15), 9)
        XCTAssertGreaterThanOrEqual(PrefetchPolicy.defaultDistance,
                                    PrefetchPolicy.rowsPassed(rowsPerSecond: 90, latency: 0.15) + 10,
                                    "a fling reaches the loading row before the page arrives")
        XCTAssertFalse(PrefetchPolicy.shouldLoadMore(lastShownIndex: 0, count: 0))
        XCTAssertTrue(PrefetchPolicy.shouldLoadMore(lastShownIndex: 500, count: 20), "an index past the end clamps")
        XCTAssertFalse(PrefetchPolicy.shouldLoadMore(lastShownIndex: -1, count: 20))
    }
}

extension PagedListViewModelTests {
    /// Issue 29: with the saved copy on screen, the first page's request waits for the view (which runs it once that
    /// copy is painted), and a refresh asked for meanwhile is not asked again by it.
    func testTheSavedRowsRefreshWaitsForTheViewAndIsNotRepeatedAfterARefresh() {
        onMain {
            let cache = ListCache<Int>(load: { [1, 2, 3] }, save: { _ in })
            var held: [@MainActor () -> Void] = []
            let script = ScriptedFetch()
            let list = makeList(script, cache: cache)
            list.afterSavedRowsShown = { held.append($0) }
            list.start()
            waitUntil("the saved rows show") { list.items == [1, 2, 3] }
            drainMainQueue()
            XCTAssertEqual(script.asked, [], "no request before the view says the saved rows are shown")
            XCTAssertEqual(held.count, 1)
            held.removeFirst()()
            waitUntil("the refresh is asked for") { script.pendingCount == 1 }
            XCTAssertEqual(script.asked, [1])

            let refreshed = ScriptedFetch()
            let other = makeList(refreshed, cache: cache)
            other.afterSavedRowsShown = { held.append($0) }
            other.start()
            waitUntil("the saved rows show") { other.items == [1, 2, 3] }
            other.refresh()
            waitUntil("the refresh is asked for") { refreshed.pendingCount == 1 }
            held.removeFirst()()
            drainMainQueue()
            XCTAssertEqual(refreshed.asked, [1], "the held request is not sent after the refresh's")
        }
    }

    /// A refresh asked for while the saved copy is still being read wins: the late saved rows are dropped, and the
    /// first page is asked once.
    func testARefreshDuringTheSavedReadDropsTheSavedRows() {
        onMain {
            var release: CheckedContinuation<Void, Never>?
            let cache = ListCache<Int>(load: {
                await withCheckedContinuation { release = $0 }
                return [1, 2, 3]
            }, save: { _ in })
            let script = ScriptedFetch()
            let list = makeList(script, cache: cache)
            list.start()
            waitUntil("the saved read started") { release != nil }
            list.refresh()
            waitUntil("the refresh is asked for") { script.pendingCount == 1 }
            script.answer(10..<12, page: 1, last: true)
            waitUntil("fresh rows") { list.items == [10, 11] }
            release?.resume()
            drainMainQueue()
            XCTAssertEqual(list.items, [10, 11], "the late saved copy does not replace the answer")
            XCTAssertFalse(list.isShowingSavedData)
            XCTAssertEqual(script.asked, [1], "one request for the first page")
        }
    }
}
