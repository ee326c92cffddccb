import GtkKit
import MayunCore

/// Editing a text file and committing it (issue 27): the file in the code view, editable (same highlighting and
/// line numbers), a commit panel with the message and Commit, and after a refused commit because the file changed,
/// the newer version against the person's text with "Commit on top".
@MainActor
final class FileEditorPage: Page {
    private let viewModel: FileEditorViewModel
    private let stack = Stack()
    private let status: StatusView
    private let code: CodeView
    private let messageEntry: Entry
    private let commitButton: Button
    private let discardButton: Button
    private let branchLabel = Label(classes: ["dim-label"], xalign: 0, ellipsize: .end)
    private let draftError = Label(classes: ["error"], wrap: true, xalign: 0)
    private let conflictBox = Box(.vertical, spacing: 6, classes: ["card", "edit-conflict"])
    private let conflictLabel = Label(classes: ["warning"], wrap: true, xalign: 0)
    private var diff: DiffView?
    /// Commit to a new branch, then open a pull request (issue 27).
    private let branchEntry = Entry(text: "", placeholder: tr("New branch name"))
    private let branchError = Label(classes: ["error"], wrap: true, xalign: 0)
    private let committedLabel = Label(classes: ["success"], wrap: true, xalign: 0)
    private let openPullRequest = Button(label: "", classes: ["suggested-action"])
    private var shownText = false

    init(viewModel: FileEditorViewModel) {
        self.viewModel = viewModel
        status = StatusView(iconName: "content-loading-symbolic", title: tr("Loading…"))
        code = CodeView()
        messageEntry = Entry(text: viewModel.message, placeholder: tr("Commit message"))
        messageEntry.accessibleLabel = tr("Commit message")
        commitButton = Button(label: viewModel.commitTitle, classes: ["suggested-action"])
        discardButton = Button(label: tr("Discard Changes"))
        let root = Box(.vertical)
        super.init(root: root)
        let diff = DiffView(model: viewModel.diff, bindings: bindings)
        self.diff = diff

        code.setEditable(true)
        if let nightMode = viewModel.nightMode { code.follow(nightMode, in: bindings) }
        let panel = Box(.vertical, spacing: 6, classes: ["toolbar", "commit-panel"])
        panel.setMargins(8)
        // The message on its own line, the buttons under it: both fit at 360 px.
        let row = Box(.horizontal, spacing: 8)
        messageEntry.hexpand = true
        row.append(Box.spacer(), discardButton, commitButton)
        let destinations = FilterButtons.row(viewModel.destinationChoices.map { (state: $0.destination, title: $0.title) },
                                             selected: viewModel.destination) { viewModel.choose($0) }
        branchEntry.accessibleLabel = tr("New branch name")
        let offer = Box(.horizontal, spacing: 8)
        offer.append(committedLabel, Box.spacer(), openPullRequest)
        panel.append(branchLabel, destinations, branchEntry, branchError, messageEntry, row, draftError, offer)
        branchEntry.onChanged { viewModel.setNewBranchName($0) }
        openPullRequest.onClicked { viewModel.openPullRequest() }
        openPullRequest.label = viewModel.openPullRequestTitle
        bindings.bind { [unowned self] in
            let newBranch = viewModel.destination == .newBranch
            branchEntry.isVisible = newBranch
            if branchEntry.text != viewModel.newBranchName { branchEntry.text = viewModel.newBranchName }
            branchError.show(viewModel.newBranchError)
            committedLabel.show(viewModel.committedText)
            openPullRequest.isVisible = viewModel.committedText != nil
            branchLabel.isVisible = !newBranch
        }
        let onTop = Button(label: tr("Commit on Top"), classes: ["suggested-action"])
        let buttons = Box(.horizontal, spacing: 8)
        buttons.append(Box.spacer(), onTop)
        conflictBox.setMargins(8)
        conflictBox.append(conflictLabel, buttons)
        conflictBox.append(diff)
        conflictBox.isVisible = false
        stack.add(status, name: "status")
        stack.add(code, name: "code")
        stack.vexpand = true
        root.append(conflictBox)
        root.append(stack)
        root.append(Separator(), panel)

        code.onTextChanged { viewModel.setText($0) }
        messageEntry.onChanged { viewModel.message = $0 }
        messageEntry.onActivate { viewModel.commit() }
        commitButton.onClicked { viewModel.commit() }
        onTop.onClicked { viewModel.commitOnTop() }
        discardButton.onClicked { [unowned self] in confirmDiscard() }
        branchLabel.text = viewModel.branch.map { String(format: tr("Commits to branch %@"), $0) }
            ?? tr("Commits to the default branch")

        bindings.bind { [unowned self] in render(viewModel.phase) }
        bindings.bind { [unowned self] in
            commitButton.isSensitive = viewModel.destination == .newBranch ? viewModel.canCommitToNewBranch : viewModel.canCommit
            commitButton.label = viewModel.commitTitle
            discardButton.isSensitive = viewModel.hasChanges && !viewModel.writes.isWriting
            draftError.show(viewModel.draftError)
        }
        bindings.bind { [unowned self] in
            conflictLabel.show(viewModel.conflictText)
            conflictBox.isVisible = viewModel.conflictText != nil
        }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func render(_ phase: FileEditorViewModel.Phase) {
        switch phase {
        case .loading:
            status.update(iconName: nil, title: tr("Loading…"), detail: "")
            status.showSpinner(true)
            status.showAction(false)
            stack.visibleChildName = "status"
        case .refused(let reason):
            status.update(iconName: "dialog-information-symbolic", title: tr("This file cannot be edited here"),
                          detail: reason)
            status.showSpinner(false)
            status.showAction(false)
            stack.visibleChildName = "status"
        case .editing, .committed:
            if !shownText {
                shownText = true
                code.show(text: viewModel.text, fileName: viewModel.location.fileName)
                code.focusText()
            }
            stack.visibleChildName = "code"
        }
    }

    private func confirmDiscard() {
        let dialog = ConfirmDialog(over: self, question: tr("Discard your changes?"),
                                   detail: tr("The text goes back to the file as it was read, and the draft is deleted."),
                                   confirm: tr("Discard"))
        dialog.present { [weak self] confirmed in
            guard confirmed, let self else { return }
            viewModel.discard()
            code.show(text: viewModel.text, fileName: viewModel.location.fileName)
        }
    }
}
