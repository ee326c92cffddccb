import GiteeKit
import Observation

/// A remote list that grows page by page (the seeds' `ItemsViewModel`, Fractal's paginated list model).
///
/// It refuses concurrent or duplicate page loads, drops answers that arrive after a refresh replaced the request
/// that asked for them, keeps its rows when a later page fails (offering a retry row), and shows the saved first page
/// at once when a cache is given, revalidating it from the network.
@MainActor
@Observable
public final class PagedListViewModel<Item: Sendable> {
    public typealias Fetch = @MainActor (Pagination?) async throws -> Page<Item>

    // Outputs
    public private(set) var items: [Item] = []
    public private(set) var state: ScreenState = .notLoaded(message: tr("Not loaded yet"))
    public private(set) var isRefreshing = false
    public private(set) var isLoadingMore = false
    public private(set) var reachedEnd = false
    /// A later page failed: the rows stay and the footer offers a retry with this message.
    public private(set) var loadMoreError: String?
    /// Shown above the rows: offline with saved data, or a failed refresh.
    public private(set) var banner: String?
    /// Grows whenever `items` is replaced rather than appended to, so a view knows to reset instead of append.
    public private(set) var generation = 0
    /// Grows whenever an item is replaced or changed in place (not when a page is appended): what a view caching
    /// per-row work (formatted rows) keys its cache on.
    @ObservationIgnored public private(set) var itemRevision = 0
    /// Grows when what the rows show changed without the items changing place (an item changed in place, a state
    /// beside the rows arrived): the view draws the rows it shows again.
    public private(set) var rowRevision = 0
    /// Whether the rows on screen came from the saved copy and the network has not confirmed them yet.
    public private(set) var isShowingSavedData = false

    /// What the empty state says; a search list sets it to name what was searched before each new source.
    public internal(set) var emptyText: String
    @ObservationIgnored private var fetch: Fetch
    @ObservationIgnored private let cache: ListCache<Item>?
    @ObservationIgnored private var next: Pagination?
    @ObservationIgnored private var task: Task<Void, Never>?
    /// Identifies the request whose answer is still wanted; older answers are dropped.
    @ObservationIgnored private var request = 0
    @ObservationIgnored private var started = false
    /// Rows left below the last row on screen when the next page is asked for (see `PrefetchPolicy`).
    @ObservationIgnored public var prefetchDistance = PrefetchPolicy.defaultDistance
    /// Told after `items` changed in any way (a page, an edit): a model that derives something from the items (a pull
    /// request's line comment threads) follows.
    @ObservationIgnored var onItemsChanged: @MainActor () -> Void = {}
    /// Runs the first page's request once the saved copy `start` put on screen has been painted: the view delays it
    /// past that frame (issue 29: the request's set-up and an early answer or failure are not the first screen's
    /// work). At once by default.
    @ObservationIgnored public var afterSavedRowsShown: (@escaping @MainActor () -> Void) -> Void = { $0() }

    public init(emptyText: String, cache: ListCache<Item>? = nil, fetch: @escaping Fetch) {
        self.emptyText = emptyText
        self.cache = cache
        self.fetch = fetch
    }

    // MARK: Inputs

    /// Loads the first page once, showing the saved copy first when there is one. The saved copy is read off the main
    /// thread (`ListCache.load`); a refresh, a new source or leaving the page meanwhile drops it.
    public func start() {
        guard !started else { return }
        started = true
        StartupSteps.mark("list-start")  // the benchmark's step table (the first list only: first stamp wins)
        guard let cache else { return loadFirstPage() }
        if items.isEmpty { state = .loading }  // for the read's few milliseconds (a spinner shows only after a delay)
        let asked = beginRequest()
        task = Task { [weak self] in
            let saved = await cache.load()
            guard let self, request == asked, !Task.isCancelled else { return }
            StartupSteps.mark("saved-rows-read")
            guard let saved, !saved.isEmpty else { return loadFirstPage() }
            showSaved(saved)
        }
    }

    private func showSaved(_ saved: [Item]) {
        replaceItems(with: saved)
        isShowingSavedData = true
        state = .content
        // Unless a refresh asked for the first page meanwhile.
        let asked = request
        afterSavedRowsShown { [weak self] in
            guard let self, request == asked else { return }
            loadFirstPage()
        }
    }

    /// Reloads from the first page. The current rows stay on screen until the answer replaces them.
    public func refresh() {
        started = true
        loadFirstPage()
    }

    /// Asks for the next page, unless one is loading, the list ended, or a failure waits for `retry()`.
    public func loadMore() {
        guard state == .content, !isLoadingMore, !isRefreshing, !reachedEnd, loadMoreError == nil,
              !isShowingSavedData, let next else { return }
        isLoadingMore = true
        let current = beginRequest()
        task = Task { [weak self] in
            let outcome = await Self.capture { try await self?.fetch(next) }
            self?.finishLoadMore(outcome, request: current)
        }
    }

    /// The view reports the last row on screen: once it is within `prefetchDistance` rows of the end the next page
    /// is asked for, early enough that scrolling does not reach the loading row (`loadMore`'s guards still apply).
    public func rowShown(at index: Int) {
        if PrefetchPolicy.shouldLoadMore(lastShownIndex: index, count: items.count, distance: prefetchDistance) {
            loadMore()
        }
    }

