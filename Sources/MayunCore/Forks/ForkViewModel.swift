import Foundation
import GiteeKit
import Observation

/// The project page's Fork (issue 25): shown to logged-in people for a project that is not theirs; asks first,
/// naming where the copy goes (their own space, or an organisation they belong to); shows progress; then opens the
/// fork. A person who already has a fork there is taken to it instead of being refused.
@MainActor
@Observable
public final class ForkViewModel {
    public enum Phase: Equatable, Sendable {
        case idle
        case forking
        /// Refused, with the reason in the person's words.
        case failed(String)
    }

    public let repo: RepositoryID
    public private(set) var phase: Phase = .idle
    /// Logged in and the project is not the person's own (Gitee does not fork a project into its own space).
    public private(set) var isShown = false
    /// Where a fork can go: the person's login first, then their organisations.
    public private(set) var destinations: [String] = []
    public private(set) var selected = 0
    /// What this project was forked from (its page says so).
    public private(set) var parent: ProjectParent?
    /// The write (one fork at a time; a refusal is told).
    public let writes = ScreenWrites()

    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private let session: Session?
    @ObservationIgnored private weak var navigator: (any Navigator)?

    init(repo: RepositoryID, client: GiteeClient, session: Session?, navigator: (any Navigator)?) {
        self.repo = repo
        self.client = client
        self.session = session
        self.navigator = navigator
        writes.report = { [weak navigator] text in navigator?.showToast(text) }
    }

    // MARK: Outputs

    public var login: String? { session?.user?.login }
    public var buttonTitle: String { phase == .forking ? tr("Forking…") : tr("Fork") }
    public var canFork: Bool { isShown && phase != .forking }
    public var destination: String { destinations.indices.contains(selected) ? destinations[selected] : (login ?? "") }
    public var failure: String? { if case .failed(let reason) = phase { reason } else { nil } }

    /// Asked before forking: what is copied and where it goes.
    public var question: (heading: String, body: String, confirm: String) {
        let target = destination == login ? String(format: tr("your space (%@)"), destination) : destination
        return (String(format: tr("Fork %@?"), repo.description),
                String(format: tr("A copy of %@ with all its branches is made in %@. You can change it there and propose the changes back with a pull request."),
                       repo.description, target),
                tr("Fork"))
    }

    // MARK: Inputs

    /// The project was read: Fork is shown to logged-in people for projects that are not their own.
    func projectLoaded(_ project: Project) {
        if parent != project.parent { parent = project.parent }
        Task { [weak self] in
            await self?.session?.start()
            self?.decideShown(for: project)
        }
    }

    private func decideShown(for project: Project) {
        guard let login = session?.user?.login, session?.isLoggedIn == true else {
            isShown = false
            return
        }
        isShown = project.ownerPath.lowercased() != login.lowercased()
        if destinations.first != login { destinations = [login] }
    }

    /// A fork's page: "Forked from …", which opens the source.
    public var forkedFromText: String? { parent.map { String(format: tr("Forked from %@"), $0.fullName) } }

    public func openParent() {
        guard let parent else { return }
        navigator?.push(.project(RepositoryID(owner: parent.owner, name: parent.name)))
    }

    /// A fork's page: propose its changes to the source (the new pull request form, target = the parent).
    public var canProposeChanges: Bool { parent != nil && session?.isLoggedIn == true }

    public func proposeChanges() {
        guard let parent else { return }
        navigator?.push(.newPullRequest(RepositoryID(owner: parent.owner, name: parent.name), head: repo, branch: nil))
    }

    /// Reads the person's organisations (other places a fork can go), before the question is shown.
    public func loadDestinations() {
        guard let login else { return }
        Task { [weak self] in
            guard let self, let organisations = try? await client.send(Endpoints.myOrganizations()) else { return }
            destinations = [login] + organisations.map(\.login).filter { $0 != login }
        }
    }

    public func choose(_ index: Int) {
        guard destinations.indices.contains(index) else { return }
        selected = index
    }

    /// Forks (after the page asked). An existing fork in that space is opened instead.
    public func fork() {
        guard canFork, let login else { return }
        let space = destination
        let organization = space == login ? nil : space
        let repo = repo, client = client
        phase = .forking
        writes.send(key: "fork", failure: tr("Could not fork: %@"),
                    request: { () async throws -> Project in
                        if let existing = await Self.existingFork(of: repo, in: space, client: client) { return existing }
                        do {
                            // A lost answer is settled by looking for the fork in that space (docs/WRITES.md).
                            return try await SettledWrite.perform({
                                try await client.send(Endpoints.fork(owner: repo.owner, repo: repo.name,
                                                                     organization: organization))
                            }, check: { await Self.existingFork(of: repo, in: space, client: client) })
                        } catch GiteeError.validation(let message) {
                            // The space already holds a project of that name: when it is a fork of this one, open it.
                            if let existing = await Self.existingFork(of: repo, in: space, client: client) { return existing }
                            throw GiteeError.validation(String(format: tr("%@ already has a project named %@ that is not a fork of this one (%@)."),
                                                               space, repo.name, message))
                        } catch GiteeError.forbidden(let message) {
                            throw GiteeError.forbidden(String(format: tr("Gitee does not let you fork this project into %@ (%@)."),
                                                              space, message ?? tr("no permission")))
                        }
                    },
                    settle: { [weak self] fork in
                        self?.phase = .idle
                        self?.navigator?.push(.project(RepositoryID(owner: fork.ownerPath, name: fork.repoPath)))
                    },
                    rollBack: { [weak self] error in
                        self?.phase = .failed(ErrorText.message(for: error))
                    })
    }

    /// The project `space/name` when it is a fork of `repo`.
    static func existingFork(of repo: RepositoryID, in space: String, client: GiteeClient) async -> Project? {
        guard let found = try? await client.send(Endpoints.project(owner: space, repo: repo.name)),
              found.isFork, found.parent?.fullName.lowercased() == repo.description.lowercased() else { return nil }
        return found
    }
}
