import Foundation
import GiteeKit
import MayunDocument
import Observation

/// The project page: header, Star and Watch (optimistic, rolled back with a toast on failure), the rows that lead
/// to owner, README, code, issues and commits, and the share actions.
@MainActor
@Observable
public final class ProjectViewModel {
    public let repo: RepositoryID
    /// The project itself: saved copy first, then the server's (the README follows it).
    public let resource: RemoteResource<Project>
    public var state: ScreenState { resource.state }
    public var project: Project? { resource.value }
    public var banner: String? { resource.banner }
    public private(set) var readme: ReadmeState = .loading
    /// The README rendered as a document, parsed off the main thread once `readme` has text; published once its
    /// first screen is read (the plain text shows until then), the rest arrives in its chunks.
    public private(set) var readmeDocument: ProgressiveDocument?
    public let star: ToggleState
    public let watch: ToggleState
    /// Star and Watch go through the one write path (optimistic, settled from the answer, rolled back with a toast).
    public let writes = ScreenWrites()
    /// The clone started from this page, if any (its progress, then Open Folder).
    public private(set) var clone: (any CloneJob)?
    @ObservationIgnored private weak var files: (any FileActions)?
    /// Clone over SSH (the person's key) rather than HTTPS.
    public var cloneOverSSH = false
    /// The Releases row's text (count and latest tag).
    public let releases: ReleaseSummary

    public enum ReadmeState: Equatable, Sendable {
        case loading, none
        case text(String)
        case failed(String)
    }

    @ObservationIgnored private let cached: CachedClient
    @ObservationIgnored private let cachedProject: Cached<Project>
    @ObservationIgnored private let server: URL
    /// The desktop's name (the terminal to open a clone in) and the person's `GIT_SSH_COMMAND` (the clone keeps it).
    @ObservationIgnored let desktop: AppEnvironment.Desktop
    /// git, terminals and editors (nil: this page cannot clone, as in tests of other things).
    @ObservationIgnored let tools: (any DesktopTools)?
    @ObservationIgnored private let loads = LatestTask()
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private var started = false
    @ObservationIgnored private var parsedReadme: String?
    /// The README's parses: the newest takes the slot (and becomes `readmeDocument`) once its first screen is ready.
    @ObservationIgnored private let readmeSlot = DocumentSlot()

    /// The night mode the README follows.
    public let nightMode: NightModeViewModel?
    /// Fork, "Forked from" and proposing a fork's changes (issue 25), told of each project read.
    public internal(set) var fork: ForkViewModel?
    /// The account's outbox: a Star or Watch that cannot reach the server waits there (ProjectViewModel+Outbox.swift).
    public internal(set) var outbox: Outbox?

    init(repo: RepositoryID, cached: CachedClient, server: URL, nightMode: NightModeViewModel?,
         navigator: any Navigator, files: (any FileActions)? = nil, desktop: AppEnvironment.Desktop = .init(),
         tools: (any DesktopTools)? = nil) {
        self.files = files
        self.tools = tools
        self.desktop = desktop
        self.repo = repo
        self.cached = cached
        self.server = server
        self.nightMode = nightMode
        self.navigator = navigator
        star = ToggleState(kind: .star)
        watch = ToggleState(kind: .watch)
        cachedProject = cached.project(repo)
        resource = RemoteResource(cachedProject)
        releases = ReleaseSummary(repo: repo, client: cached.client)
        resource.onFresh = { [weak self] fresh in self?.settleToggles(with: fresh) }
        resource.writes = writes
        resource.keepWritten = { [weak self] fresh in self?.withToggles(fresh) ?? fresh }
        writes.report = { [weak self] message in self?.navigator?.showToast(message) }
    }

    // MARK: Outputs

    public var title: String { repo.description }
    public var header: ProjectHeader? { project.map(ProjectHeader.init) }

    // MARK: Inputs

    public func start() {
        guard !started else { return }
        started = true
        // The saved project and README (read off the main thread) show before the requests go, so a failed request
        // finds them showing; leaving the page meanwhile stops both.
        loads.run { [weak self] in
            guard let self else { return }
            await resource.showSavedCopy()
            if let saved = project { settleToggles(with: saved) }
            if case .file(_, let text)? = await cached.readme(repo, ref: nil).saved() { showReadme(text) }
            guard !Task.isCancelled else { return }
            refresh()
        }
    }

