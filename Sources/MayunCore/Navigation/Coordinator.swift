import GiteeKit
import Observation

/// Decides where to go. The only place that creates ViewModels; views call its inputs and bind to `stack`,
/// `selectedTab` and `tabs`, so navigation can be checked as a stack of routes without GTK.
@MainActor
@Observable
public final class Coordinator {
    public private(set) var selectedTab: Tab = .projects
    /// Screens pushed over the tabs, bottom first. Empty means the tabs are showing.
    public private(set) var stack: [Screen] = []

    public let environment: AppEnvironment
    public let services: AppServices
    public let nightMode: NightModeViewModel
    /// The ViewModels of the tabs themselves (they live as long as the window).
    public let projectsTab: ProjectsTabViewModel
    /// Lazy only because it needs `self` (its navigator and list factory); `init` touches it, so it is built there.
    @ObservationIgnored public private(set) lazy var discoverTab = DiscoverViewModel(
        cached: services.cached, makeList: makeProjectList, navigator: self)
    public let mineTab: MineViewModel
    /// The person's notifications: one model for the page, the Mine badge and the background refresh.
    public let notifications: NotificationsViewModel
    /// Files the person downloads (release files, source archives): they go on while pages come and go.
    public let downloads: DownloadCenter
    /// Run in the background: the window may close while notifications are still checked (app-wide: it outlives an
    /// account switch, like `nightMode`).
    public let background: BackgroundMode
    /// git, terminals and editors for a project's clone area (nil in tests that do not clone).
    public let tools: (any DesktopTools)?

    /// The open Preferences window's model, nil while it is closed. Settings is a window over the main one (as in
    /// every GNOME app), not a page on the stack: it opens over whatever page asked for it and leaves it in place.
    public private(set) var settings: SettingsViewModel?

    /// The latest short message for the window's toast overlay.
    public internal(set) var toast: Toast?
    /// Browser and clipboard, provided by MayunUI.
    @ObservationIgnored public weak var platform: (any PlatformActions)?
    @ObservationIgnored private var nextScreenID = 1
    /// Asks early for what a row under the pointer or keyboard focus would open (this identity's client and cache).
    @ObservationIgnored public private(set) lazy var prefetcher = Prefetcher(cached: services.cached)
    /// Writing to a repository (issue 27): asks the person a question (`AsksBeforeLeaving`) and calls the closure only
    /// if they choose to leave. Set by the window; without it, pages are left at once (their drafts stay on disk).
    @ObservationIgnored public var askBeforeLeaving: (@MainActor (String, @escaping @MainActor () -> Void) -> Void)?

    /// `nightMode` and `downloads` outlive an account switch (the window's look, files still arriving); the rest is
    /// the identity's. All of them are built by the composition root (`Sources/mayun/Services.swift`); a test builds
    /// its own with `Coordinator(testing:preferences:services:)` (TestSupport).
    public init(environment: AppEnvironment, preferences: any PreferencesStore, services: AppServices,
                downloads: DownloadCenter, nightMode: NightModeViewModel, background: BackgroundMode,
                tools: (any DesktopTools)?) {
        self.environment = environment
        self.tools = tools
        self.services = services
        self.downloads = downloads
        self.nightMode = nightMode
        self.background = background
        projectsTab = ProjectsTabViewModel(lists: [])
        mineTab = MineViewModel(session: services.session)
        notifications = NotificationsViewModel(client: services.client, session: services.session, preferences: preferences,
                                               drafts: services.drafts)
        projectsTab.lists = ProjectListKind.allCases.map { makeExploreList($0) }
        _ = discoverTab
        notifications.navigator = self
        mineTab.notifications = notifications
        mineTab.onOpenNotifications = { [weak self] in self?.push(.notifications) }
        mineTab.onOpenOrganizations = { [weak self] in self?.push(.myOrganizations) }  // issue 28, part B
        mineTab.onOpenSettings = { [weak self] in self?.openSettings(at: $0) }
        mineTab.makeAccount = { [weak self] login in
            self.map { UserViewModel(login: login, isMine: true, cached: $0.services.cached,
                                     makeList: $0.makeProjectList, navigator: $0) }
        }
        mineTab.clearPersonalData = { [weak self] in self?.services.cached.forgetMyLists() }
        let waiting = WaitingWrites(outbox: { [weak self] in
                                        guard let services = self?.services, services.session.isLoggedIn else { return nil }
                                        return services.outbox
                                    },
                                    cancel: { [weak self] id in self?.services.cancelOutboxRow(id) },
                                    tryAgain: { [weak self] id in self?.services.tryOutboxRowAgain(id) })
        mineTab.waiting = waiting
        notifications.waiting = waiting
        services.onOutboxAttached = { [weak self] outbox in self?.openPagesTake(outbox) }
        self.downloads.onEnded = { [weak self] download in self?.announce(download) }
    }

