import Foundation
import GiteeKit
import Observation

/// A project's pull requests with the website's filters (Open / Merged / Closed / All, newest or recently updated,
/// everyone's / created by me / assigned to me), remembered per project; a click opens one; members and people with
/// a fork get "New Pull Request".
@MainActor
@Observable
public final class PullRequestsViewModel {
    public let repo: RepositoryID
    public let pullRequests: PagedListViewModel<PullRequest>
    /// Whether each pull request's head is green, beside its row.
    public let checks: PullRequestListChecks
    public private(set) var current = PullRequestFilters()
    public var filter: Endpoints.PullRequestState { current.state }
    /// Members (push or admin) and people with a fork of the project may open a pull request.
    public internal(set) var canCreate = false
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored var filterStore: PullRequestFilterStore?
    @ObservationIgnored var session: Session?
    /// Where a row's pull request is asked for early (the Coordinator's `Prefetcher`); nil: nothing is.
    @ObservationIgnored public weak var prefetcher: Prefetcher?

    init(repo: RepositoryID, client: GiteeClient, navigator: any Navigator) {
        self.repo = repo
        self.navigator = navigator
        let client = client
        self.client = client
        let endpoint = Endpoints.pullRequests(owner: repo.owner, repo: repo.name, state: .open)
        pullRequests = PagedListViewModel<PullRequest>(emptyText: tr("No pull requests here.")) { pagination in
            try await client.page(endpoint, at: pagination)
        }
        checks = PullRequestListChecks(client: client, repo: repo)
        pullRequests.onItemsChanged = { [weak self] in
            guard let self else { return }
            checks.want(pullRequests.items.compactMap(\.head.sha))
        }
        checks.onChanged = { [weak self] in self?.pullRequests.rowsChanged() }
    }

    public var title: String { tr("Pull Requests") }
    /// The state choices (the website's four).
    public var filters: [(state: Endpoints.PullRequestState, title: String)] {
        [(.open, tr("Open")), (.merged, tr("Merged")), (.closed, tr("Closed")), (.all, tr("All"))]
    }
    public var sortChoices: [(sort: Endpoints.PullRequestSort, title: String)] {
        [(.created, tr("Newest")), (.updated, tr("Recently updated"))]
    }
    /// "Created by me", "Test requested" and "Review requested" need a login.
    public var scopeChoices: [(scope: PullRequestFilters.Scope, title: String)] {
        let everyone = [(PullRequestFilters.Scope.everyone, tr("Everyone's"))]
        guard session?.isLoggedIn == true else { return everyone }
        return everyone + [(.createdByMe, tr("Created by me")), (.assignedToMe, tr("Test requested")),
                           (.reviewRequested, tr("Review requested"))]
    }
    public var newPullRequestTitle: String { tr("New Pull Request") }

    public func row(at index: Int, now: Date = Date()) -> SimpleRow? {
        guard let pull = pullRequests.item(at: index) else { return nil }
        let when = RelativeTime.describe(pull.createdAt?.date, now: now) ?? ""
        let author = pull.author?.name ?? pull.author?.login ?? ""
        var row = SimpleRow(iconName: Self.iconName(for: pull), title: pull.title,
                            subtitle: "\(Self.stateText(for: pull))  ·  #\(pull.number)  ·  \(author)  ·  \(when)",
                            trailing: "\(pull.head.ref) → \(pull.base.ref)",
                            avatarURL: pull.author?.avatarURL.flatMap(URL.init(string:)))
        if let sha = pull.head.sha, let state = checks.state(ofHead: sha) {
            row.statusIconName = state.iconName
            row.status = state.sentence
        }
        return row
    }

    public func start() { pullRequests.start() }
    public func refresh() {
        checks.reset()
        pullRequests.refresh()
    }
    public func cancel() {
        pullRequests.cancel()
        checks.cancel()
    }

    public func selectFilter(_ state: Endpoints.PullRequestState) { apply { $0.state = state } }
    public func selectSort(_ sort: Endpoints.PullRequestSort) { apply { $0.sort = sort } }
    public func selectScope(_ scope: PullRequestFilters.Scope) { apply { $0.scope = scope } }

    /// The filters this project had last time (once the login is known, since two of them name the person).
    func restoreFilters() {
        guard let saved = filterStore?.filters(for: repo), saved != current else { return }
        var usable = saved
        if session?.isLoggedIn != true { usable.scope = .everyone }
        current = usable
        replaceSource()
    }

    public func createNew() {
        guard canCreate else { return }
        navigator?.push(.newPullRequest(repo, head: nil, branch: nil))
    }

    public func activate(at index: Int) {
        guard let pull = pullRequests.item(at: index) else { return }
        prefetcher?.opening()
        navigator?.push(.pullRequest(repo, number: pull.number))
    }

    /// The pointer rests on (or keyboard focus reached) the row at `index`; nil: it left the rows.
    public func interest(at index: Int?) {
        prefetcher?.interest(in: pullRequests.item(at: index).map { .pullRequest(repo, number: $0.number) })
    }

    private func apply(_ change: (inout PullRequestFilters) -> Void) {
        var changed = current
        change(&changed)
        guard changed != current else { return }
        current = changed
        filterStore?.save(changed, for: repo)
        replaceSource()
    }

    private func replaceSource() {
        let endpoint = current.endpoint(repo, login: session?.user?.login)
        let client = client
        checks.reset()
        pullRequests.replaceSource { pagination in
            try await client.page(endpoint, at: pagination)
        }
    }

    static func stateText(for pull: PullRequest) -> String {
        if pull.isMerged { return tr("Merged") }
        return pull.isOpen ? tr("Open") : tr("Closed")
    }

    static func iconName(for pull: PullRequest) -> String {
        if pull.isMerged { return "emblem-ok-symbolic" }
        return pull.isOpen ? "mail-send-receive-symbolic" : "window-close-symbolic"
    }

    /// A pull request merged, closed or reopened on its page: shown in its new state, or gone when the filter no
    /// longer admits it (a merged one leaves Open).
    func pullRequestChanged(_ pull: PullRequest) {
        guard let index = pullRequests.items.firstIndex(where: { $0.number == pull.number }) else { return }
        let admitted = filter == .all || filter.rawValue == (pull.isMerged ? "merged" : pull.state)
        if admitted {
            pullRequests.update(at: index) { $0 = pull }
        } else {
            pullRequests.editItems { $0.remove(at: index) }
        }
    }

    /// A pull request opened from here: at the top of a list that admits it.
    func pullRequestOpened(_ pull: PullRequest) {
        // A new pull request has no reviewers or testers yet.
        guard filter == .open || filter == .all, current.scope != .assignedToMe, current.scope != .reviewRequested,
              !pullRequests.items.contains(where: { $0.number == pull.number }) else { return }
        pullRequests.editItems { $0.insert(pull, at: 0) }
    }
}
