import Foundation
import GiteeKit
import Observation

/// What the project page's Releases row says: how many releases and the latest tag, from one call (the newest
/// release, `per_page=1`, whose `total_count` header counts them all). Nothing when the call fails: the row still
/// opens the list, which says why.
@MainActor
@Observable
public final class ReleaseSummary {
    public private(set) var text = ""
    @ObservationIgnored private let load = LatestTask()
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private let repo: RepositoryID

    init(repo: RepositoryID, client: GiteeClient) {
        self.repo = repo
        self.client = client
    }

    public func refresh() {
        load.run { [weak self, client, repo] in
            guard let page = try? await client.page(Endpoints.releases(owner: repo.owner, repo: repo.name, perPage: 1))
            else { return }
            guard !Task.isCancelled else { return }
            self?.text = Self.describe(count: page.totalCount, latest: page.items.first)
        }
    }

    public func cancel() { load.cancel() }

    /// "12 releases  ·  latest v2.1.0"; "No releases" for none. The count falls back to what came when the server
    /// sends no `total_count`.
    static func describe(count: Int?, latest: Release?) -> String {
        guard let latest else { return tr("No releases") }
        let total = max(1, count ?? 1)
        let counted = String(format: trn("%d release", "%d releases", count: total), total)
        return counted + "  ·  " + String(format: tr("latest %@"), latest.tagName)
    }
}