    /// Opens the Preferences window at `section` (the main menu's Preferences, Ctrl+comma and Mine's Preferences
    /// ask for General, the login form for Password Login); when it is open already it turns to that page.
    public func openSettings(at section: SettingsSection = .general) {
        if let settings {
            settings.section = section
            return
        }
        settings = SettingsViewModel(nightMode: nightMode, environment: environment,
                                     cache: CacheMaintenance(directory: environment.cacheDirectory, store: services.store),
                                     oauth: OAuthSettingsViewModel(session: services.session), notifications: notifications,
                                     section: section, background: background)
    }

    /// The Preferences window was closed (its close button, Escape, or the app closing it).
    public func closeSettings() {
        settings = nil
    }

    public var routes: [Route] { stack.map(\.route) }
    public var top: Screen? { stack.last }
    public var canGoBack: Bool { !stack.isEmpty }

    /// Shows `route` on top. Pushing the route that is already on top does nothing (a double click is one page).
    public func push(_ route: Route) {
        guard stack.last?.route != route else { return }
        stack.append(makeScreen(for: route))
    }

    /// Goes back one page; at the tabs it does nothing. The page's requests stop.
    public func pop() {
        // Writing to a repository (issue 27): a page with unsaved edits asks first.
        if let top = stack.last, let question = (top.model as? any AsksBeforeLeaving)?.leaveQuestion, let askBeforeLeaving {
            askBeforeLeaving(question) { [weak self] in
                guard let self, stack.last?.id == top.id else { return }
                stack.popLast()?.model.cancel()
            }
            return
        }
        guard let leaving = stack.popLast() else { return }
        leaving.model.cancel()
    }

    public func popToRoot() {
        closeAll()
    }

    /// Replaces the top page (or pushes when at the tabs), e.g. login replaced by the page that asked for it.
    public func replace(with route: Route) {
        replace(with: route, content: makeContent(for: route))
    }

    /// Replaces the top page with a model made elsewhere (a new issue's page, already filled).
    public func replace(with route: Route, content: ScreenContent) {
        stack.popLast()?.model.cancel()
        defer { nextScreenID += 1 }
        stack.append(Screen(id: nextScreenID, route: route, content: content))
    }

    /// Switches the top-level tab; pages pushed over the tabs are closed, as the tab bar is what the person sees.
    public func select(_ tab: Tab) {
        closeAll()
        if selectedTab != tab { selectedTab = tab }
    }

    private func closeAll() {
        guard !stack.isEmpty else { return }
        let leaving = stack
        stack.removeAll()
        for screen in leaving { screen.model.cancel() }
    }

