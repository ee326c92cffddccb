import GiteeKit
import MayunCore

/// What the window asks of the pages. The kit cannot name a page (the pages are built on it, in MayunUI), so the
/// window and the navigation stack take this; MayunUI's `PageFactory` conforms, handed in by the composition root
/// through `Services.makePages`.
@MainActor
package protocol PageMaking {
    func makePage(for screen: Screen) -> Page
    // The tabs' pages (they live as long as the window).
    func makeProjectsTab(_ tab: ProjectsTabViewModel) -> Page
    func makeDiscoverTab(_ tab: DiscoverViewModel) -> Page
    func makeMineTab(_ tab: MineViewModel) -> Page
}

/// The Projects tab's lists as `make bench`'s list and scroll probes reach them (through `BenchmarkWindow`):
/// MayunUI's `ProjectsTabPage` conforms.
@MainActor
package protocol ProjectListsTab: AnyObject {
    /// Featured, Popular and Latest in notebook order; asking builds the ones not shown yet.
    var projectListViews: [PagedListView<GiteeProject>] { get }
    /// Featured, if it has been shown (the start-up probe must not build it).
    var firstProjectListViewIfBuilt: PagedListView<GiteeProject>? { get }
}
