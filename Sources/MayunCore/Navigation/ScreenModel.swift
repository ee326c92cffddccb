/// What every page's model has: a title for the header bar, `start()` when the page is first shown, `refresh()` for
/// F5 / Ctrl+R, and `cancel()` when the page is left (its requests stop and late answers are dropped).
@MainActor
public protocol ScreenModel: AnyObject {
    var title: String { get }
    func start()
    func refresh()
    func cancel()
}

extension ProjectListViewModel: ScreenModel {
    public func start() { list.start() }
    public func refresh() { list.refresh() }
    public func cancel() { list.cancel() }
}

extension TreeViewModel: ScreenModel {
    public func refresh() { entries.refresh() }
}

extension CommitsViewModel: ScreenModel {
    public func refresh() { commits.refresh() }
}

extension CommitViewModel: ScreenModel {}
extension ReleasesViewModel: ScreenModel {}
extension ReleaseViewModel: ScreenModel {}

extension IssuesViewModel: ScreenModel {
    public func refresh() { issues.refresh() }
    public func cancel() { issues.cancel() }
}

extension PeopleListViewModel: ScreenModel {
    public func cancel() { people.cancel() }
}

extension ProjectViewModel: ScreenModel {}
extension RefListViewModel: ScreenModel {}
extension ContributorsViewModel: ScreenModel {}
extension OrganizationViewModel: ScreenModel {}
extension OrganizationListViewModel: ScreenModel {}
extension BlobViewModel: ScreenModel {}
extension ImageViewModel: ScreenModel {}
extension IssueViewModel: ScreenModel {}
extension UserViewModel: ScreenModel {}
extension SettingsViewModel: ScreenModel {}

/// Forms load nothing, so there is nothing to reload or stop; a submit already sent finishes (a login lands in the
/// keyring, a new issue on the server) even when the person has gone back.
extension LoginViewModel: ScreenModel {
    public func start() {}
    public func refresh() {}
    public func cancel() {}
}
extension CreateIssueViewModel: ScreenModel {
    public func start() {}
    public func refresh() {}
    public func cancel() {
        wasLeft = true
        writes.leave()
    }
}

extension Coordinator {
    /// Reloads what the person is looking at: the top page, or the list of the current tab.
    public func refreshCurrent() {
        if let top = stack.last {
            top.model.refresh()
            return
        }
        switch selectedTab {
        case .projects:
            let lists = projectsTab.lists
            if lists.indices.contains(projectsTab.selectedIndex) { lists[projectsTab.selectedIndex].refresh() }
        case .discover: discoverTab.refresh()
        case .mine: mineTab.refresh()
        }
    }
}

extension DiscoverViewModel {
    public func refresh() { isSearching ? refreshResults() : languages.refresh() }
}
