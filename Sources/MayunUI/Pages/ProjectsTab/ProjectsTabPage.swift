import GiteeKit
import GtkKit
import MayunCore

/// The Projects tab: a notebook with Featured, Popular and Latest.
@MainActor
package final class ProjectsTabPage: GtkKit.Page {
    private let viewModel: ProjectsTabViewModel
    /// Each list is built the first time its notebook page is shown (Popular and Latest are not in the first frame).
    private var listPages: [LazyPage] = []
    /// The lists in notebook order (benchmarks drive them); asking builds the ones not shown yet.
    var lists: [ProjectListPage] { listPages.compactMap { $0.build() as? ProjectListPage } }
    /// The first list (Featured), if it has been shown.
    var firstListIfBuilt: ProjectListPage? { listPages.first?.page as? ProjectListPage }

    init(viewModel: ProjectsTabViewModel, factory: PageFactory) {
        self.viewModel = viewModel
        // The page's root: not kept here (it holds the page); its bindings hold only its address.
        let notebook = Notebook()
        notebook.isScrollable = false
        notebook.addClasses(["projects-notebook"])
        super.init(root: notebook)
        for list in viewModel.lists {
            let page = LazyPage { factory.makeProjectList(list) }
            notebook.appendWithNamedTab(page, title: list.title)
            listPages.append(page)
        }
        notebook.onSwitchPage { [unowned self] index in self.viewModel.select(index: index) }
        notebook.bindCurrentPage(in: bindings) { [unowned self] in self.viewModel.selectedIndex }
    }
}

extension ProjectsTabPage {
    /// Featured, Popular and Latest in notebook order, for `make bench`'s list and scroll probes; asking builds the
    /// ones not shown yet.
    package var projectListViews: [PagedListView<GiteeProject>] { lists.map(\.listView) }
    /// Featured, if it has been shown (the start-up probe must not build it).
    package var firstProjectListViewIfBuilt: PagedListView<GiteeProject>? { firstListIfBuilt?.listView }
}