    /// The project and its README at once (asked without `ref`, the site answers the default branch's, so the README
    /// need not wait a round trip for the project); the README is shown once the project is there too, since its
    /// relative links resolve against the default branch.
    public func refresh() {
        releases.refresh()
        loads.run { [weak self] in
            guard let self else { return }
            async let readmeAnswer = fetchReadme()
            await resource.reload()
            let answer = await readmeAnswer
            guard !Task.isCancelled else { return }
            if let project { fork?.projectLoaded(project) }
            showReadme(answer)
        }
    }

    /// The page was left: the project and README requests and the README's parse stop (a star or watch already
    /// sent still finishes, but nothing follows it).
    public func cancel() {
        writes.leave()
        loads.cancel()
        resource.cancel()
        releases.cancel()
        readmeSlot.cancel()
    }

    public func toggleStar() {
        navigator?.requireLogin { [weak self] in self?.flip(self?.star) }
    }

    public func toggleWatch() {
        navigator?.requireLogin { [weak self] in self?.flip(self?.watch) }
    }

    /// The owner's page: an organisation's own page when the project belongs to one (its namespace is a "group").
    public func openOwner() {
        if let namespace = project?.namespace, namespace.kind == "group", !namespace.path.isEmpty {
            navigator?.push(.organization(login: namespace.path))
            return
        }
        navigator?.push(.user(login: project?.owner.login.nonEmpty ?? repo.owner))
    }
    public func openCode() { navigator?.push(.tree(repo, ref: project?.defaultBranch, path: "")) }
    public func openReadme() { navigator?.push(.readme(repo, ref: project?.defaultBranch)) }
    public func openIssues() { navigator?.push(.issues(repo)) }
    public func openPullRequests() { navigator?.push(.pullRequests(repo)) }
    public func openCommits() { navigator?.push(.commits(repo, ref: project?.defaultBranch)) }
    public func openReleases() { navigator?.push(.releases(repo)) }
    // Issue 28, part B
    public func openBranches() { navigator?.push(.branches(repo)) }
    public func openTags() { navigator?.push(.tags(repo)) }
    public func openStargazers() { navigator?.push(.stargazers(repo)) }
    public func openWatchers() { navigator?.push(.watchers(repo)) }
    public func openForks() { navigator?.push(.forks(repo)) }
    public func openContributors() { navigator?.push(.contributors(repo)) }

    /// A link clicked in the README: files of the repository open here, web addresses in the browser.
    public func activate(_ target: LinkTarget) { navigator?.follow(target) }


    public func openWebsite() {
        if let url = header?.webURL { navigator?.openExternal(url) }
    }
    public func copyLink() {
        if let url = header?.webURL { navigator?.copy(url.absoluteString, announcing: tr("Link copied")) }
    }
    public func copyCloneURL(ssh: Bool) {
        guard let header else { return }
        navigator?.copy(ssh ? header.sshCloneURL : header.httpsCloneURL, announcing: tr("Clone URL copied"))
    }

    /// Clones the project into a new folder named after it inside `parent`, over HTTPS or, when the person chose it,
    /// SSH (`cloneOverSSH`).
    /// The address is checked against the account's server (`CloneAddress`) and the folder name as a path part.
    public func startClone(into parent: String) {
        guard let header, clone?.state.isRunning != true else { return }
        let url = cloneURL(of: header)
        if let problem = CloneAddress.problem(with: url, server: server) {
            clone = RefusedClone(because: problem)
        } else if PathSafety.problem(inSegment: repo.name) != nil || repo.name.hasPrefix("-") {
            clone = RefusedClone(because: tr("The project's name cannot be a folder's name."))
        } else if let tools {
            clone = tools.clone(url, into: parent + "/" + repo.name, inheritedSSHCommand: desktop.gitSSHCommand)
        } else {
            clone = RefusedClone(because: tr("Cloning is not available here."))
        }
    }

    public func cancelClone() { clone?.cancel() }

    public func openClonedFolder() {
        if case .finished(let folder)? = clone?.state { files?.openFile(at: folder) }
    }

    func toast(_ message: String) { navigator?.showToast(message) }

