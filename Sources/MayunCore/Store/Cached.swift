import GiteeKit

/// One remote thing as `CachedClient` hands it to a screen: the copy saved last time (read off the main thread,
/// without the network) and how to fetch it fresh (which also saves it). Neither says where it is kept: only `CachedClient`
/// knows the store's keys.
public struct Cached<Value: Sendable> {
    /// The saved copy of the current account (or a public one), or nil.
    public let saved: @MainActor () async -> Value?
    /// The server's answer; a fresh value worth keeping is saved before it is returned.
    public let fetch: @MainActor () async throws -> Value
    /// Saves a value the app made itself from a write's answer (a project after a star), so the saved copy is not
    /// older than what the page shows; nothing for what is never kept.
    public let remember: @MainActor (Value) -> Void

    public init(saved: @escaping @MainActor () async -> Value?, fetch: @escaping @MainActor () async throws -> Value,
                remember: @escaping @MainActor (Value) -> Void = { _ in }) {
        self.saved = saved
        self.fetch = fetch
        self.remember = remember
    }

    /// Something never kept offline (a commit, an image): no saved copy.
    public static func live(_ fetch: @escaping @MainActor () async throws -> Value) -> Cached {
        Cached(saved: { nil }, fetch: fetch)
    }
}

/// A list as `CachedClient` hands it to a screen: its saved first page (nil for lists never kept) and how to fetch
/// any page. `PagedListViewModel` shows the saved page first and saves the fresh first page through it.
public struct CachedPages<Item: Sendable> {
    public let saved: ListCache<Item>?
    public let fetch: PagedListViewModel<Item>.Fetch

    /// The same list with each fetched page reshaped (a folder sorted folders first) before it is shown or saved.
    public func reshapingPages(_ reshape: @escaping @MainActor (Page<Item>) -> Page<Item>) -> CachedPages {
        let fetch = self.fetch
        return CachedPages(saved: saved) { pagination in reshape(try await fetch(pagination)) }
    }
}

extension PagedListViewModel {
    /// A list over what the cached client gives: saved first page, then the network.
    public convenience init(emptyText: String, _ pages: CachedPages<Item>) {
        self.init(emptyText: emptyText, cache: pages.saved, fetch: pages.fetch)
    }
}

extension RemoteResource {
    /// One thing over what the cached client gives: saved copy first, then the network.
    public convenience init(initial: Value? = nil, _ cached: Cached<Value>) {
        self.init(initial: initial, saved: cached.saved, fetch: cached.fetch)
    }
}

/// A list whose source a filter switches (issues: Open, Closed, All). `PagedListViewModel` keeps the cache it was
/// made with, so this gives it one that reads and writes the saved first page of whichever source is current: the
/// first page of Closed is saved as Closed's, never over Open's.
@MainActor
public final class SwitchablePages<Item: Sendable> {
    private var current: CachedPages<Item>

    public init(_ pages: CachedPages<Item>) {
        current = pages
    }

    /// For the list's init: always the current source's saved copy.
    public var cache: ListCache<Item> {
        ListCache(load: { [weak self] in await self?.current.saved?.load() },
                  save: { [weak self] items in self?.current.saved?.save(items) })
    }

    public var fetch: PagedListViewModel<Item>.Fetch { current.fetch }

    /// Makes `pages` current and returns its fetch for `PagedListViewModel.replaceSource`. The list drops answers
    /// of the old source, so a first page it saves afterwards is always the new source's.
    public func switchTo(_ pages: CachedPages<Item>) -> PagedListViewModel<Item>.Fetch {
        current = pages
        return pages.fetch
    }
}
