import Foundation
import GiteeKit
import Observation

/// A project's issues with an Open / Closed / All filter; New Issue leads to login first when needed.
@MainActor
@Observable
public final class IssuesViewModel {
    public let repo: RepositoryID
    public let issues: PagedListViewModel<Issue>
    public private(set) var filter: Endpoints.IssueState = .open
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private let cached: CachedClient
    /// The filter's source: each state saves its first page under its own key.
    @ObservationIgnored private let source: SwitchablePages<Issue>

    init(repo: RepositoryID, cached: CachedClient, navigator: any Navigator) {
        self.repo = repo
        self.navigator = navigator
        self.cached = cached
        source = SwitchablePages(cached.issues(repo, state: .open))
        issues = PagedListViewModel<Issue>(emptyText: tr("No open issues."), cache: source.cache, fetch: source.fetch)
    }

    public var title: String { tr("Issues") }
    public var filters: [(state: Endpoints.IssueState, title: String)] {
        [(.open, tr("Open")), (.closed, tr("Closed")), (.all, tr("All"))]
    }
    public var newIssueTitle: String { tr("New Issue") }

    public func row(at index: Int, now: Date = Date()) -> SimpleRow? {
        guard issues.items.indices.contains(index) else { return nil }
        let issue = issues.items[index]
        let when = RelativeTime.describe(issue.createdAt?.date, now: now) ?? ""
        let author = issue.author?.name ?? issue.author?.login ?? ""
        let comments = String(format: trn("%d comment", "%d comments", count: issue.commentCount), issue.commentCount)
        let state = issue.isOpen ? tr("Open") : tr("Closed")
        return SimpleRow(iconName: issue.isOpen ? "dialog-information-symbolic" : "emblem-ok-symbolic",
                         title: issue.title, subtitle: "\(state)  ·  #\(issue.number)  ·  \(author)  ·  \(when)",
                         trailing: comments, avatarURL: issue.author?.avatarURL.flatMap(URL.init(string:)))
    }

    public func start() { issues.start() }

    public func selectFilter(_ state: Endpoints.IssueState) {
        guard state != filter else { return }
        filter = state
        issues.replaceSource(source.switchTo(cached.issues(repo, state: state)))
    }

    public func activate(at index: Int) {
        guard issues.items.indices.contains(index) else { return }
        navigator?.push(.issue(repo, number: issues.items[index].number))
    }

    /// The row's context menu: Open Issue, Copy Link.
    public func menu(at index: Int) -> [RowMenuItem] {
        guard issues.items.indices.contains(index) else { return [] }
        return RowMenuItem.standard(openTitle: tr("Open Issue"), open: { [weak self] in self?.activate(at: index) },
                                    webAddress: issues.items[index].htmlURL, inBrowser: false, navigator: navigator)
    }

    public func newIssue() {
        navigator?.requireLogin { [weak self, weak navigator] in
            guard let self else { return }
            navigator?.push(.createIssue(self.repo))
        }
    }

    /// A freshly created issue goes to the top of the list when it matches the filter.
    func insertCreated(_ issue: Issue) {
        guard filter != .closed else { return }
        issues.prepend(issue)
    }
}
