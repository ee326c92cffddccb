/// A screen that F5 / Ctrl+R reloads.
@MainActor
public protocol Refreshable: AnyObject {
    func refresh()
}

extension ProjectListViewModel: Refreshable {
    public func refresh() { list.refresh() }
}
extension ProjectViewModel: Refreshable {}
extension TreeViewModel: Refreshable {
    public func refresh() { entries.refresh() }
}
extension CommitsViewModel: Refreshable {
    public func refresh() { commits.refresh() }
}
extension CommitViewModel: Refreshable {
    public func refresh() { load() }
}
extension DiscoverViewModel: Refreshable {
    public func refresh() { isSearching ? results.refresh() : languages.refresh() }
}

extension Coordinator {
    /// Reloads what the person is looking at: the top page, or the list of the current tab.
    public func refreshCurrent() {
        if let top = stack.last {
            (top.viewModel as? Refreshable)?.refresh()
            return
        }
        switch selectedTab {
        case .projects:
            let lists = projectsTab.lists
            if lists.indices.contains(projectsTab.selectedIndex) { lists[projectsTab.selectedIndex].refresh() }
        case .discover: discoverTab.refresh()
        case .mine: (mineTab as AnyObject as? Refreshable)?.refresh()
        }
    }
}
