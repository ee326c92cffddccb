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
    /// Label, assignee, milestone and sort.
    public private(set) var query = IssueQuery()
    public var label: String? { query.label }
    /// The project's labels, for the label filter (empty until read, or when reading failed).
    public private(set) var projectLabels: [LabelChip] = []
    /// The project's open milestones, for the milestone filter.
    public private(set) var projectMilestones: [Milestone] = []
    /// The words searched for inside the project (empty: the plain list). IssuesViewModel+Search.swift.
    public internal(set) var searchText = ""
    @ObservationIgnored private weak var session: Session?
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored let cached: CachedClient
    /// Where a row's issue is asked for early (the Coordinator's `Prefetcher`); nil: nothing is.
    @ObservationIgnored public weak var prefetcher: Prefetcher?
    /// The filter's source: each state saves its first page under its own key.
    @ObservationIgnored private let source: SwitchablePages<Issue>

    init(repo: RepositoryID, cached: CachedClient, navigator: any Navigator, session: Session? = nil) {
        self.repo = repo
        self.session = session
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
    /// The label filter's choices: "Any label" first, then the project's labels.
    public var labelOptions: [(label: String?, title: String)] {
        [(nil, tr("Any label"))] + projectLabels.map { ($0.name, $0.name) }
    }
    public var labelFilterTitle: String { tr("Show issues with label") }

    /// The assignee filter: anyone, or (logged in) the person's own.
    public var assigneeOptions: [(filter: AssigneeFilter, title: String)] {
        guard myLogin != nil else { return [] }
        return [(.anyone, tr("Anyone assigned")), (.me, tr("Assigned to me"))]
    }
    public var assigneeFilter: AssigneeFilter { query.assignee == nil ? .anyone : .me }
    public var assigneeFilterTitle: String { tr("Show issues assigned to") }

    /// The milestone filter: any, then the project's open milestones by title.
    public var milestoneOptions: [(milestone: String?, title: String)] {
        guard !projectMilestones.isEmpty else { return [] }
        return [(nil, tr("Any milestone"))] + projectMilestones.map { ($0.title, $0.title) }
    }
    public var milestoneFilterTitle: String { tr("Show issues in milestone") }

    public var sortOptions: [(sort: Endpoints.IssueSort, title: String)] {
        [(.created, tr("Newest")), (.updated, tr("Recently updated"))]
    }
    public var sortTitle: String { tr("Order issues by") }
    public var moreFiltersTitle: String { tr("Filters") }

    private var myLogin: String? { session?.isLoggedIn == true ? session?.user?.login : nil }
    public var newIssueTitle: String { tr("New Issue") }
    public var filterTitle: String { tr("Show issues") }

    public func row(at index: Int, now: Date = Date()) -> SimpleRow? {
        guard let issue = issues.item(at: index) else { return nil }
        let when = RelativeTime.describe(issue.createdAt?.date, now: now) ?? ""
        let author = issue.author?.name ?? issue.author?.login ?? ""
        let comments = String(format: trn("%d comment", "%d comments", count: issue.commentCount), issue.commentCount)
        let status = issue.status
        var row = SimpleRow(iconName: status.iconName,
                            title: issue.title, subtitle: "\(status.name)  ·  #\(issue.number)  ·  \(author)  ·  \(when)",
                            trailing: comments, avatarURL: issue.author?.avatarURL.flatMap(URL.init(string:)))
        row.chips = issue.labels.prefix(Self.chipsPerRow).map(LabelChip.init)
        return row
    }

    /// More labels than this on one row are left to the issue page (a row stays one line high).
    static let chipsPerRow = 5

    public func start() {
        issues.start()
        loadLabels()
    }

    public func selectFilter(_ state: IssueFilter) {
        guard state != filter else { return }
        filter = state
        switchSource()
    }

    /// Narrows the list to one label (nil: any label), as the site's `labels` parameter does.
    public func selectLabel(_ name: String?) { change { $0.label = name } }

    /// Anyone, or only the issues assigned to the logged-in person (`assignee=<login>`).
    public func selectAssignee(_ choice: AssigneeFilter) {
        let login = choice == .me ? myLogin : nil
        change { $0.assignee = login }
    }

    public func selectMilestone(_ title: String?) { change { $0.milestone = title } }

    public func selectSort(_ sort: Endpoints.IssueSort) { change { $0.sort = sort } }

    private func change(_ edit: (inout IssueQuery) -> Void) {
        var next = query
        edit(&next)
        guard next != query else { return }
        query = next
        switchSource()
    }

    func switchSource() {
        if let search = searchSource() {
            issues.replaceSource(source.switchTo(search.pages), emptyText: search.emptyText)
            return
        }
        let narrowed = query.label != nil || query.assignee != nil || query.milestone != nil
        let empty = query.label.map { String(format: tr("No issues with the label “%@” here."), $0) }
            ?? (narrowed ? tr("No issues match these filters.") : filter.emptyText)
        issues.replaceSource(source.switchTo(cached.issues(repo, filter: filter, query: query)), emptyText: empty)
    }

    /// The labels and milestones the filters offer (a failure leaves that filter out).
    private func loadLabels() {
        guard projectLabels.isEmpty else { return }
        let labels = Endpoints.labels(owner: repo.owner, repo: repo.name), client = cached.client
        let milestones = Endpoints.milestones(owner: repo.owner, repo: repo.name)
        Task { [weak self] in
            if let found = try? await client.send(labels) {
                self?.projectLabels = found.prefix(IssueViewModel.labelLimit).map(LabelChip.init)
            }
            if let found = try? await client.send(milestones) {
                self?.projectMilestones = Array(found.prefix(IssueViewModel.labelLimit))
            }
        }
    }

    public func activate(at index: Int) {
        guard let issue = issues.item(at: index) else { return }
        prefetcher?.opening()
        navigator?.push(.issue(repo, number: issue.number))
    }

    /// The pointer rests on (or keyboard focus reached) the row at `index`; nil: it left the rows.
    public func interest(at index: Int?) {
        prefetcher?.interest(in: issues.item(at: index).map { .issue(repo, number: $0.number) })
    }

    /// The row's context menu: Open Issue, Copy Link.
    public func menu(at index: Int) -> [RowMenuItem] {
        guard let issue = issues.item(at: index) else { return [] }
        return RowMenuItem.standard(openTitle: tr("Open Issue"), open: { [weak self] in self?.activate(at: index) },
                                    webAddress: issue.htmlURL, inBrowser: false, navigator: navigator)
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
        if filter.admits(issue.status), query.admits(issue) {
            issues.update(at: index) {
                $0.state = issue.state
                $0.labels = issue.labels
                $0.assignee = issue.assignee
                $0.milestone = issue.milestone
                $0.title = issue.title
            }
        } else {
            issues.editItems { $0.remove(at: index) }
        }
    }

    /// A freshly created issue goes to the top of the list when it matches the filter.
    func insertCreated(_ issue: Issue) {
        guard filter.admits(issue.status), query.admits(issue) else { return }
        issues.prepend(issue)
    }
}
