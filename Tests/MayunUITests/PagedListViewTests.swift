import CGtk
import GLibRuntime
@testable import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// A list source of `pages` pages of `perPage` numbers that answers when the test says (`answer()`) or at once
/// (`answersAtOnce`), counts the requests, and can fail the next one.
@MainActor
private final class FakeSource {
    let pages: Int
    let perPage = 20
    var answersAtOnce = false
    var failNext = false
    private(set) var requests = 0
    private var pending: [(page: Int, resume: CheckedContinuation<GiteeKit.Page<Int>, Error>)] = []

    init(pages: Int) { self.pages = pages }

    var isWaiting: Bool { !pending.isEmpty }

    func fetch(_ pagination: Pagination?) async throws -> GiteeKit.Page<Int> {
        requests += 1
        let number = pagination?.page ?? 1
        if failNext {
            failNext = false
            throw GiteeError.server(status: 500, message: "page \(number) failed")
        }
        if answersAtOnce { return page(number) }
        return try await withCheckedThrowingContinuation { pending.append((number, $0)) }
    }

    /// Answers the oldest request waiting.
    func answer() {
        guard !pending.isEmpty else { return XCTFail("no request is waiting") }
        let (number, resume) = pending.removeFirst()
        resume.resume(returning: page(number))
    }

    private func page(_ number: Int) -> GiteeKit.Page<Int> {
        let next = number < pages ? Pagination(style: .numbered(perPage: perPage), page: number + 1, afterID: nil) : nil
        return Page(items: Array((number - 1) * perPage..<number * perPage), next: next, totalCount: nil,
                    totalPages: nil, servedByFallback: false)
    }
}

/// One `PagedListView` of numbered one-line rows in a window, over a `FakeSource`.
@MainActor
private final class Fixture {
    let source: FakeSource
    let list: PagedListViewModel<Int>
    let view: PagedListView<Int>
    let window = gtk_window_new()!
    let bindings = BindingBag()
    /// The items rows opened, in order (a reference, so that the adapter made before `self` can add to it).
    @MainActor private final class Log { var items: [Int] = [] }
    private let log = Log()
    var activated: [Int] { log.items }

    init(pages: Int, answersAtOnce: Bool) {
        let source = FakeSource(pages: pages)
        source.answersAtOnce = answersAtOnce
        self.source = source
        let list = PagedListViewModel<Int>(emptyText: "Nothing") { try await source.fetch($0) }
        self.list = list
        let log = self.log
        view = PagedListView(list: list, adapter: SimpleRowView.adapter(
            row: { index in list.items.indices.contains(index) ? SimpleRow(title: "row \(list.items[index])") : nil },
            activate: { log.items.append($0) }),
            accessibleName: "Numbers", bindings: bindings)
        gtk_window_set_default_size(typed(window), 500, 600)
        gtk_window_set_child(typed(window), view.root)
        gtk_window_present(typed(window))
        list.start()
    }

    func close() { gtk_window_destroy(typed(window)) }

    var adjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(opaque(view.scrolledWindow))! }

    func scrollToEnd() {
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
    }

    /// The row hosts GTK has bound now, with their bounds in the list widget.
    func hosts() -> [(host: RowHost, bounds: graphene_rect_t)] {
        descendants(of: view.listWidget).compactMap { widget in
            guard let host = attachment(of: raw(widget), key: "mayun-row-host", as: RowHost.self),
                  gtk_widget_get_mapped(widget) != 0 else { return nil }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget, view.listWidget, &bounds) != 0 else { return nil }
            return (host, bounds)
        }
    }

    /// The item indices whose rows are allocated inside the list's visible height.
    func rowsOnScreen() -> [Int] {
        let height = Float(gtk_widget_get_height(view.listWidget))
        return hosts().compactMap { host, bounds in
            guard let index = host.shownIndex, bounds.size.height > 0, bounds.origin.y < height,
                  bounds.origin.y + bounds.size.height > 0 else { return nil }
            return index
        }.sorted()
    }

    /// The footer's Retry button, when the footer is bound and shows it.
    func retryButton() -> Widget? {
        descendants(of: view.listWidget).first { widget in
            isA(widget, gtk_button_get_type()) && gtk_widget_get_mapped(widget) != 0
                && gtk_button_get_label(typed(widget)).map { String(cString: $0) } == "Retry"
        }
    }
}

