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
        branches = BranchPicker(current: viewModel.branchTitle) { viewModel.selectBranch($0) }
        let repository = Label(viewModel.repo.description, classes: ["heading"], xalign: 0)
        let root = BarOverList.make(leading: [repository], trailing: [branches], spacing: 8, list: list)
        super.init(root: root, bindings: bindings)
        bindings.bind { [unowned self] in branches.show(branches: viewModel.branches, current: viewModel.branchTitle) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
