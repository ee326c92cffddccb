import Foundation
import GiteeKit
import Observation

/// The Discover tab: the languages (each opens its projects) and a search field whose results replace them,
/// sorted by best match, stars, last push or forks.
@MainActor
@Observable
public final class DiscoverViewModel {
    public let languages: PagedListViewModel<Language>
    public let results: ProjectListViewModel
    public private(set) var query = ""
    public private(set) var sort: Endpoints.SearchSort = .bestMatch
    // Search for people and issues beside projects (issue 28, part B; see DiscoverViewModel+Kinds.swift)
    public internal(set) var kind: SearchKind = .projects
    public let people: PagedListViewModel<User>
    public let issues: PagedListViewModel<Issue>
    public internal(set) var peopleSort: Endpoints.PeopleSearchSort = .bestMatch
    public internal(set) var issueState: Endpoints.IssueSearchState?
    public internal(set) var issueSort: Endpoints.IssueSearchSort = .bestMatch
    /// Grows when the search field should take the keyboard focus (Ctrl+F).
    public private(set) var focusRequests = 0

    @ObservationIgnored weak var navigator: (any Navigator)?
    @ObservationIgnored let cached: CachedClient

    init(cached: CachedClient, makeList: ProjectListFactory, navigator: any Navigator) {
        self.navigator = navigator
        self.cached = cached
        languages = PagedListViewModel<Language>(emptyText: tr("No languages."), cached.languages())
        results = makeList(tr("Search"), tr("No projects match your search."),
                           cached.live(Endpoints.search("", perPage: Endpoints.defaultPageSize)))
        people = PagedListViewModel(emptyText: tr("No people match your search."), cached.live(Endpoints.searchUsers("")))
        issues = PagedListViewModel(emptyText: tr("No issues match your search."), cached.live(Endpoints.searchIssues("")))
    }

    // Outputs
    public var isSearching: Bool { !query.isEmpty }
    public var placeholder: String { kind.placeholder }
    public var sortOptions: [(sort: Endpoints.SearchSort, title: String)] {
        [(.bestMatch, tr("Best match")), (.stars, tr("Most stars")), (.lastPush, tr("Recently pushed")),
         (.forks, tr("Most forks"))]
    }
    public var languageCount: Int { languages.items.count }
    public func languageTitle(at index: Int) -> String? {
        guard let language = languages.item(at: index) else { return nil }
        return language.projectsCount.map { "\(language.name)  ·  " + String(format: tr("%@ projects"), CompactCount.format($0)) }
            ?? language.name
    }

    // Inputs
    public func start() { languages.start() }

    /// Runs a search (Enter in the field); an empty query goes back to the languages.
    public func search(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text != query || results.list.state == .notLoaded(message: tr("Not loaded yet")) else { return }
        query = text
        reload()
    }

    public func selectSort(_ sort: Endpoints.SearchSort) { choose(\.sort, sort) }

    public func openLanguage(at index: Int) {
        guard let language = languages.item(at: index) else { return }
        navigator?.push(.language(id: language.id, name: language.name))
    }

    public func focusSearch() { focusRequests += 1 }

    /// Runs the current query again for the current kind and its filters; the empty state names what was searched.
    func reload() {
        guard !query.isEmpty else { return }
        switch kind {
        case .projects:
            results.list.emptyText = String(format: tr("No projects match “%@”."), query)
            results.list.replaceSource(cached.live(Endpoints.search(query, sort: sort)).fetch)
        case .people:
            people.emptyText = String(format: tr("No people match “%@”."), query)
            people.replaceSource(cached.live(Endpoints.searchUsers(query, sort: peopleSort)).fetch)
        case .issues:
            issues.emptyText = issueState.map { String(format: tr("No %@ issues match “%@”."), $0.title, query) }
                ?? String(format: tr("No issues match “%@”."), query)
            issues.replaceSource(cached.live(Endpoints.searchIssues(query, state: issueState, sort: issueSort)).fetch)
        }
    }
}
