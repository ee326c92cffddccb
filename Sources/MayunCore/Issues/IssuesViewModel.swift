import Foundation
import GiteeKit
import Observation

/// A project's issues: first the unfinished ones (in progress, then open), with a filter for each of the site's states
/// and all; New Issue leads to login first when needed.
@MainActor
@Observable
public final class IssuesViewModel {
    public let repo: RepositoryID
    public let issues: PagedListViewModel<Issue>
    public private(set) var filter: IssueFilter = .unfinished
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private let cached: CachedClient
    /// The filter's source: each state saves its first page under its own key.
    @ObservationIgnored private let source: SwitchablePages<Issue>

    init(repo: RepositoryID, cached: CachedClient, navigator: any Navigator) {
        self.repo = repo
        self.navigator = navigator
        self.cached = cached
        source = SwitchablePages(cached.issues(repo, filter: .unfinished))
        issues = PagedListViewModel<Issue>(emptyText: IssueFilter.unfinished.emptyText, cache: source.cache,
                                           fetch: source.fetch)
    }

    public var title: String { tr("Issues") }
    public var filters: [(state: IssueFilter, title: String)] {
        IssueFilter.allCases.map { ($0, $0.title) }
    }
    public var newIssueTitle: String { tr("New Issue") }
    public var filterTitle: String { tr("Show issues") }

    public func row(at index: Int, now: Date = Date()) -> SimpleRow? {
        guard issues.items.indices.contains(index) else { return nil }
        let issue = issues.items[index]
        let when = RelativeTime.describe(issue.createdAt?.date, now: now) ?? ""
        let author = issue.author?.name ?? issue.author?.login ?? ""
        let comments = String(format: trn("%d comment", "%d comments", count: issue.commentCount), issue.commentCount)
        let status = issue.status
        return SimpleRow(iconName: status.iconName,
                         title: issue.title, subtitle: "\(status.name)  ·  #\(issue.number)  ·  \(author)  ·  \(when)",
                         trailing: comments, avatarURL: issue.author?.avatarURL.flatMap(URL.init(string:)))
    }

    public func start() { issues.start() }

    public func selectFilter(_ state: IssueFilter) {
        guard state != filter else { return }
        filter = state
        issues.replaceSource(source.switchTo(cached.issues(repo, filter: state)), emptyText: state.emptyText)
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

    /// An issue changed on its page: shown with its new state, or taken out when the filter no longer admits it.
    func issueChanged(_ issue: Issue) {
        guard let index = issues.items.firstIndex(where: { $0.number == issue.number }) else { return }
        if filter.admits(issue.status) {
            issues.update(at: index) { $0.state = issue.state }
        } else {
            issues.editItems { $0.remove(at: index) }
        }
    }

    /// A freshly created issue goes to the top of the list when it matches the filter.
    func insertCreated(_ issue: Issue) {
        guard filter.admits(issue.status) else { return }
        issues.prepend(issue)
    }
}
