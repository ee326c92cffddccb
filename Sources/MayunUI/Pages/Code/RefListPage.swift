import GtkKit
import MayunCore

/// A project's branches or tags; a row opens the files at that ref.
@MainActor
final class RefListPage<Item: Sendable>: Page {
    private let viewModel: RefListViewModel<Item>
    private let list: PagedListView<Item>

    init(viewModel: RefListViewModel<Item>) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = PagedListView(list: viewModel.refs, adapter: SimpleRowView.adapter(
            row: { viewModel.row(at: $0) }, activate: { viewModel.activate(at: $0) },
            retryMore: { viewModel.refs.retry() }), accessibleName: viewModel.title, bindings: bindings)
        RowContextMenu.install(on: list) { viewModel.menu(at: $0) }
        let repository = Label(viewModel.repo.description, classes: ["heading"], xalign: 0)
        let root = BarOverList.make(leading: [repository], trailing: [], spacing: 8, list: list)
        super.init(root: root, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
