import GtkKit
import MayunCore

/// A list of projects (Featured, Popular, Latest, a language, search results): rows with infinite scroll.
@MainActor
final class ProjectListPage: Page {
    private let viewModel: ProjectListViewModel
    let listView: PagedListView<GiteeProject>

    init(viewModel: ProjectListViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        var adapter = RowAdapter(
            make: { ProjectRowView(images: images) },
            bind: { row, index in
                guard let row = row as? ProjectRowView, let project = viewModel.row(at: index) else { return }
                row.show(project)
            },
            activate: { viewModel.activate(at: $0) })
        adapter.minimumRowHeight = ProjectRowView.minimumHeight
        adapter.interest = { viewModel.interest(at: $0) }
        listView = PagedListView(list: viewModel.list, adapter: adapter, accessibleName: tr("Projects"),
                                 bindings: bindings)
        RowContextMenu.install(on: listView) { viewModel.menu(at: $0) }
        super.init(root: listView, bindings: bindings)
        // Lists load when first shown, so hidden notebook pages cost nothing at start-up.
        onMap { viewModel.list.start() }
    }

    override var title: String { viewModel.title }
}
