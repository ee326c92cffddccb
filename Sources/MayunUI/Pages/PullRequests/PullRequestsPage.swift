import CGtk
import GLibRuntime
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
        let repository = Build.label(viewModel.repo.description, classes: ["dim-label"], xalign: 1)
        let root = BarOverList.make(leading: [filters], trailing: [repository], spacing: 8, list: list.root)
        super.init(root: root, bindings: bindings)
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }
}
