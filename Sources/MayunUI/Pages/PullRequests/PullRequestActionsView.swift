import GtkKit
import MayunCore

/// A member's controls on a pull request: while it is open and mergeable, the merge box (merge commit / squash /
/// rebase, the merge commit's title and description, Merge, which asks first); while it cannot be merged, the reason
/// instead; Close or Reopen. Hidden for everyone who is not a member. The page keeps it (its bindings hold it unowned).
@MainActor
final class PullRequestActionsView: ComposedView {
    private let view = Box(.vertical, spacing: 8, classes: ["card", "merge-box"])
    private let reason = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    private let editor = Box(.vertical, spacing: 8)
    private let methodButtons: [ToggleButton]
    private let explanation = Label(classes: ["dim-label", "caption"], wrap: true, xalign: 0)
    private let titleEntry: Entry
    /// Kept: its handler reads the buffer it was connected to.
    private let messageView: TextView
    private let merge: Button
    private let stateButton = Button(label: "")
    private unowned let viewModel: PullRequestViewModel

    var root: WidgetObject { view }

    init(viewModel: PullRequestViewModel, bindings: BindingBag) {
        self.viewModel = viewModel
        let form = viewModel.mergeForm
        methodButtons = form.methods.map { ToggleButton(label: $0.title) }
        for button in methodButtons.dropFirst() { button.join(methodButtons[0]) }
        titleEntry = Entry(text: form.title, placeholder: form.titlePlaceholder)
        titleEntry.accessibleLabel = form.titlePlaceholder
        messageView = TextView(text: form.message)
        messageView.accessibleLabel = form.messagePlaceholder
        messageView.tooltip = form.messagePlaceholder
        messageView.addClasses(["comment-editor"])
        merge = Button(label: viewModel.mergeTitle, classes: ["suggested-action"])

        let methods = Box(.horizontal, spacing: 0, classes: ["linked"])
        for button in methodButtons { methods.append(button) }
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.setChild(messageView)
        scroller.setSizeRequest(width: -1, height: 72)
        let messageFrame = Box(.vertical, classes: ["card", "issue-editor"])
        messageFrame.append(scroller)
        editor.append(Label(viewModel.mergeTitle, classes: ["heading"], xalign: 0), methods, explanation, titleEntry,
                      messageFrame)
        let buttons = Box(.horizontal, spacing: 8)
        buttons.append(stateButton, Box.spacer(), merge)
        view.setMargins(12)
        view.append(reason, editor, buttons)

        for (button, choice) in zip(methodButtons, form.methods) {
            let method = choice.method
            button.onToggled { if $0 { form.select(method) } }
        }
        titleEntry.onChanged { form.setTitle($0) }
        messageView.onChanged { form.setMessage($0) }
        merge.onClicked { [unowned self] in askToMerge() }
        stateButton.onClicked { [unowned viewModel] in
            if let action = viewModel.stateAction { viewModel.setState(action.target) }
        }

        bindings.bind { [unowned self] in
            let stateAction = viewModel.stateAction
            view.isVisible = viewModel.showsMerge || stateAction != nil
            editor.isVisible = viewModel.showsMerge && viewModel.mergeBlockedReason == nil
            merge.isVisible = editor.isVisible
            merge.isSensitive = viewModel.canMerge
            reason.text = viewModel.mergeBlockedReason ?? ""
            reason.isVisible = viewModel.mergeBlockedReason != nil
            stateButton.label = stateAction?.title ?? ""
            stateButton.isVisible = stateAction != nil
            stateButton.isSensitive = !viewModel.writes.isWriting
        }
        bindings.bind { [unowned self] in
            let chosen = form.method
            for (button, choice) in zip(methodButtons, form.methods) where choice.method == chosen { button.isActive = true }
            explanation.text = form.methodExplanation
            if titleEntry.text != form.title { titleEntry.text = form.title }
            if messageView.text != form.message { messageView.text = form.message }
        }
    }

    private func askToMerge() {
        let question = viewModel.mergeQuestion
        let dialog = ConfirmDialog(over: self, question: question.heading, detail: question.body, confirm: question.confirm)
        dialog.present { [weak viewModel] confirmed in if confirmed { viewModel?.merge() } }
    }
}
