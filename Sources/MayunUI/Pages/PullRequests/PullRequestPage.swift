import MayunCore

/// One pull request: title, state, author, branches, the rendered body, then its changed files (the diff view
/// commits use), its commits (a click opens one) and the comments (more load on demand).
@MainActor
final class PullRequestPage: Page {
    private let viewModel: PullRequestViewModel
    private let states: StateStack
    private let header: IssueHeader
    private let branches = Label(classes: ["monospace"], wrap: true, xalign: 0)
    private let filesHeading = Label(classes: ["heading"], xalign: 0)
    private let files = Box(.vertical, spacing: 8)
    private let commitsHeading = Label(classes: ["heading"], xalign: 0)
    private let commits = BoxedList()
    private let comments: CommentThread<PullRequestViewModel>

    init(viewModel: PullRequestViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        header = IssueHeader(source: viewModel, images: images, bylineWraps: false, bindings: bindings) {
            viewModel.isMerged ? "issue-closed" : viewModel.isOpen ? "issue-open" : "pull-closed"
        }
        branches.isSelectable = true
        let column = Box(.vertical, spacing: 12, classes: ["issue-page", "pull-request-page"])
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this pull request")) { viewModel.refresh() }
        comments = CommentThread(source: viewModel, images: images, bindings: bindings)
        super.init(root: states.root, bindings: bindings)

        column.setMargins(24)
        column.append(header.heading, header.meta, branches, header.body)
        column.append(header.bodyView)
        column.append(filesHeading, files, commitsHeading, commits)
        column.append(comments)
        scroller.setChild(column)

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in branches.text = viewModel.branches }
        bindings.bind { [unowned self] in showFiles(viewModel.files, heading: viewModel.filesHeading,
                                                    state: viewModel.fileList.state) }
        bindings.bind { [unowned self] in showCommits(viewModel.commits, heading: viewModel.commitsHeading,
                                                      state: viewModel.commitList.state) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func showFiles(_ list: [(title: String, patch: String)], heading: String, state: ScreenState) {
        files.removeAll()
        switch state {
        case .failed(let message):
            filesHeading.text = tr("Files changed")
            files.append(Label(message, classes: ["dim-label"], wrap: true, xalign: 0))
        case .content, .empty:
            filesHeading.text = heading
            for file in list {
                files.append(Label(file.title, classes: ["monospace", "heading"], wrap: true, xalign: 0),
                             DiffView(file.patch))
            }
        case .loading, .notLoaded:
            filesHeading.text = tr("Files changed")
            files.append(Label(tr("Loading…"), classes: ["dim-label"], xalign: 0))
        }
    }

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
