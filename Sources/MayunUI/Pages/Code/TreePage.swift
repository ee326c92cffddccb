import CGtk
import GLibRuntime
import MayunCore

/// A folder of a repository: breadcrumb path and branch above the entries; folders drill down, files open.
@MainActor
final class TreePage: Page {
    private let viewModel: TreeViewModel
    private let list: PagedListView<GiteeContent>
    private let branches: BranchPicker

    init(viewModel: TreeViewModel) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = PagedListView(list: viewModel.entries, adapter: SimpleRowView.adapter(
            row: { viewModel.row(at: $0) }, activate: { viewModel.activate(at: $0) },
            retryMore: { viewModel.entries.retry() }), accessibleName: tr("Code"), bindings: bindings)
        branches = BranchPicker(current: viewModel.branchTitle) { viewModel.selectBranch($0) }
        var crumbs: [Widget] = []
        for (index, crumb) in viewModel.breadcrumb.enumerated() {
            if index > 0 { crumbs.append(Build.label("/", classes: ["dim-label"])) }
            let button = widget(gtk_button_new_with_label(crumb.title))
            Build.addClasses(button, ["flat", "crumb"])
            connect(raw(button), "clicked", main: { viewModel.openCrumb(crumb.path) })
            crumbs.append(button)
        }
        let root = BarOverList.make(leading: crumbs, trailing: [branches.root], spacing: 4, list: list.root)
        super.init(root: root, bindings: bindings)
        bindings.bind { [unowned self] in branches.show(branches: viewModel.branches, current: viewModel.branchTitle) }
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }
}
