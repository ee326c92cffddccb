import GtkKit
import MayunCore

/// A branch's commits with a branch switch.
@MainActor
final class CommitsPage: Page {
    private let viewModel: CommitsViewModel
    private let list: PagedListView<GiteeCommit>
    private let branches: BranchPicker

    init(viewModel: CommitsViewModel) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = PagedListView(list: viewModel.commits, adapter: SimpleRowView.adapter(
            row: { viewModel.row(at: $0) }, activate: { viewModel.activate(at: $0) }),
            accessibleName: tr("Commits"), bindings: bindings)
        branches = BranchPicker(following: viewModel.branch, bindings: bindings)
        let repository = Label(viewModel.repo.description, classes: ["heading"], xalign: 0)
        let root = BarOverList.make(leading: [repository], trailing: [branches], spacing: 8, list: list)
        super.init(root: root, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
