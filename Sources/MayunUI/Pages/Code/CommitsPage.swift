import CGtk
import GLibRuntime
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
        let repository = Build.label(viewModel.repo.description, classes: ["heading"], xalign: 0)
        let root = BarOverList.make(leading: [repository], trailing: [branches.root], spacing: 8, list: list.root)
        super.init(root: root, bindings: bindings)
        bindings.bind { [unowned self] in branches.show(branches: viewModel.branches, current: viewModel.branchTitle) }
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }
}

/// One commit: message, author and stats, then each changed file's patch highlighted as a diff.
@MainActor
final class CommitPage: Page {
    private let viewModel: CommitViewModel
    private let column: Widget
    private let states: StateStack

    init(viewModel: CommitViewModel) {
        self.viewModel = viewModel
        column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["commit-page"])
        Build.margins(column, 20)
        let scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(opaque(scroller), column)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this commit")) { viewModel.refresh() }
        super.init(root: states.root)
        bindings.bind { [unowned self] in
            if viewModel.state == .content { fill() }
            states.show(viewModel.state)
        }
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }

    private func fill() {
        while let child = gtk_widget_get_first_child(column) { gtk_box_remove(typed(column), child) }
        let message = Build.label(viewModel.message, classes: ["commit-message"], wrap: true, xalign: 0)
        gtk_label_set_selectable(opaque(message), 1)
        Build.append(column, message, Build.label(viewModel.byline, classes: ["dim-label"], xalign: 0),
                     Build.label(viewModel.stats, classes: ["heading"], xalign: 0))
        for file in viewModel.files {
            Build.append(column, Build.label(file.title, classes: ["monospace", "heading"], xalign: 0),
                         DiffView.make(file.patch))
        }
    }
}

/// A read-only GtkSourceView showing a patch with the "diff" language.
@MainActor
enum DiffView {
    static func make(_ patch: String) -> Widget {
        let buffer = gtk_source_buffer_new(nil)!
        if let manager = gtk_source_language_manager_get_default(),
           let language = gtk_source_language_manager_get_language(manager, "diff") {
            gtk_source_buffer_set_language(buffer, language)
        }
        gtk_text_buffer_set_text(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self), patch, -1)
        let view = widget(gtk_source_view_new_with_buffer(buffer))
        g_object_unref(UnsafeMutableRawPointer(buffer))
        gtk_text_view_set_editable(typed(view), 0)
        gtk_text_view_set_monospace(typed(view), 1)
        Build.addClasses(view, ["diff-view"])
        return view
    }
}
