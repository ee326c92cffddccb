import Foundation
import GiteeKit
import Observation

/// A branch's commits, newest first, with a branch switch; a click opens the commit with its changed files.
@MainActor
@Observable
public final class CommitsViewModel {
    public let repo: RepositoryID
    public let ref: String?
    public let commits: PagedListViewModel<Commit>
    public private(set) var branches: [String] = []
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private let branchLoad = LatestTask()
    @ObservationIgnored private let client: GiteeClient

    init(repo: RepositoryID, ref: String?, client: GiteeClient, navigator: any Navigator) {
        self.repo = repo
        self.ref = ref
        self.navigator = navigator
        self.client = client
        let endpoint = Endpoints.commits(owner: repo.owner, repo: repo.name, branch: ref)
        commits = PagedListViewModel<Commit>(emptyText: tr("No commits yet.")) { pagination in
            try await client.page(endpoint, at: pagination)
        }
    }

    public var title: String { tr("Commits") }
    public var branchTitle: String { ref ?? tr("Default branch") }

    public func row(at index: Int, now: Date = Date()) -> SimpleRow? {
        guard let commit = commits.item(at: index) else { return nil }
        let when = RelativeTime.describe((commit.authoredAt ?? commit.committedAt)?.date, now: now) ?? ""
        return SimpleRow(iconName: "document-open-recent-symbolic", title: commit.title,
                         subtitle: "\(commit.authorName)  ·  \(when)", trailing: commit.shortSHA)
    }

    public func start() {
        commits.start()
        branchLoad.run { [weak self, repo, client] in
            let names = (try? await client.all(Endpoints.branches(owner: repo.owner, repo: repo.name)))?.map(\.name)
            guard !Task.isCancelled else { return }
            self?.branches = names ?? []
        }
    }

    /// The page was left: the commit list and branch requests stop.
    public func cancel() {
        commits.cancel()
        branchLoad.cancel()
    }

    public func activate(at index: Int) {
        guard let commit = commits.item(at: index) else { return }
        navigator?.push(.commit(repo, sha: commit.sha))
    }

    public func selectBranch(_ name: String) {
        guard name != ref else { return }
        navigator?.replace(with: .commits(repo, ref: name))
    }
}
