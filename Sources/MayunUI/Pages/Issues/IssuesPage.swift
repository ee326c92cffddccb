import MayunCore

/// A project's issues: Open / Closed / All, New Issue, and the list.
@MainActor
final class IssuesPage: Page {
    private let viewModel: IssuesViewModel
    private let list: PagedListView<GiteeIssue>

    init(viewModel: IssuesViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = PagedListView(list: viewModel.issues, adapter: SimpleRowView.adapter(
            row: { viewModel.row(at: $0) }, activate: { viewModel.activate(at: $0) },
            retryMore: { viewModel.issues.retry() }, images: images), accessibleName: tr("Issues"),
            bindings: bindings)
        RowContextMenu.install(on: list) { viewModel.menu(at: $0) }
        let filters = FilterButtons.row(viewModel.filters, selected: viewModel.filter) { viewModel.selectFilter($0) }
        let create = Button(label: viewModel.newIssueTitle, classes: ["suggested-action"])
        create.onClicked { viewModel.newIssue() }
        let root = BarOverList.make(leading: [filters], trailing: [create], spacing: 8, list: list)
        super.init(root: root, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
