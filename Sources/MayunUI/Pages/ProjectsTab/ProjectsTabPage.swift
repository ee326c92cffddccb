import CGtk
import GLibRuntime
import MayunCore

/// The Projects tab: a notebook with Featured, Popular and Latest.
@MainActor
final class ProjectsTabPage: Page {
    private let viewModel: ProjectsTabViewModel
    private let notebook: Widget
    private var listPages: [Page] = []
    /// The lists in notebook order (benchmarks drive them).
    var lists: [ProjectListPage] { listPages.compactMap { $0 as? ProjectListPage } }

    init(viewModel: ProjectsTabViewModel, factory: PageFactory) {
        self.viewModel = viewModel
        notebook = widget(gtk_notebook_new())
        Build.addClasses(notebook, ["projects-notebook"])
        super.init(root: notebook)
        for list in viewModel.lists {
            let page = factory.makeProjectList(list)
            appendNotebookPage(notebook, page.root, title: list.title)
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
