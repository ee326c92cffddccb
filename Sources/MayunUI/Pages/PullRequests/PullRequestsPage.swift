import GiteeKit
import MayunCore

/// A project's pull requests: Open / Merged / Closed / All, and the list.
@MainActor
final class PullRequestsPage: Page {
    private let viewModel: PullRequestsViewModel
    private let list: PagedListView<GiteeKit.PullRequest>

    init(viewModel: PullRequestsViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = PagedListView(list: viewModel.pullRequests, adapter: SimpleRowView.adapter(
            row: { viewModel.row(at: $0) }, activate: { viewModel.activate(at: $0) },
            retryMore: { viewModel.pullRequests.retry() }, images: images), accessibleName: tr("Pull Requests"),
            bindings: bindings)
        let filters = FilterButtons.row(viewModel.filters, selected: viewModel.filter) { viewModel.selectFilter($0) }
        // Whole or not at all: as a plain label it held a phone-sized window 100 px wider, and ellipsized it showed
        // "…t" there (the page's title and the page before it name the project anyway).
        let repository = Squeezer(Label(viewModel.repo.description, classes: ["dim-label"], xalign: 1))
        let root = BarOverList.make(leading: [filters], trailing: [repository], spacing: 8, list: list)
        super.init(root: root, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
