import GtkKit
import MayunCore

/// One issue: title, state (by the site's name), author, labels, body, the comments (more load on demand), the
/// composer under them, and for members the buttons that move the issue between states.
@MainActor
final class IssuePage: Page {
    private let viewModel: IssueViewModel
    private let states: StateStack
    private let labels = LabelChips(wraps: true)
    /// Members' label chooser: one check per project label, in a popover.
    private let labelChoices = Box(.vertical, spacing: 4)
    private let editLabels: PopoverButton
    /// Who it is assigned to and its milestone, for everyone.
    private let planning = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    /// Members' assignee and milestone menus (rebuilt when the choices change).
    private let planningMenus = Box(.horizontal, spacing: 8)
    /// Edit and Labels, in a row of their own (beside the state buttons they overflow a 360 px window).
    private let textMenus = Box(.horizontal, spacing: 8)
    /// Members' title and body editor (shown while editing).
    private let editor = Box(.vertical, spacing: 8)
    private let editTitle = Entry()
    private let editBody = TextView(monospace: true)
    private let editError = Label(classes: ["error"], wrap: true, xalign: 0)
    private let stateMoves = Box(.horizontal, spacing: 8)
    /// The header, the comments, the composer, and a change of the state, labels, assignee, milestone or text
    /// waiting in the outbox (one line each with Cancel).
    private let parts: ThreadParts<IssueViewModel>

    init(viewModel: IssueViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        parts = ThreadParts(viewModel: viewModel, images: images, bylineWraps: true, bindings: bindings) {
            viewModel.stateClass
        }
        let column = Box(.vertical, spacing: 12, classes: ["issue-page"])
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this issue")) { viewModel.refresh() }
        editLabels = PopoverButton(label: viewModel.editLabelsTitle, content: labelChoices)
        super.init(root: states, bindings: bindings)

        column.setMargins(12)
        labelChoices.setMargins(6)
        let header = parts.header
        column.append(header.heading, header.meta, labels, planning, stateMoves, parts.waitingChanges.root, textMenus,
                      planningMenus, editor, header.body)
        buildEditor()
        column.append(header.bodyView, parts.comments, parts.composer)
        // A reading width on wide windows; the full width (less the margins) on a phone.
        let clamp = Clamp(maximum: 860, child: column)
        scroller.setChild(clamp)

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in labels.show(viewModel.labelChips) }
        bindings.bind { [unowned self] in
            showStateMoves(viewModel.stateMoves, labelsEditable: viewModel.canEditLabels)
        }
        bindings.bind { [unowned self] in showLabelChoices(viewModel.labelChoices) }
        bindings.bind { [unowned self] in
            planning.show(viewModel.issue == nil ? nil : "\(viewModel.assigneeText)  ·  \(viewModel.milestoneText)")
        }
        bindings.bind { [unowned self] in showPlanningMenus(viewModel.assigneeChoices, viewModel.milestoneChoices) }
        bindings.bind { [unowned self] in showEditor(viewModel.issueEdit) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    /// One check per project label, on when the issue carries it; a toggle sends the change.
    private func showLabelChoices(_ choices: [(chip: LabelChip, isOn: Bool)]) {
        labelChoices.removeAll()
        for choice in choices {
            let name = choice.chip.name
            labelChoices.append(LabelChoiceLine.make(choice.chip, isOn: choice.isOn) { [unowned viewModel] on in
                viewModel.setLabel(name, on: on)
            })
        }
    }

    /// One button per state a member may move the issue to, and the label chooser; none (hidden) for everyone else.
    private func showStateMoves(_ moves: [(status: IssueStatus, title: String)], labelsEditable: Bool) {
        stateMoves.removeAll()
        stateMoves.isVisible = !moves.isEmpty
        for move in moves {
            let button = Button(label: move.title)
            let target = move.status
            button.onClicked { [unowned viewModel] in viewModel.move(to: target) }
            stateMoves.append(button)
        }
        editLabels.isVisible = labelsEditable
    }

    /// Members: a menu of collaborators and one of milestones; none (hidden) for everyone else.
    private func showPlanningMenus(_ people: [(login: String?, title: String)], _ milestones: [(number: Int?, title: String)]) {
        planningMenus.removeAll()
        planningMenus.isVisible = !people.isEmpty || !milestones.isEmpty
        textMenus.removeAll()
        textMenus.isVisible = viewModel.canEditIssue || viewModel.canEditLabels
        if viewModel.canEditIssue {
            let edit = Button(label: viewModel.editIssueTitle)
            edit.onClicked { [unowned viewModel] in viewModel.beginEditingIssue() }
            textMenus.append(edit)
        }
        textMenus.append(editLabels)
        if !people.isEmpty {
            let menu = MenuButton(label: viewModel.assigneeTitle, entries: people.map { person in
                MenuEntry(title: person.title) { [unowned viewModel] in viewModel.setAssignee(person.login) }
            })
            menu.accessibleLabel = viewModel.assigneeTitle
            planningMenus.append(menu)
        }
        if !milestones.isEmpty {
            let menu = MenuButton(label: viewModel.milestoneTitle, entries: milestones.map { milestone in
                MenuEntry(title: milestone.title) { [unowned viewModel] in viewModel.setMilestone(milestone.number) }
            })
            menu.accessibleLabel = viewModel.milestoneTitle
            planningMenus.append(menu)
        }
    }

    private func buildEditor() {
        editTitle.accessibleLabel = viewModel.titleFieldName
        editBody.accessibleLabel = viewModel.bodyFieldName
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.setChild(editBody)
        scroller.setSizeRequest(height: 160)
        let save = Button(label: viewModel.saveEditTitle, classes: ["suggested-action"])
        let cancel = Button(label: viewModel.cancelEditTitle)
        let buttons = Box(.horizontal, spacing: 8)
        buttons.append(cancel, save)
        buttons.halign = .end
        editor.append(editTitle, scroller, editError, buttons)
        editor.isVisible = false
        save.onClicked { [unowned self] in
            viewModel.editIssueText(title: editTitle.text, body: editBody.text)
            viewModel.saveIssueEdit()
        }
        cancel.onClicked { [unowned viewModel] in viewModel.cancelEditingIssue() }
        editBody.onControlEnter { [unowned self] in
            viewModel.editIssueText(title: editTitle.text, body: editBody.text)
            viewModel.saveIssueEdit()
        }
    }

    /// The editor opens with the text to edit (again, after a refusal) and closes when the edit is sent or dropped.
    private func showEditor(_ edit: IssueEdit?) {
        let wasOpen = editor.isVisible
        editor.isVisible = edit != nil
        editError.show(edit?.error)
        guard let edit else { return }
        if !wasOpen || edit.error != nil {
            editTitle.text = edit.title
            editBody.text = edit.body
        }
    }
}
