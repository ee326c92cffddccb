import Foundation
import GiteeKit

/// Searching a project's issues. The list call (`GET /repos/{owner}/{repo}/issues`) takes no words, so a search is
/// `GET /search/issues?q=&repo=owner/path` (the published description's only issue search), with the list's state
/// (Unfinished: in progress, then open, chained as the plain list is), label, assignee and order; the milestone
/// filter has no search parameter and is not applied while searching (`milestoneIgnoredWhileSearching` says so).
/// Results are not saved for offline use: they would only stand for one search.
extension IssuesViewModel {
    public var searchPlaceholder: String { tr("Search issues") }

    /// Shown under the filters when a milestone is chosen and words are searched.
    public var milestoneIgnoredWhileSearching: String? {
        guard !searchText.isEmpty, query.milestone != nil else { return nil }
        return tr("The milestone filter does not apply to a search.")
    }

    /// The search entry's text (searched as typed; the entry itself waits a moment between keys).
    public func search(_ text: String) {
        let words = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // At most 100 characters go to the server (a pasted page is not a search).
        let bounded = String(words.prefix(100))
        guard bounded != searchText else { return }
        searchText = bounded
        switchSource()
    }

    /// The search's pages and its empty text, or nil when nothing is searched.
    func searchSource() -> (pages: CachedPages<Issue>, emptyText: String)? {
        guard !searchText.isEmpty else { return nil }
        let client = cached.client, text = searchText, query = query
        let repo = "\(self.repo.owner)/\(self.repo.name)"
        let sort: Endpoints.IssueSearchSort = query.sort == .updated ? .updated : .created
        func one(_ state: Endpoints.IssueSearchState?) -> PagedListViewModel<Issue>.Fetch {
            let endpoint = Endpoints.searchIssues(text, state: state, sort: sort, repo: repo, label: query.label,
                                                  assignee: query.assignee)
            return { pagination in try await client.page(endpoint, at: pagination) }
        }
        let fetch: PagedListViewModel<Issue>.Fetch = switch filter {
        case .unfinished: IssueFilter.chained(one(.progressing), then: one(.open))
        case .open: one(.open)
        case .progressing: one(.progressing)
        case .closed: one(.closed)
        case .rejected: one(.rejected)
        case .all: one(nil)
        }
        return (CachedPages(saved: nil, fetch: fetch), String(format: tr("No issues match “%@”."), text))
    }
}
