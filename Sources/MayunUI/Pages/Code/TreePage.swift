import GtkKit
import MayunCore

/// A folder of a repository: breadcrumb path and branch above the entries; folders drill down, files open.
@MainActor
final class TreePage: Page {
    private let viewModel: TreeViewModel
    private let list: PagedListView<GiteeContent>
    private let branches: BranchPicker
    private let writeBar: FolderWriteBar

    init(viewModel: TreeViewModel) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = PagedListView(list: viewModel.entries, adapter: SimpleRowView.adapter(
            row: { viewModel.row(at: $0) }, activate: { viewModel.activate(at: $0) }),
            accessibleName: tr("Code"), bindings: bindings)
        branches = BranchPicker(following: viewModel.branch, bindings: bindings)
        var crumbs: [WidgetObject] = []
        for (index, crumb) in viewModel.breadcrumb.enumerated() {
            if index > 0 { crumbs.append(Label("/", classes: ["dim-label"])) }
            let button = Button(label: crumb.title, classes: ["flat", "crumb"])
            button.onClicked { viewModel.openCrumb(crumb.path) }
            crumbs.append(button)
        }
        let listWithBar = BarOverList.make(leading: crumbs, trailing: [branches], spacing: 4, list: list)
        listWithBar.vexpand = true
        writeBar = FolderWriteBar(viewModel: viewModel, bindings: bindings)
        let root = Box(.vertical)
        root.append(listWithBar, writeBar.view)
        FileDrop.install(on: root) { [unowned writeBar] in writeBar.add($0) }
        super.init(root: root, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