    /// The model for `route`. Exhaustive on purpose: a new route without a screen does not compile.
    public func makeContent(for route: Route) -> ScreenContent {
        switch route {
        case .projects(let kind):
            .projectList(makeExploreList(kind))
        case .language(let id, let name):
            .projectList(makeProjectList(title: name, emptyText: String(format: tr("No %@ projects yet."), name),
                                         services.cached.languageProjects(id: id, name: name)))
        case .search(let query):
            .projectList(searchResults(for: query))
        case .tree(let repo, let ref, let path):
            .tree(withWriteAccess(TreeViewModel(repo: repo, ref: ref, path: path, cached: services.cached, navigator: self)))
        case .commits(let repo, let ref):
            .commits(CommitsViewModel(repo: repo, ref: ref, client: services.client, navigator: self))
        case .commit(let repo, let sha):
            .commit(CommitViewModel(repo: repo, sha: sha, client: services.client))
        case .releases(let repo):
            .releases(ReleasesViewModel(repo: repo, pages: services.cached.releases(repo), navigator: self))
        case .release(let repo, let tag):
            .release(ReleaseViewModel(repo: repo, tag: tag, client: services.client, downloads: downloads,
                                      markdown: markdown, navigator: self))
        case .user(let login):
            .user(UserViewModel(login: login, cached: services.cached, makeList: makeProjectList, navigator: self))
        case .followers(let login):
            .people(PeopleListViewModel(title: tr("Followers"), emptyText: tr("No followers yet."),
                                        pages: services.cached.followers(of: login), navigator: self))
        case .following(let login):
            .people(PeopleListViewModel(title: tr("Following"), emptyText: tr("Not following anyone yet."),
                                        pages: services.cached.following(of: login), navigator: self))
        case .issues(let repo):
            .issues(prefetching(IssuesViewModel(repo: repo, cached: services.cached, navigator: self,
                                                session: services.session)))
        case .issue(let repo, let number):
            .issue(makeIssuePage(repo, number: number))
        case .createIssue(let repo):
            .createIssue(makeNewIssueForm(repo))
        case .pullRequests(let repo):
            .pullRequests(withNewPullRequest(PullRequestsViewModel(repo: repo, client: services.client, navigator: self)))
        case .pullRequest(let repo, let number, let opensFiles):
            .pullRequest(makePullRequestPage(repo, number: number, opensFiles: opensFiles))
        case .notifications:
            .notifications(notifications)
        case .project(let repo):
            .project(withOutbox(withFork(ProjectViewModel(repo: repo, cached: services.cached, server: environment.server,
                                                          nightMode: nightMode, navigator: self, files: downloads.files,
                                                          desktop: environment.desktop, tools: tools))))
        case .blob(let repo, let ref, let path):
            .blob(withEditAccess(BlobViewModel(repo: repo, ref: ref, path: path, blobDependencies)))
        case .readme(let repo, let ref):
            .blob(BlobViewModel(readmeOf: repo, ref: ref, blobDependencies))
        case .image(let repo, let ref, let path):
            .image(ImageViewModel(repo: repo, ref: ref, path: path, client: services.client,
                                  server: environment.server, nightMode: nightMode, navigator: self))
        // A project's branches and tags (issue 28, part B)
        case .branches(let repo):
            .branches(RefListViewModel(branchesOf: repo, cached: services.cached, navigator: self))
        case .tags(let repo):
            .tags(RefListViewModel(tagsOf: repo, cached: services.cached, navigator: self))
        // A project's people and forks (issue 28, part B)
        case .stargazers(let repo):
            .people(PeopleListViewModel(title: tr("Stargazers"), emptyText: tr("No one has starred this project yet."),
                                        pages: services.cached.stargazers(repo), navigator: self))
        case .watchers(let repo):
            .people(PeopleListViewModel(title: tr("Watchers"), emptyText: tr("No one is watching this project yet."),
                                        pages: services.cached.watchers(repo), navigator: self))
        case .forks(let repo):
            .projectList(makeProjectList(title: tr("Forks"), emptyText: tr("This project has no forks yet."),
                                         services.cached.forks(repo)))
        case .contributors(let repo):
            .contributors(ContributorsViewModel(repo: repo, cached: services.cached, navigator: self))
        // Organisations (issue 28, part B)
        case .organization(let login):
            .organization(OrganizationViewModel(login: login, cached: services.cached, makeList: makeProjectList,
                                                navigator: self))
        case .myOrganizations:
            .organizations(OrganizationListViewModel(pages: services.cached.myOrganizations(), navigator: self))
        case .editFile(let repo, let branch, let path):
            .fileEditor(makeFileEditor(repo, branch: branch, path: path))
        case .newPullRequest(let target, let head, let branch):
            .newPullRequest(makeNewPullRequest(target, head: head, branch: branch))

        case .newFile(let repo, let branch, let folder):
            .newFile(makeNewFile(FolderTarget(repo: repo, branch: branch, folder: folder)))
        case .login:
            .login(LoginViewModel(session: services.session, onLoggedIn: { [weak self] in self?.loginSucceeded() },
                                  onOpenSettings: { [weak self] in self?.openSettings(at: .passwordLogin) }))
        }
    }

    private var blobDependencies: BlobViewModel.Dependencies {
        .init(cached: services.cached, server: environment.server, nightMode: nightMode, navigator: self)
    }

    /// Opens a project from any list.
    public func open(_ project: Project) {
        push(.project(RepositoryID(owner: project.ownerPath, name: project.repoPath)))
    }

    private func searchResults(for query: String) -> ProjectListViewModel {
        makeProjectList(title: query, emptyText: tr("No projects match your search."),
                        services.cached.live(Endpoints.search(query)))
    }

    func makeExploreList(_ kind: ProjectListKind) -> ProjectListViewModel {
        makeProjectList(title: kind.title, emptyText: kind.emptyText, services.cached.exploreProjects(kind))
    }

    func makeProjectList(title: String, emptyText: String, _ pages: CachedPages<Project>) -> ProjectListViewModel {
        let session = services.session
        let list = PagedListViewModel<Project>(emptyText: emptyText, cache: pages.saved) { pagination in
            // The saved login is read from the keyring asynchronously; wait for it so that the first page already
            // carries the token (and so the "starred by me" badges).
            await session.start()
            return try await pages.fetch(pagination)
        }
        let projects = ProjectListViewModel(title: title, list: list) { [weak self] project in self?.open(project) }
        projects.navigator = self
        projects.prefetcher = prefetcher
        return projects
    }

    /// An issue list whose rows under the pointer are asked for early.
    private func prefetching(_ list: IssuesViewModel) -> IssuesViewModel {
        list.prefetcher = prefetcher
        return list
    }

    private func makeScreen(for route: Route) -> Screen {
        defer { nextScreenID += 1 }
        return Screen(id: nextScreenID, route: route, content: makeContent(for: route))
    }
}