    /// Retries what failed: a later page, or the whole list.
    public func retry() {
        if loadMoreError != nil {
            loadMoreError = nil
            loadMore()
        } else {
            refresh()
        }
    }

    /// Stops the request in flight (the page was left); its answer, if it still comes, is dropped.
    public func cancel() {
        task?.cancel()
        task = nil
        _ = beginRequest()
        isRefreshing = false
        isLoadingMore = false
        if state == .loading { started = false }
    }

    /// Points the list at another source (a new search term, another filter, which may say "nothing" in its own
    /// words) and starts over; answers for the old one are dropped.
    public func replaceSource(_ fetch: @escaping Fetch, emptyText: String? = nil) {
        self.fetch = fetch
        if let emptyText { self.emptyText = emptyText }
        task?.cancel()
        items = []
        onItemsChanged()
        generation += 1
        itemRevision += 1
        next = nil
        reachedEnd = false
        loadMoreError = nil
        banner = nil
        isShowingSavedData = false
        state = .loading
        started = true
        loadFirstPage()
    }

    /// Puts a new item first (an issue just created), keeping the paging.
    public func prepend(_ item: Item) {
        replaceItems(with: [item] + items)
        if state != .content { state = .content }
    }

    /// Changes the items shown (a comment added, edited or deleted by this app), keeping the paging; the list is
    /// redrawn as a whole.
    public func editItems(_ change: (inout [Item]) -> Void) {
        var edited = items
        change(&edited)
        replaceItems(with: edited)
        if state != .content, !edited.isEmpty { state = .content }
        if edited.isEmpty, state == .content { state = .empty(text: emptyText) }
    }

    /// The item at a row the view names, nil when there is none (a row index may be stale after a reload).
    public func item(at index: Int?) -> Item? {
        guard let index, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// Replaces one item in place (a starred project), keeping the rest and the paging.
    public func update(at index: Int, _ change: (inout Item) -> Void) {
        guard items.indices.contains(index) else { return }
        change(&items[index])
        itemRevision += 1
        onItemsChanged()
        rowsChanged()
    }

    /// What the rows show changed outside the items (a pull request's checks arrived): the rows on screen are drawn
    /// again, in place.
    public func rowsChanged() { rowRevision += 1 }

    // MARK: Loading

    private func loadFirstPage() {
        task?.cancel()
        isLoadingMore = false
        loadMoreError = nil
        if items.isEmpty { state = .loading } else { isRefreshing = true }
        let current = beginRequest()
        task = Task { [weak self] in
            let outcome = await Self.capture { try await self?.fetch(nil) }
            self?.finishFirstPage(outcome, request: current)
        }
    }

    private func beginRequest() -> Int {
        request += 1
        return request
    }

    private func finishFirstPage(_ outcome: Result<Page<Item>?, GiteeError>, request answered: Int) {
        guard answered == request else { return }
        isRefreshing = false
        switch outcome {
        case .success(let page?):
            replaceItems(with: page.items)
            isShowingSavedData = false
            next = page.next
            reachedEnd = page.isLast
            // A list served by its substitute (v3 explore -> v5 search) says so in the client's log only: the person
            // sees projects either way, and an alarm about an API they never chose would only worry them.
            banner = nil
            state = page.items.isEmpty ? .empty(text: emptyText) : .content
            cache?.save(page.items)
        case .success(nil), .failure(.cancelled):
            break
        case .failure(let error):
            if items.isEmpty {
                state = .failed(message: ErrorText.message(for: error))
            } else {
                banner = ErrorText.banner(for: error, overSavedCopy: isShowingSavedData)
            }
        }
    }

    private func finishLoadMore(_ outcome: Result<Page<Item>?, GiteeError>, request answered: Int) {
        guard answered == request else { return }
        isLoadingMore = false
        switch outcome {
        case .success(let page?) where page.restartsList:
            // The list's source went away (v3 explore taken as gone): this is page 1 of its substitute. The rows
            // shown until now stay until it arrives, then it replaces them all: one list never mixes two sources.
            replaceItems(with: page.items)
            next = page.next
            reachedEnd = page.isLast
            state = page.items.isEmpty ? .empty(text: emptyText) : .content
            cache?.save(page.items)
        case .success(let page?):
            items.append(contentsOf: page.items)
            onItemsChanged()
            next = page.next
            reachedEnd = page.isLast
        case .success(nil), .failure(.cancelled):
            break
        case .failure(let error):
            loadMoreError = ErrorText.message(for: error)
        }
    }

    private func replaceItems(with newItems: [Item]) {
        items = newItems
        onItemsChanged()
        generation += 1
        itemRevision += 1
    }

    private static func capture(_ body: () async throws -> Page<Item>?) async -> Result<Page<Item>?, GiteeError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(GiteeError.from(error))
        }
    }
}

/// Where a list keeps its first page between runs (the offline store provides one per list).
public struct ListCache<Item: Sendable> {
    /// Read off the main thread (the offline store's `load`).
    public let load: @MainActor () async -> [Item]?
    public let save: @MainActor ([Item]) -> Void
}
