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
            retryMore: { viewModel.entries.retry() }), bindings: bindings)
        branches = BranchPicker(current: viewModel.branchTitle) { viewModel.selectBranch($0) }
        let root = Build.box(GTK_ORIENTATION_VERTICAL)
        super.init(root: root, bindings: bindings)

        let bar = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4, classes: ["path-bar"])
        Build.margins(bar, 8)
        for (index, crumb) in viewModel.breadcrumb.enumerated() {
            if index > 0 { Build.append(bar, Build.label("/", classes: ["dim-label"])) }
            let button = widget(gtk_button_new_with_label(crumb.title))
            Build.addClasses(button, ["flat", "crumb"])
            connect(raw(button), "clicked", main: { viewModel.openCrumb(crumb.path) })
            Build.append(bar, button)
        }
        let spacer = Build.box(GTK_ORIENTATION_HORIZONTAL)
        gtk_widget_set_hexpand(spacer, 1)
        Build.append(bar, spacer, branches.root)
        gtk_widget_set_vexpand(list.root, 1)
        Build.append(root, bar, list.root)
        bindings.bind { [unowned self] in branches.show(branches: viewModel.branches, current: viewModel.branchTitle) }
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }
}
