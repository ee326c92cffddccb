import Foundation
import GiteeKit

/// The pull request list's filters as the website has them: state, sort, and whose (everyone's, created by me,
/// test requested, review requested). On Gitee a pull request asks people in two roles, reviewers (its `assignees`,
/// the list's `assignee` parameter: "评审者用户名") and testers (`testers`, the `tester` parameter: "测试者用户名"):
/// "Review requested" is being one of its reviewers, "Test requested" (the case `assignedToMe`, its saved name from
/// when it meant reviewers) being one of its testers, and "Created by me" is `author`.
public struct PullRequestFilters: Codable, Equatable, Sendable {
    public enum Scope: String, Codable, CaseIterable, Sendable { case everyone, createdByMe, assignedToMe, reviewRequested }

    public var state = Endpoints.PullRequestState.open
    public var sort = Endpoints.PullRequestSort.created
    public var scope = Scope.everyone

    enum CodingKeys: String, CodingKey { case state, sort, scope }
}

extension PullRequestFilters {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // A file from another version with a value this one does not know falls back to the default.
        state = (try? c.decode(String.self, forKey: .state)).flatMap(Endpoints.PullRequestState.init(rawValue:)) ?? .open
        sort = (try? c.decode(String.self, forKey: .sort)).flatMap(Endpoints.PullRequestSort.init(rawValue:)) ?? .created
        scope = (try? c.decode(String.self, forKey: .scope)).flatMap(Scope.init(rawValue:)) ?? .everyone
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(state.rawValue, forKey: .state)
        try c.encode(sort.rawValue, forKey: .sort)
        try c.encode(scope.rawValue, forKey: .scope)
    }

    /// The list call for these filters (`login` is the person's, for "me").
    func endpoint(_ repo: RepositoryID, login: String?) -> Endpoint<[PullRequest]> {
        Endpoints.pullRequests(owner: repo.owner, repo: repo.name, state: state, sort: sort,
                               author: scope == .createdByMe ? login : nil,
                               assignee: scope == .reviewRequested ? login : nil,
                               tester: scope == .assignedToMe ? login : nil)
    }
}

/// The filters remembered per project: one small JSON file each under `filters/` in the app's data folder.
@MainActor
public final class PullRequestFilterStore {
    let directory: URL

    public init(directory: URL) {
        self.directory = directory.appendingPathComponent("filters")
    }

    /// Like a draft's name: past 200 bytes a readable start and a hash of the whole (a file name has at most 255 bytes;
    /// the filters of a project with long names were never kept; found writing the fuzz target `stored`).
    func file(for repo: RepositoryID) -> URL {
        var name = "pulls__" + DraftStore.encode(repo.owner) + "__" + DraftStore.encode(repo.name)
        if name.utf8.count > 200 {
            name = String(name.prefix(120)) + "-" + DraftStore.hash("\(repo.owner)/\(repo.name)")
        }
        return directory.appendingPathComponent(name + ".json")
    }

    public func filters(for repo: RepositoryID) -> PullRequestFilters? {
        guard let data = try? Data(contentsOf: file(for: repo)) else { return nil }
        return try? JSONDecoder().decode(PullRequestFilters.self, from: data)
    }

    public func save(_ filters: PullRequestFilters, for repo: RepositoryID) {
        guard let data = try? JSONEncoder().encode(filters) else { return }
        // Losing a remembered filter costs one click: a failed write is not worth interrupting anyone.
        try? PrivateFiles.write(data, to: file(for: repo))
    }
}
