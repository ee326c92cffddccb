import GtkKit
import MayunCore

/// Followers or following: a list of people.
@MainActor
final class PeopleListPage: Page {
    private let viewModel: PeopleListViewModel
    private let list: PagedListView<GiteeUser>

    init(viewModel: PeopleListViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = PagedListView(list: viewModel.people, adapter: SimpleRowView.adapter(
            row: { viewModel.row(at: $0) }, activate: { viewModel.activate(at: $0) },
            retryMore: { viewModel.people.retry() }, images: images), accessibleName: viewModel.title,
            bindings: bindings)
        RowContextMenu.install(on: list) { viewModel.menu(at: $0) }
        super.init(root: list, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
