import Foundation
import GiteeKit
import Observation

/// A project's pull requests with an Open / Merged / Closed / All filter; a click opens one.
@MainActor
@Observable
public final class PullRequestsViewModel {
    public let repo: RepositoryID
    public let pullRequests: PagedListViewModel<PullRequest>
    public private(set) var filter: Endpoints.PullRequestState = .open
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private let client: GiteeClient

    init(repo: RepositoryID, client: GiteeClient, navigator: any Navigator) {
        self.repo = repo
        self.navigator = navigator
        let client = client
        self.client = client
        let endpoint = Endpoints.pullRequests(owner: repo.owner, repo: repo.name, state: .open)
        pullRequests = PagedListViewModel<PullRequest>(emptyText: tr("No pull requests here.")) { pagination in
            try await client.page(endpoint, at: pagination)
        }
    }

    public var title: String { tr("Pull Requests") }
    public var filters: [(state: Endpoints.PullRequestState, title: String)] {
        [(.open, tr("Open")), (.merged, tr("Merged")), (.closed, tr("Closed")), (.all, tr("All"))]
    }

    public func row(at index: Int, now: Date = Date()) -> SimpleRow? {
        guard pullRequests.items.indices.contains(index) else { return nil }
        let pull = pullRequests.items[index]
        let when = RelativeTime.describe(pull.createdAt?.date, now: now) ?? ""
        let author = pull.author?.name ?? pull.author?.login ?? ""
        return SimpleRow(iconName: Self.iconName(for: pull), title: pull.title,
                         subtitle: "\(Self.stateText(for: pull))  ·  #\(pull.number)  ·  \(author)  ·  \(when)",
                         trailing: "\(pull.head.ref) → \(pull.base.ref)",
                         avatarURL: pull.author?.avatarURL.flatMap(URL.init(string:)))
    }

    public func start() { pullRequests.start() }
    public func refresh() { pullRequests.refresh() }
    public func cancel() { pullRequests.cancel() }

    public func selectFilter(_ state: Endpoints.PullRequestState) {
        guard state != filter else { return }
        filter = state
        let endpoint = Endpoints.pullRequests(owner: repo.owner, repo: repo.name, state: state)
        let client = client
        pullRequests.replaceSource { pagination in
            try await client.page(endpoint, at: pagination)
        }
    }

    public func activate(at index: Int) {
        guard pullRequests.items.indices.contains(index) else { return }
        navigator?.push(.pullRequest(repo, number: pullRequests.items[index].number))
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
}
