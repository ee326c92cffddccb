import GtkKit
import MayunCore

/// Who committed to a project: names, e-mails and commit counts (rows open nothing: they are not accounts).
@MainActor
final class ContributorsPage: Page {
    private let viewModel: ContributorsViewModel
    private let list: PagedListView<GiteeContributor>

    init(viewModel: ContributorsViewModel) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = PagedListView(list: viewModel.contributors, adapter: SimpleRowView.adapter(
            row: { viewModel.row(at: $0) }, activate: { viewModel.activate(at: $0) },
            retryMore: { viewModel.contributors.retry() }), accessibleName: viewModel.title, bindings: bindings)
        RowContextMenu.install(on: list) { viewModel.menu(at: $0) }
        let repository = Label(viewModel.repo.description, classes: ["heading"], xalign: 0)
        let root = BarOverList.make(leading: [repository], trailing: [], spacing: 8, list: list)
        super.init(root: root, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
