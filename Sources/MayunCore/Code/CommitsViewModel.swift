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
    public let branch: BranchChoice
    @ObservationIgnored private weak var navigator: (any Navigator)?

    init(repo: RepositoryID, ref: String?, client: GiteeClient, navigator: any Navigator) {
        self.repo = repo
        self.ref = ref
        self.navigator = navigator
        branch = BranchChoice(repo: repo, current: ref, client: client) { [weak navigator] name in
            navigator?.replace(with: .commits(repo, ref: name))
        }
        let endpoint = Endpoints.commits(owner: repo.owner, repo: repo.name, branch: ref)
        commits = PagedListViewModel<Commit>(emptyText: tr("No commits yet.")) { pagination in
            try await client.page(endpoint, at: pagination)
        }
    }

    public var title: String { tr("Commits") }

    public func row(at index: Int, now: Date = Date()) -> SimpleRow? {
        guard let commit = commits.item(at: index) else { return nil }
        let when = RelativeTime.describe((commit.authoredAt ?? commit.committedAt)?.date, now: now) ?? ""
        return SimpleRow(iconName: "document-open-recent-symbolic", title: commit.title,
                         subtitle: "\(commit.authorName)  ·  \(when)", trailing: commit.shortSHA)
    }

    public func start() {
        commits.start()
        branch.start()
    }

    /// The page was left: the commit list and branch requests stop.
    public func cancel() {
        commits.cancel()
        branch.cancel()
    }

    public func activate(at index: Int) {
        guard let commit = commits.item(at: index) else { return }
        navigator?.push(.commit(repo, sha: commit.sha))
    }
}