/// PagedListView's rows as a one-column GtkGridView with a footer that stays in the model (issue 14): rows stay on
/// screen at the end (GTK 4.8 blanks a grid whose last item is removed there, GridViewScrollTests), infinite scroll
/// stops at the end, activation by position, and the footer's Retry.
final class PagedListViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testRowsAreAOneColumnGridViewWithTheListRole() {
        onMain {
            let fixture = Fixture(pages: 2, answersAtOnce: true)
            defer { fixture.close() }
            let list = fixture.view.listWidget
            XCTAssertTrue(isA(list, gtk_grid_view_get_type()), "the rows are a GtkGridView by default")
            XCTAssertEqual(gtk_grid_view_get_max_columns(opaque(list)), 1)
            XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(list)), GTK_ACCESSIBLE_ROLE_LIST)
            waitUntil("rows show") { !fixture.rowsOnScreen().isEmpty }
        }
    }

    /// Scrolled to the end while each page loads: when a page arrives (the footer loading -> nothing) and when the
    /// last one does (loading -> end), rows are still allocated on screen, and at the end the last rows are.
    func testScrolledToTheEndRowsStayOnScreenAsPagesArriveAndTheFooterBecomesEnd() {
        onMain {
            let fixture = Fixture(pages: 12, answersAtOnce: false)
            defer { fixture.close() }
            let source = fixture.source, list = fixture.list, view = fixture.view
            waitUntil("the first page is asked for") { source.isWaiting }
            source.answer()
            waitUntil("rows show") { !fixture.rowsOnScreen().isEmpty }
            var blank: [String] = []
            var page = 1
            while !list.reachedEnd {
                // A burst of wheel-sized steps to the bottom before the next layout, then the page in flight arrives.
                for _ in 0..<15 { gtk_adjustment_set_value(fixture.adjustment, gtk_adjustment_get_value(fixture.adjustment) + 60) }
                fixture.scrollToEnd()
                waitForFrames(of: fixture.window, count: 2)
                waitUntil("page \(page + 1) is asked for (near the end)") { source.isWaiting }
                fixture.scrollToEnd()
                waitForFrames(of: fixture.window, count: 1)
                XCTAssertEqual(view.footerShows, .loading)
                source.answer()
                page += 1
                waitUntil("page \(page) is shown") { view.rowCount == page * 20 && !list.isLoadingMore }
                waitForFrames(of: fixture.window, count: 2)
                if fixture.rowsOnScreen().isEmpty {
                    blank.append("after page \(page): value \(Int(gtk_adjustment_get_value(fixture.adjustment))) of "
                                 + "\(Int(gtk_adjustment_get_upper(fixture.adjustment)))")
                }
            }
            XCTAssertEqual(blank, [], "rows stayed on screen whenever a page arrived at the end "
                           + "(\(view.blankRecoveries) blank layouts re-anchored)")
            XCTAssertEqual(view.footerShows, .end)
            XCTAssertEqual(Int(g_list_model_get_n_items(OpaquePointer(view.model))), 12 * 20 + 1, "every row, and the footer kept")
            fixture.scrollToEnd()
            waitForFrames(of: fixture.window, count: 3)
            let shown = fixture.rowsOnScreen()
            XCTAssertTrue(shown.contains(12 * 20 - 1), "the last row is on screen at the end (saw \(shown))")
            let footer = fixture.hosts().first { $0.host.shownIndex == nil }
            XCTAssertNotNil(footer, "the footer is bound at the end")
            XCTAssertTrue(visibleLabelTexts(in: view.listWidget).contains(tr("No more data")))
        }
    }

    /// One jump to the end, then the next pages arrive (inserted before the footer, the footer replaced in place)
    /// with no more scrolling: GTK 4.8's grid lays its rows out off screen (blank, the scrollbar mid-way) unless
    /// PagedListView re-anchors it. Returns the rows on screen at the end and the re-anchorings.
    @MainActor
    private static func jumpToTheEndWhilePagesArrive(reanchoring: Bool) -> (rows: [Int], recoveries: Int) {
        let fixture = Fixture(pages: 8, answersAtOnce: true)
        defer { fixture.close() }
        fixture.view.reanchorsBlankGrid = reanchoring
        waitUntil("the first pages show") { fixture.view.rowCount >= 60 && !fixture.list.isLoadingMore }
        waitForFrames(of: fixture.window, count: 2)
        fixture.scrollToEnd()
        waitUntil("the next pages come", timeout: 10) {
            fixture.view.rowCount >= 120 && !fixture.list.isLoadingMore
        }
        waitForFrames(of: fixture.window, count: 3)
        return (fixture.rowsOnScreen(), fixture.view.blankRecoveries)
    }

    func testAJumpToTheEndWhilePagesArriveKeepsRowsOnScreen() {
        onMain {
            let (rows, recoveries) = Self.jumpToTheEndWhilePagesArrive(reanchoring: true)
            XCTAssertFalse(rows.isEmpty, "rows on screen after the pages arrived (\(recoveries) re-anchorings)")
        }
    }

    /// GTK 4.8's grid went blank here when the footer was its scroll anchor at the end. Anchored at the last row
    /// before each page comes (`PagedListView.sync`), it keeps its rows on screen even without `keepRowsOnScreen`,
    /// which stays as the fallback for other layouts.
    func testAnchoredAtTheLastRowTheGridKeepsItsRowsWithoutReanchoring() {
        onMain {
            let (rows, _) = Self.jumpToTheEndWhilePagesArrive(reanchoring: false)
            XCTAssertFalse(rows.isEmpty, "rows on screen after the pages arrived")
        }
    }

    /// One jump to the end of a long list asks for the pages the prefetch distance needs, then stops: re-anchoring a
    /// blank grid keeps the view where the person was (the first row that came in), never at the new end, which
    /// would ask for the next page after every page until the whole list was loaded (a CI run once saw all 250 pages
    /// of Popular asked for after one scroll).
    func testOneJumpToTheEndOfALongListLoadsAFewPagesNotAll() {
        onMain {
            let fixture = Fixture(pages: 40, answersAtOnce: true)
            defer { fixture.close() }
            waitUntil("the first pages show") { fixture.view.rowCount >= 60 && !fixture.list.isLoadingMore }
            waitForFrames(of: fixture.window, count: 2)
            let before = fixture.source.requests
            fixture.scrollToEnd()
            waitUntil("a page comes after the jump", timeout: 10) { fixture.source.requests > before }
            // Then nothing is scrolled: let layouts, re-anchorings and pages run their course.
            var settled = 0, last = fixture.source.requests
            for _ in 0..<60 where settled < 20 {
                waitForFrames(of: fixture.window, count: 1)
                if fixture.source.requests == last && !fixture.list.isLoadingMore { settled += 1 } else { settled = 0 }
                last = fixture.source.requests
            }
            let asked = fixture.source.requests - before
            // The page asked by the jump, two for the prefetch distance (40 rows), and one when the row at the bottom edge
            // rounds into the next page; a list that followed its footer asked for all 40.
            XCTAssertLessThanOrEqual(asked, 4, "one jump asks for the prefetch distance's pages (asked \(asked), "
                                     + "\(fixture.view.blankRecoveries) blank layouts re-anchored)")
            XCTAssertFalse(fixture.rowsOnScreen().isEmpty, "rows stay on screen")
        }
    }

    /// A list scrolled to its very end while the next page is on its way ("Loading more…" at the bottom) stays where the
    /// person left it when the page comes: the new rows go below. Pinned to the end, each page brought the footer back
    /// into view and asked for the next, without end (a CI run's Popular list loaded on for 30 s under a still pointer).
    func testAPageComingWhileAtTheEndDoesNotPinTheViewThere() {
        onMain {
            let fixture = Fixture(pages: 40, answersAtOnce: false)
            defer { fixture.close() }
            let source = fixture.source
            waitUntil("the first pages show") {
                if source.isWaiting { source.answer() }
                return fixture.view.rowCount >= 60 && !source.isWaiting && !fixture.list.isLoadingMore
            }
            waitForFrames(of: fixture.window, count: 2)
            let before = source.requests
            fixture.scrollToEnd()
            waitUntil("the jump asks for the next page") { source.isWaiting }
            waitForFrames(of: fixture.window, count: 2)  // "Loading more…" is drawn at the bottom
            var answered = 0
            for _ in 0..<8 where source.isWaiting {
                source.answer()
                answered += 1
                waitUntil("the page's rows are added") { !fixture.list.isLoadingMore }
                waitForFrames(of: fixture.window, count: 4)
            }
            XCTAssertLessThanOrEqual(source.requests - before, 3,
                                     "asked \(source.requests - before) pages after one jump (answered \(answered), "
                                     + "\(fixture.view.blankRecoveries) blank layouts re-anchored)")
            let value = gtk_adjustment_get_value(fixture.adjustment), page = gtk_adjustment_get_page_size(fixture.adjustment)
            XCTAssertLessThan(value + page, gtk_adjustment_get_upper(fixture.adjustment) - 100,
                              "the new rows went below the view, which did not follow them to the end")
        }
    }

    /// Scrolling to the end asks for each page once and stops at the last: more scrolling, frames and layout at the
    /// end ask for nothing and change nothing in the model.
    func testInfiniteScrollStopsAtTheEnd() {
        onMain {
            let fixture = Fixture(pages: 5, answersAtOnce: true)
            defer { fixture.close() }
            let source = fixture.source, list = fixture.list, view = fixture.view
            waitUntil("rows show") { !fixture.rowsOnScreen().isEmpty }
            waitUntil("the list reaches its end by scrolling", timeout: 20) {
                fixture.scrollToEnd()
                return list.reachedEnd
            }
            waitUntil("the last page is shown") { view.rowCount == 100 }
            XCTAssertEqual(source.requests, 5, "one request per page")
            var changes = 0
            let handler = connect(UnsafeMutableRawPointer(view.model), "items-changed", main: { changes += 1 })
            defer { disconnect(handler) }
            for round in 0..<10 {
                gtk_adjustment_set_value(fixture.adjustment, round.isMultiple(of: 2) ? 0 : 1e9)
                waitForFrames(of: fixture.window, count: 2)
            }
            fixture.scrollToEnd()
            waitForFrames(of: fixture.window, count: 3)
            XCTAssertEqual(source.requests, 5, "nothing asked for past the end")
            XCTAssertEqual(changes, 0, "the model stays as it is at the end (no footer churn)")
            XCTAssertFalse(list.isLoadingMore)
            XCTAssertEqual(view.footerShows, .end)
            XCTAssertEqual(Int(g_list_model_get_n_items(OpaquePointer(view.model))), 101)
        }
    }

    /// The idle footer is an empty row: it shows no text, and while there are more pages nothing more is asked for
    /// once the rows below the screen pass the prefetch distance, however many frames are drawn.
    func testTheIdleFooterIsEmptyAndAsksForNothingUntilScrolled() {
        onMain {
            let fixture = Fixture(pages: 50, answersAtOnce: true)
            defer { fixture.close() }
            let source = fixture.source, list = fixture.list, view = fixture.view
            // The first page is short of the prefetch distance (40 rows), so the next pages come without scrolling.
            waitUntil("pages show") { view.rowCount >= 60 && !list.isLoadingMore }
            waitForFrames(of: fixture.window, count: 5)
            let requests = source.requests
            XCTAssertLessThanOrEqual(requests, 5, "a few pages fill the prefetch distance, then nothing more")
            XCTAssertEqual(view.rowCount, requests * 20)
            waitForFrames(of: fixture.window, count: 10)
            XCTAssertEqual(source.requests, requests, "nothing more asked for without scrolling")
            XCTAssertEqual(view.footerShows, FooterRow.State.none)
            XCTAssertEqual(Int(g_list_model_get_n_items(OpaquePointer(view.model))), view.rowCount + 1)
            XCTAssertFalse(visibleLabelTexts(in: view.listWidget).contains { $0 == tr("Loading more…") || $0 == tr("No more data") },
                           "the idle footer shows no text")
        }
    }

    /// The first page arrives in a list whose only item is the footer: the view stays at the top (the footer, its
    /// scroll anchor until then, must not pull it to the end) and, with many pages to come, stops asking after a
    /// few. In the GtkListView too (`MAYUN_ROWS_WIDGET=list`).
    func testTheFirstPageShowsFromTheTopAndLoadingStopsInBothWidgets() {
        onMain {
            for grid in [true, false] {
                RowStats.usesGridView = grid
                defer { RowStats.usesGridView = true }
                let fixture = Fixture(pages: 200, answersAtOnce: true)
                defer { fixture.close() }
                waitUntil("rows show") { fixture.rowsOnScreen().contains(0) }
                waitForFrames(of: fixture.window, count: 10)
                XCTAssertLessThanOrEqual(fixture.source.requests, 5, "grid \(grid): loading stops without scrolling")
                XCTAssertTrue(fixture.rowsOnScreen().contains(0), "grid \(grid): the first row is on screen")
                XCTAssertEqual(gtk_adjustment_get_value(fixture.adjustment), 0, "grid \(grid): at the top")
            }
        }
    }

    func testActivatingARowByPositionOpensThatItemAndTheFooterOpensNothing() {
        onMain {
            let fixture = Fixture(pages: 3, answersAtOnce: true)
            defer { fixture.close() }
            let view = fixture.view
            waitUntil("rows show") { view.rowCount == 60 }
            for position in [0, 7, 59, 60] {
                gtk_widget_activate_action_variant(view.listWidget, "list.activate-item", g_variant_new_uint32(guint32(position)))
            }
            XCTAssertEqual(fixture.activated, [0, 7, 59], "rows open their own item; position 60 is the footer")
        }
    }

    /// A later page fails at the end: the footer shows the error with Retry; Retry asks again and the rows come.
    func testTheFootersRetryLoadsTheFailedPage() {
        onMain {
            let fixture = Fixture(pages: 10, answersAtOnce: true)
            defer { fixture.close() }
            let source = fixture.source, list = fixture.list, view = fixture.view
            waitUntil("the first pages show") { view.rowCount >= 60 && !list.isLoadingMore }
            let rows = view.rowCount
            source.failNext = true
            waitUntil("the next page fails while scrolled to the end") {
                fixture.scrollToEnd()
                return list.loadMoreError != nil
            }
            waitUntil("the footer shows the failure") { view.footerShows == .failed(list.loadMoreError ?? "") }
            let requests = source.requests
            waitForFrames(of: fixture.window, count: 3)
            XCTAssertEqual(source.requests, requests, "a failure waits for Retry")
            fixture.scrollToEnd()
            var retry: Widget?
            waitUntil("the footer's Retry is on screen") {
                retry = fixture.retryButton()
                return retry != nil
            }
            guard let retry else { return }
            gtk_widget_activate(retry)
            waitUntil("the failed page arrives after Retry") { view.rowCount >= rows + 20 }
            XCTAssertGreaterThanOrEqual(source.requests, requests + 1)
            XCTAssertEqual(view.rowCount, (source.requests - 1) * 20, "every request but the failed one brought a page")
            XCTAssertNil(list.loadMoreError)
            waitUntil("the footer no longer shows the failure") {
                if case .failed = view.footerShows { return false }
                return true
            }
        }
    }
}

