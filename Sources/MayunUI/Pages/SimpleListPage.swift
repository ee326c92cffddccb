import GtkKit
import MayunCore

/// A view model shown as a paged list of `SimpleRow`s. Each names its list and its rows in its own words; the
/// conformances below map them.
@MainActor
protocol SimpleRowList: AnyObject {
    associatedtype Item: Sendable
    var title: String { get }
    var items: PagedListViewModel<Item> { get }
    func listRow(at index: Int) -> SimpleRow?
    func activate(at index: Int)
    func start()
}

/// A `SimpleRowList` whose rows have a context menu.
@MainActor
protocol RowMenus {
    func menu(at index: Int) -> [RowMenuItem]
}

/// A `SimpleRowList` that asks early what the row under the pointer (or keyboard focus) opens (`Prefetcher`).
@MainActor
protocol RowInterest {
    func interest(at index: Int?)
}

/// The list of a `SimpleRowList` (avatars when `images` is given), with its rows' context menu when it has one.
/// `accessibleName` defaults to the view model's title.
@MainActor
func makeSimpleList<Model: SimpleRowList>(_ model: Model, images: ImageLoader? = nil, accessibleName: String? = nil,
                                          bindings: BindingBag) -> PagedListView<Model.Item> {
    let items = model.items
    var adapter = SimpleRowView.adapter(row: { model.listRow(at: $0) }, activate: { model.activate(at: $0) },
                                        images: images)
    if let interested = model as? any RowInterest { adapter.interest = { interested.interest(at: $0) } }
    let list = PagedListView(list: items, adapter: adapter, accessibleName: accessibleName ?? model.title,
                             bindings: bindings)
    if let menus = model as? any RowMenus { RowContextMenu.install(on: list) { menus.menu(at: $0) } }
    return list
}

/// A page that is one list and nothing else: followers or following (and an organisation's members), the
/// organisations of the person logged in (from Mine), a project's releases.
@MainActor
final class SimpleListPage<Model: SimpleRowList>: Page {
    private let viewModel: Model
    private let list: PagedListView<Model.Item>

    init(viewModel: Model, images: ImageLoader? = nil) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = makeSimpleList(viewModel, images: images, bindings: bindings)
        super.init(root: list, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}

extension PeopleListViewModel: SimpleRowList, RowMenus {
    var items: PagedListViewModel<GiteeUser> { people }
    func listRow(at index: Int) -> SimpleRow? { row(at: index) }
}

extension OrganizationListViewModel: SimpleRowList {
    var items: PagedListViewModel<GiteeOrganization> { organizations }
    func listRow(at index: Int) -> SimpleRow? { row(at: index) }
}

extension ReleasesViewModel: SimpleRowList {
    var items: PagedListViewModel<GiteeRelease> { releases }
    func listRow(at index: Int) -> SimpleRow? { row(at: index) }
}
