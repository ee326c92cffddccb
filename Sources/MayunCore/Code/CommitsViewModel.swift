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
        guard commits.items.indices.contains(index) else { return nil }
        let commit = commits.items[index]
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
        guard commits.items.indices.contains(index) else { return }
        navigator?.push(.commit(repo, sha: commits.items[index].sha))
    }

    public func selectBranch(_ name: String) {
        guard name != ref else { return }
        navigator?.replace(with: .commits(repo, ref: name))
    }
}

/// One commit: message, author, stats and the changed files with their patches.
@MainActor
@Observable
public final class CommitViewModel {
    public let repo: RepositoryID
    public let sha: String
    public let resource: RemoteResource<Commit>
    public var state: ScreenState { resource.state }
    public var commit: Commit? { resource.value }
    /// The changed files as the diff view shows them (filled when the commit arrives).
    public let diff: DiffViewModel

    init(repo: RepositoryID, sha: String, client: GiteeClient, diffLimits: DiffLimits = .standard) {
        self.repo = repo
        self.sha = sha
        let diff = DiffViewModel(limits: diffLimits)
        self.diff = diff
        resource = RemoteResource { try await client.send(Endpoints.commit(owner: repo.owner, repo: repo.name, sha: sha)) }
        resource.onFresh = { commit in diff.show(commit.files.map(DiffFile.init)) }
    }

    public var title: String { String(sha.prefix(10)) }
    public var message: String { commit?.message ?? "" }
    public var byline: String {
        guard let commit else { return "" }
        let when = RelativeTime.describe((commit.authoredAt ?? commit.committedAt)?.date) ?? ""
        return "\(commit.authorName)  ·  \(when)  ·  \(commit.shortSHA)"
    }
    /// "2 files changed  ·  +10  −3": the commit's own stats when it has them, else the files' counts summed with
    /// saturation (server numbers; `Int.max` and 1 must not trap).
    public var stats: String {
        guard let commit else { return "" }
        let files = String(format: trn("%d file changed", "%d files changed", count: commit.files.count),
                           commit.files.count)
        let additions = commit.stats.map { max(0, $0.additions) } ?? commit.files.map { max(0, $0.additions) }.saturatingSum()
        let deletions = commit.stats.map { max(0, $0.deletions) } ?? commit.files.map { max(0, $0.deletions) }.saturatingSum()
        return "\(files)  ·  +\(additions)  −\(deletions)"
    }

    public func start() { resource.start() }
    public func refresh() { resource.refresh() }
    public func cancel() { resource.cancel() }
}
