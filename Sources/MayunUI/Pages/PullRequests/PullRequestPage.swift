import GtkKit
import MayunCore

/// One pull request in two tabs: Conversation (title, state, author, branches, the rendered body, its checks, its commits (a click
/// opens one), the comments (more loading on demand; one's own editable), the composer, and a member's merge box)
/// and Files changed (the diff view commits use, which scrolls on its own so that it builds only the rows on screen).
@MainActor
package final class PullRequestPage: Page {
    let viewModel: PullRequestViewModel
    private let states: StateStack
    private let branches = Label(classes: ["monospace"], wrap: true, xalign: 0)
    private let filesState = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    private let notebook = Notebook()
    package let diff: DiffView
    private let commitsHeading = Label(classes: ["heading"], xalign: 0)
    private let commits = BoxedList()
    let actions: PullRequestActionsView
    /// The header, the comments, the composer, and a merge, Close or Reopen, Approve or Pass test waiting in the
    /// outbox (one line each with Cancel).
    private let parts: ThreadParts<PullRequestViewModel>
    let reviews: PullRequestReviewsView
    /// The head commit's checks: overall state, each check, the annotations listed.
    let checks: ChecksView
    /// Line comment threads and the line composer, drawn under their lines in Files changed.
    let lineComments: LineCommentViews

    init(viewModel: PullRequestViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        parts = ThreadParts(viewModel: viewModel, images: images, bylineWraps: false, bindings: bindings) {
            viewModel.isMerged ? "issue-closed" : viewModel.isOpen ? "issue-open" : "pull-closed"
        }
        branches.isSelectable = true
        let column = Box(.vertical, spacing: 12, classes: ["issue-page", "pull-request-page"])
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        actions = PullRequestActionsView(viewModel: viewModel, bindings: bindings)
        diff = DiffView(model: viewModel.diff, bindings: bindings)
        reviews = PullRequestReviewsView(viewModel: viewModel, bindings: bindings)
        checks = ChecksView(checks: viewModel.checks, bindings: bindings)
        lineComments = LineCommentViews(viewModel: viewModel, images: images, bindings: bindings)
        diff.annotations = lineComments
        let filesTab = Box(.vertical)
        filesState.setMargins(12)
        filesTab.append(filesState)
        filesTab.append(diff)
        let tabs = notebook
        tabs.appendWithNamedTab(scroller, title: tr("Conversation"))
        tabs.appendWithNamedTab(filesTab, title: tr("Files changed"))
        states = StateStack(content: notebook, failureTitle: tr("Could not load this pull request")) { viewModel.refresh() }
        super.init(root: states, bindings: bindings)

        column.setMargins(24)
        let header = parts.header
        column.append(header.heading, header.meta, branches, header.body)
        column.append(header.bodyView)
        column.append(checks)
        column.append(commitsHeading, commits)
        column.append(reviews)
        column.append(parts.comments)
        column.append(parts.composer)
        column.append(actions)
        column.append(parts.waitingChanges.root)
        scroller.setChild(column)
        if viewModel.opensFiles { showFiles() }

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in branches.text = viewModel.branches }
        bindings.bind { [unowned self] in showFilesState(viewModel.fileList.state) }
        bindings.bind { [unowned self] in showCommits(viewModel.commits, heading: viewModel.commitsHeading,
                                                      state: viewModel.commitList.state) }
        onMap { viewModel.start() }
    }

    package override var title: String { viewModel.title }

    /// Files changed shows a sentence while the files load or when they failed; the diff view does the rest.
    private func showFilesState(_ state: ScreenState) {
        switch state {
        case .failed(let message): filesState.text = message
        case .loading, .notLoaded: filesState.text = tr("Loading…")
        case .content, .empty: filesState.text = ""
        }
        filesState.isVisible = !filesState.text.isEmpty
    }

    /// Shows the Files changed tab (tests, and a link to a pull request's files).
    package func showFiles() { notebook.currentPage = 1 }
    /// Shows the Conversation tab (tests).
    func showConversation() { notebook.currentPage = 0 }

    private func showCommits(_ list: [(sha: String, title: String, byline: String)], heading: String, state: ScreenState) {
        commits.removeAll()
        commitsHeading.text = state == .content ? heading : tr("Commits")
        commits.isVisible = !list.isEmpty
        for commit in list {
            let row = Box(.vertical, spacing: 2, classes: ["nav-row"])
            row.append(Label(commit.title, wrap: true, xalign: 0),
                       Label(commit.byline, classes: ["dim-label", "caption"], xalign: 0))
            commits.append(row) { [unowned self] in viewModel.openCommit(commit.sha) }
        }
    }
}
