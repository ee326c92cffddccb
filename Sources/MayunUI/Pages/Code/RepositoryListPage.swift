import GiteeKit
import GtkKit
import MayunCore

/// A list of a project's things under the project's name: its branches or tags (a row opens the files at that ref)
/// or its contributors (rows open nothing: they are not accounts).
@MainActor
final class RepositoryListPage<Model: SimpleRowList & RowMenus & InRepository>: GtkKit.Page {
    private let viewModel: Model
    private let list: PagedListView<Model.Item>

    init(viewModel: Model) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = makeSimpleList(viewModel, bindings: bindings)
        let repository = Label(viewModel.repo.description, classes: ["heading"], xalign: 0)
        let root = BarOverList.make(leading: [repository], trailing: [], spacing: 8, list: list)
        super.init(root: root, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}

/// A view model of one project's things.
@MainActor
protocol InRepository {
    var repo: RepositoryID { get }
}

extension RefListViewModel: SimpleRowList, RowMenus, InRepository {
    var items: PagedListViewModel<Item> { refs }
    func listRow(at index: Int) -> SimpleRow? { row(at: index) }
}

extension ContributorsViewModel: SimpleRowList, RowMenus, InRepository {
    var items: PagedListViewModel<GiteeContributor> { contributors }
    func listRow(at index: Int) -> SimpleRow? { row(at: index) }
}
