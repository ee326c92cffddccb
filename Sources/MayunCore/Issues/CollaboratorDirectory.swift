import GiteeKit

/// The people of each project, for @mention completion: `GET /repos/{owner}/{repo}/collaborators` (it needs a
/// token, as on the site), read once per project and account and kept for the rest of the run, so every composer of
/// a project (its issues, its pull requests) shares one answer. Two composers asking at once wait for the same
/// request. A failure is not kept: the next "@" asks again.
@MainActor
public final class CollaboratorDirectory {
    /// At most this many people are kept per project (the first page; a project rarely has more members).
    public static let limit = 100

    private let client: GiteeClient
    /// The login the answers belong to (nil: nobody logged in, so nothing is asked).
    private let account: @MainActor () -> String?
    private var known: [String: [User]] = [:]
    private var inFlight: [String: Task<[User], Never>] = [:]

    public init(client: GiteeClient, account: @escaping @MainActor () -> String?) {
        self.client = client
        self.account = account
    }

    /// The project's collaborators for the logged-in person (empty when logged out or when the request failed).
    public func collaborators(of repo: RepositoryID) async -> [User] {
        guard let login = account() else { return [] }
        let key = "\(login)\n\(repo.owner)/\(repo.name)"
        if let people = known[key] { return people }
        if let running = inFlight[key] { return await running.value }
        let endpoint = Endpoints.collaborators(owner: repo.owner, repo: repo.name, perPage: Self.limit)
        let client = client
        let task = Task<[User], Never> {
            guard let people = try? await client.send(endpoint) else { return [] }
            return Array(people.prefix(Self.limit))
        }
        inFlight[key] = task
        let people = await task.value
        inFlight[key] = nil
        if !people.isEmpty { known[key] = people }
        return people
    }
}