    /// What the clone area says under its bar.
    public var cloneStatus: String {
        switch clone?.state {
        case .running(let progress)?: progress.description
        case .finished(let folder)?: String(format: tr("Cloned into %@"), folder)
        case .failed(let why)?: String(format: tr("Clone failed: %@"), why)
        case .cancelled?: tr("Clone cancelled")
        case nil: ""
        }
    }

    // MARK: Loading

    private func fetchReadme() async -> Result<Readme, any Error> {
        do { return .success(try await cached.readme(repo, ref: nil).fetch()) } catch { return .failure(error) }
    }

    private func showReadme(_ answer: Result<Readme, any Error>) {
        switch answer {
        case .success(.file(_, let text)):
            showReadme(text)
        case .success:
            readme = .none
        case .failure(let error):
            if case .text = readme { return }  // keep the saved README offline
            let failure = GiteeError.from(error)
            if failure != .cancelled { readme = .failed(ErrorText.message(for: failure)) }
        }
    }

    /// Keeps the text (shown until the document's first screen is ready) and parses it in the background; a
    /// different text (the server's after the saved one, a refresh) replaces the document, and the old one's parse
    /// stops then. Relative links and images resolve against the default branch at the repository root.
    private func showReadme(_ text: String) {
        readme = .text(text)
        guard text != parsedReadme else { return }
        parsedReadme = text
        let context = DocumentContext(repository: repo, ref: project?.defaultBranch, folder: "", server: server)
        let prefersDark = nightMode?.isNight ?? false
        let request = DocumentRequest(text: text, format: .markdown, context: context, prefersDark: prefersDark)
        readmeSlot.parse(request) { [weak self] document in self?.readmeDocument = document }
    }

    private func settleToggles(with project: Project) {
        // A toggle waiting for the server keeps its optimistic value; the payload catches up afterwards.
        star.settle(isOn: project.isStarred ?? star.isOn, count: project.stargazersCount)
        watch.settle(isOn: project.isWatched ?? watch.isOn, count: project.watchersCount)
    }

    /// The project as shown, with the toggles' values: what a write settled, or what is waiting for an answer.
    private func withToggles(_ project: Project) -> Project {
        var project = project
        project.isStarred = star.isOn
        project.stargazersCount = star.count
        project.isWatched = watch.isOn
        project.watchersCount = watch.count
        return project
    }

    private func flip(_ toggle: ToggleState?) {
        guard let toggle, !toggle.isBusy else { return }
        let turningOn = !toggle.isOn
        let endpoint: Endpoint<NoContent> = switch (toggle.kind, turningOn) {
        case (.star, true): Endpoints.star(owner: repo.owner, repo: repo.name)
        case (.star, false): Endpoints.unstar(owner: repo.owner, repo: repo.name)
        case (.watch, true): Endpoints.watch(owner: repo.owner, repo: repo.name)
        case (.watch, false): Endpoints.unwatch(owner: repo.owner, repo: repo.name)
        }
        let client = cached.client
        let check: Endpoint<Bool> = toggle.kind == .star ? Endpoints.isStarred(owner: repo.owner, repo: repo.name)
            : Endpoints.isWatched(owner: repo.owner, repo: repo.name)
        // One that provably never reached the server waits in the outbox, and the button goes back to what the server
        // has until it is sent (as an issue's state does).
        let keep = { [weak self] in self?.keepInOutbox(toggle.kind, on: turningOn) ?? false }
        writes.send(key: "\(toggle.kind)", failure: toggle.failureFormat(turningOn: turningOn),
                    apply: { toggle.beginChange(to: turningOn) },
                    request: { () async throws -> Bool in
                        do {
                            _ = try await SettledWrite.perform({ try await client.send(endpoint) },
                                                               check: { try await client.send(check) == turningOn ? NoContent() : nil })
                            return true
                        } catch let failure as GiteeError where failure.neverReachedServer {
                            guard keep() else { throw failure }
                            return false
                        }
                    },
                    settle: { [weak self] sent in
                        guard sent else { return toggle.rollBack() }
                        toggle.finishChange()
                        self?.settleProject()
                    },
                    rollBack: { _ in toggle.rollBack() })
    }

    /// A 204 says the change happened, and the count moved by one with it: the project shown (and saved) takes the
    /// toggles' values without asking again. Only when no project was ever shown is it read.
    private func settleProject() {
        if let project {
            let settled = withToggles(project)
            resource.show(settled)
            cachedProject.remember(settled)
        } else {
            resource.refresh()
        }
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
