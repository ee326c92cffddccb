import GtkKit
import MayunCore

/// A project's releases, newest first: tag and name, author, date, pre-release, the number of attached files.
@MainActor
final class ReleasesPage: Page {
    private let viewModel: ReleasesViewModel
    private let list: PagedListView<GiteeRelease>

    init(viewModel: ReleasesViewModel) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = PagedListView(list: viewModel.releases, adapter: SimpleRowView.adapter(
            row: { viewModel.row(at: $0) }, activate: { viewModel.activate(at: $0) },
            retryMore: { viewModel.releases.retry() }), accessibleName: tr("Releases"), bindings: bindings)
        super.init(root: list, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
