import CGtk
import GLibRuntime
import MayunCore

/// The Projects tab: a notebook with Featured, Popular and Latest.
@MainActor
final class ProjectsTabPage: Page {
    private let viewModel: ProjectsTabViewModel
    private let notebook: Widget
    /// Each list is built the first time its notebook page is shown (Popular and Latest are not in the first frame).
    private var listPages: [LazyPage] = []
    /// The lists in notebook order (benchmarks drive them); asking builds the ones not shown yet.
    var lists: [ProjectListPage] { listPages.compactMap { $0.build() as? ProjectListPage } }
    /// The first list (Featured), if it has been shown.
    var firstListIfBuilt: ProjectListPage? { listPages.first?.page as? ProjectListPage }

    init(viewModel: ProjectsTabViewModel, factory: PageFactory) {
        self.viewModel = viewModel
        notebook = widget(gtk_notebook_new())
        Build.addClasses(notebook, ["projects-notebook"])
        super.init(root: notebook)
        for list in viewModel.lists {
            let page = LazyPage { factory.makeProjectList(list) }
            appendNotebookPage(notebook, page.placeholder, title: list.title)
            listPages.append(page)
        }
        connect(raw(notebook), "switch-page", mainWithArguments: { [unowned self] arguments in
            viewModel.select(index: Int(arguments.uint(at: 2)))
            return nil
        })
        bindings.bind { [unowned self] in
            let index = Int32(viewModel.selectedIndex)
            if gtk_notebook_get_current_page(opaque(notebook)) != index {
                gtk_notebook_set_current_page(opaque(notebook), index)
            }
        }
    }
}
