import CGtk
import GLibRuntime
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
        let filters = Build.box(GTK_ORIENTATION_HORIZONTAL, classes: ["linked"])
        var first: Widget?
        for option in viewModel.filters {
            let button = widget(gtk_toggle_button_new_with_label(option.title))
            if let first { gtk_toggle_button_set_group(typed(button), typed(first)) } else { first = button }
            gtk_toggle_button_set_active(typed(button), option.state == viewModel.filter ? 1 : 0)
            connect(raw(button), "toggled", main: {
                if gtk_toggle_button_get_active(typed(button)) != 0 { viewModel.selectFilter(option.state) }
            })
            Build.append(filters, button)
        }
        let create = widget(gtk_button_new_with_label(viewModel.newIssueTitle))
        Build.addClasses(create, ["suggested-action"])
        connect(raw(create), "clicked", main: { viewModel.newIssue() })
        let root = BarOverList.make(leading: [filters], trailing: [create], spacing: 8, list: list.root)
        super.init(root: root, bindings: bindings)
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }
}
