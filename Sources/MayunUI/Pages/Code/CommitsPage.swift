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
            row: { viewModel.row(at: $0) }, activate: { viewModel.activate(at: $0) },
            retryMore: { viewModel.commits.retry() }), accessibleName: tr("Commits"), bindings: bindings)
        branches = BranchPicker(current: viewModel.branchTitle) { viewModel.selectBranch($0) }
        let repository = Label(viewModel.repo.description, classes: ["heading"], xalign: 0)
        let root = BarOverList.make(leading: [repository], trailing: [branches], spacing: 8, list: list)
        super.init(root: root, bindings: bindings)
        bindings.bind { [unowned self] in branches.show(branches: viewModel.branches, current: viewModel.branchTitle) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}

/// One commit: message, author and stats, then each changed file's patch highlighted as a diff.
@MainActor
final class CommitPage: Page {
    private let viewModel: CommitViewModel
    private let column = Box(.vertical, spacing: 12, classes: ["commit-page"])
    private let states: StateStack

    init(viewModel: CommitViewModel) {
        self.viewModel = viewModel
        column.setMargins(20)
        let scroller = ScrolledWindow()
        scroller.setChild(column)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this commit")) { viewModel.refresh() }
        super.init(root: states.root)
        bindings.bind { [unowned self] in
            if viewModel.state == .content { fill() }
            states.show(viewModel.state)
        }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func fill() {
        column.removeAll()
        let message = Label(viewModel.message, classes: ["commit-message"], wrap: true, xalign: 0)
        message.isSelectable = true
        column.append(message, Label(viewModel.byline, classes: ["dim-label"], xalign: 0),
                      Label(viewModel.stats, classes: ["heading"], xalign: 0))
        for file in viewModel.files {
            column.append(Label(file.title, classes: ["monospace", "heading"], xalign: 0), DiffView(file.patch))
        }
    }
}
