import GiteeKit
import GtkKit
import MayunCore

/// A project's pull requests: Open / Merged / Closed / All, the sort and whose (remembered per project), "New Pull
/// Request" for members and people with a fork, and the list.
@MainActor
final class PullRequestsPage: GtkKit.Page {
    private let viewModel: PullRequestsViewModel
    private let list: PagedListView<GiteeKit.PullRequest>
    private let sort: DropDown
    private let scope: DropDown
    private let newButton: Button

    init(viewModel: PullRequestsViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = makeSimpleList(viewModel, images: images, bindings: bindings)
        let filters = FilterButtons.row(viewModel.filters, selected: viewModel.filter) { viewModel.selectFilter($0) }
        sort = DropDown(viewModel.sortChoices.map(\.title))
        sort.accessibleLabel = tr("Sort")
        scope = DropDown(viewModel.scopeChoices.map(\.title))
        scope.accessibleLabel = tr("Whose pull requests")
        newButton = Button(label: viewModel.newPullRequestTitle, classes: ["suggested-action"])
        // Whole or not at all: as a plain label it held a phone-sized window 100 px wider, and ellipsized it showed
        // "…t" there (the page's title and the page before it name the project anyway).
        let repository = Squeezer(Label(viewModel.repo.description, classes: ["dim-label"], xalign: 1))
        let listWithBar = BarOverList.make(leading: [filters], trailing: [repository], spacing: 8, list: list)
        let options = Box(.horizontal, spacing: 8)
        options.setMargins(8)
        options.append(sort, scope, Box.spacer(), newButton)
        let root = Box(.vertical)
        root.append(options, listWithBar)
        listWithBar.vexpand = true
        super.init(root: root, bindings: bindings)

        sort.onSelected { [unowned viewModel] index in
            let choices = viewModel.sortChoices
            if choices.indices.contains(index) { viewModel.selectSort(choices[index].sort) }
        }
        scope.onSelected { [unowned viewModel] index in
            let choices = viewModel.scopeChoices
            if choices.indices.contains(index) { viewModel.selectScope(choices[index].scope) }
        }
        newButton.onClicked { [unowned viewModel] in viewModel.createNew() }
        bindings.bind { [unowned self] in
            let choices = viewModel.scopeChoices
            scope.replaceOptions(choices.map(\.title), selected: choices.firstIndex { $0.scope == viewModel.current.scope } ?? 0)
            scope.isVisible = choices.count > 1
            sort.selectedIndex = viewModel.sortChoices.firstIndex { $0.sort == viewModel.current.sort } ?? 0
            newButton.isVisible = viewModel.canCreate
        }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}

extension PullRequestsViewModel: SimpleRowList, RowInterest {
    var items: PagedListViewModel<GiteeKit.PullRequest> { pullRequests }
    func listRow(at index: Int) -> SimpleRow? { row(at: index) }
}