extension PagedListViewTests {
    /// Issue 29: a saved page comes in two steps, the rows the window's first screen can hold (its height over the
    /// adapter's least row height, plus one), then once that screen is painted the rest and the network request.
    func testSavedRowsComeForTheFirstScreenFirstThenTheRestAndTheRequestAfterThePaint() {
        onMain {
            let source = FakeSource(pages: 3)
            let cache = ListCache<Int>(load: { Array(0..<20) }, save: { _ in })
            let list = PagedListViewModel<Int>(emptyText: "Nothing", cache: cache) { try await source.fetch($0) }
            var adapter = SimpleRowView.adapter(
                row: { index in list.items.indices.contains(index) ? SimpleRow(title: "row \(list.items[index])") : nil },
                activate: { _ in })
            adapter.minimumRowHeight = 100
            let bindings = BindingBag()
            let view = PagedListView(list: list, adapter: adapter, accessibleName: "Numbers", bindings: bindings)
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_default_size(typed(window), 500, 600)
            gtk_window_set_child(typed(window), view.root)
            gtk_window_present(typed(window))
            waitForFrames(of: window, count: 1)
            list.start()  // as ProjectListPage does when the list is first shown
            // The binding that splices the rows runs before the next frame (the main queue's priority is higher).
            waitUntil("the saved rows are in the model") { view.rowCount > 0 }
            XCTAssertEqual(view.rowCount, 600 / 100 + 1, "the rows a 600 px window can show at 100 px or more each")
            XCTAssertEqual(source.requests, 0, "no request before the saved rows are painted")
            waitForFrames(of: window, count: 2)
            XCTAssertEqual(view.rowCount, 20, "the rest once the first screen is painted")
            XCTAssertEqual(Int(g_list_model_get_n_items(OpaquePointer(view.model))), 21, "20 rows and the footer")
            waitUntil("the saved page is revalidated") { source.requests == 1 }
        }
    }
}
