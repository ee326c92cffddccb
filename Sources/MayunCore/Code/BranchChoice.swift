import GiteeKit
import Observation

/// The branch a code page (a folder, a branch's commits) reads from, and the project's branches it can switch to:
/// asked for when the page starts, stopped when it goes. Choosing another branch replaces the page (`switchTo`).
@MainActor
@Observable
public final class BranchChoice {
    /// The branch asked for; nil: the project's default branch.
    public let current: String?
    /// The project's branch names, once they arrived (empty until then, or when the request failed).
    public private(set) var names: [String] = []
    @ObservationIgnored private let repo: RepositoryID
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private let switchTo: @MainActor (String) -> Void
    @ObservationIgnored private let load = LatestTask()

    init(repo: RepositoryID, current: String?, client: GiteeClient, switchTo: @escaping @MainActor (String) -> Void) {
        self.repo = repo
        self.current = current
        self.client = client
        self.switchTo = switchTo
    }

    /// The branch in use, as the picker names it.
    public var title: String { current ?? tr("Default branch") }

    func start() {
        load.run { [weak self, repo, client] in
            let names = (try? await client.all(Endpoints.branches(owner: repo.owner, repo: repo.name)))?.map(\.name)
            guard !Task.isCancelled else { return }
            self?.names = names ?? []
        }
    }

    func cancel() { load.cancel() }

    public func select(_ name: String) {
        guard name != current else { return }
        switchTo(name)
    }
}
