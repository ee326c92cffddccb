import CGtk
import GLibRuntime
import MayunCore

/// One pull request: title, state, author, branches, the rendered body, then its changed files (the diff view
/// commits use), its commits (a click opens one) and the comments (more load on demand).
@MainActor
final class PullRequestPage: Page {
    private let viewModel: PullRequestViewModel
    private let states: StateStack
    private let header: IssueHeader
    private let branches: Widget
    private let filesHeading: Widget
    private let files: Widget
    private let commitsHeading: Widget
    private let commits: Widget
    private var commitSHAs: [String] = []
    private let comments: CommentThread<PullRequestViewModel>

    init(viewModel: PullRequestViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        header = IssueHeader(source: viewModel, images: images, bylineWraps: false, bindings: bindings) {
            viewModel.isMerged ? "issue-closed" : viewModel.isOpen ? "issue-open" : "pull-closed"
        }
        branches = Build.label("", classes: ["monospace"], wrap: true, xalign: 0)
        gtk_label_set_selectable(opaque(branches), 1)
        filesHeading = Build.label("", classes: ["heading"], xalign: 0)
        files = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        commitsHeading = Build.label("", classes: ["heading"], xalign: 0)
        commits = widget(gtk_list_box_new())
        Build.addClasses(commits, ["boxed-list"])
        gtk_list_box_set_selection_mode(opaque(commits), GTK_SELECTION_NONE)
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["issue-page", "pull-request-page"])
        let scroller = widget(gtk_scrolled_window_new())
        states = StateStack(content: scroller, failureTitle: tr("Could not load this pull request")) { viewModel.refresh() }
        comments = CommentThread(source: viewModel, images: images, bindings: bindings)
        super.init(root: states.root, bindings: bindings)

        Build.margins(column, 24)
        Build.append(column, header.heading, header.meta, branches, header.body, header.bodyView.root, filesHeading, files,
                     commitsHeading, commits, comments.root)
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(scroller), column)
        connect(raw(commits), "row-activated", mainWithArguments: { [unowned self] arguments in
            guard let row = arguments.object(at: 1) else { return nil }
            let index = Int(gtk_list_box_row_get_index(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkListBoxRow.self)))
            if commitSHAs.indices.contains(index) { viewModel.openCommit(commitSHAs[index]) }
            return nil
        })

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in gtk_label_set_text(opaque(branches), viewModel.branches) }
        bindings.bind { [unowned self] in showFiles(viewModel.files, heading: viewModel.filesHeading,
                                                    state: viewModel.fileList.state) }
        bindings.bind { [unowned self] in showCommits(viewModel.commits, heading: viewModel.commitsHeading,
                                                      state: viewModel.commitList.state) }
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }

    private func showFiles(_ list: [(title: String, patch: String)], heading: String, state: ScreenState) {
        while let child = gtk_widget_get_first_child(files) { gtk_box_remove(typed(files), child) }
        switch state {
        case .failed(let message):
            gtk_label_set_text(opaque(filesHeading), tr("Files changed"))
            Build.append(files, Build.label(message, classes: ["dim-label"], wrap: true, xalign: 0))
        case .content, .empty:
            gtk_label_set_text(opaque(filesHeading), heading)
            for file in list {
                Build.append(files, Build.label(file.title, classes: ["monospace", "heading"], wrap: true, xalign: 0),
                             DiffView.make(file.patch))
            }
        case .loading, .notLoaded:
            gtk_label_set_text(opaque(filesHeading), tr("Files changed"))
            Build.append(files, Build.label(tr("Loading…"), classes: ["dim-label"], xalign: 0))
        }
    }

    private func showCommits(_ list: [(sha: String, title: String, byline: String)], heading: String, state: ScreenState) {
        while let child = gtk_widget_get_first_child(commits) { gtk_list_box_remove(opaque(commits), child) }
        commitSHAs = list.map(\.sha)
        gtk_label_set_text(opaque(commitsHeading), state == .content ? heading : tr("Commits"))
        gtk_widget_set_visible(commits, list.isEmpty ? 0 : 1)
        for commit in list {
            let row = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 2, classes: ["nav-row"])
            Build.append(row, Build.label(commit.title, wrap: true, xalign: 0),
                         Build.label(commit.byline, classes: ["dim-label", "caption"], xalign: 0))
            gtk_list_box_append(opaque(commits), row)
        }
    }
}
