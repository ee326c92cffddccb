import GtkKit
import MayunCore

/// The new-issue form: title, markdown body with preview, Submit; errors at their field; the draft survives.
@MainActor
final class CreateIssuePage: Page {
    private let viewModel: CreateIssueViewModel
    private let titleEntry: Entry
    private let body: BodyEditor
    private let generalError = Label(classes: ["error"], wrap: true, xalign: 0)
    private let submit: Button
    /// Members: labels (checks in a popover, the chosen ones as chips), assignee and milestone menus.
    /// Two lines: Labels with the chosen chips beside it, then the assignee and milestone menus, whose names end in
    /// "…" when the window is narrow (the three buttons in one row held a 360 px window at 472 px).
    private let triage = Box(.vertical, spacing: 8)
    private let labelChecks = Box(.vertical, spacing: 4)
    private let labelsButton: PopoverButton
    private let assigneeMenu = Box(.horizontal)
    private let milestoneMenu = Box(.horizontal)
    private let chosenLabels = LabelChips(wraps: true)
    /// The label checks by name: a choice updates them in place, so the open popover keeps its lines and focus.
    private var labelCheckButtons: [String: CheckButton] = [:]
    private var shownLabelNames: [String] = []

    init(viewModel: CreateIssueViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        titleEntry = Entry(text: viewModel.draft.title, placeholder: viewModel.titlePlaceholder)
        titleEntry.accessibleLabel = viewModel.titlePlaceholder
        let bindings = BindingBag()
        body = BodyEditor(text: viewModel.draft.body, accessibleLabel: viewModel.bodyPlaceholder,
                          preview: viewModel.preview, images: images, bindings: bindings) { viewModel.togglePreview() }
        submit = Button(label: viewModel.submitTitle, classes: ["suggested-action"])
        labelsButton = PopoverButton(label: viewModel.labelsTitle, content: labelChecks)
        labelsButton.accessibleLabel = viewModel.labelsTitle
        let labelsLine = Box(.horizontal, spacing: 8)
        chosenLabels.valign = .center
        chosenLabels.hexpand = true
        labelsLine.append(labelsButton, chosenLabels)
        let planningLine = Box(.horizontal, spacing: 8)
        planningLine.append(assigneeMenu, milestoneMenu)
        triage.append(labelsLine, planningLine)
        let column = Box(.vertical, spacing: 10, classes: ["create-issue"])
        column.setMargins(24)
        super.init(root: column, bindings: bindings)

        body.card.vexpand = true
        let buttons = Box(.horizontal, spacing: 8)
        buttons.append(body.toggle, Box.spacer(), submit)
        column.append(Label(viewModel.titlePlaceholder, classes: ["heading"], xalign: 0), titleEntry,
                      Label(viewModel.bodyPlaceholder, classes: ["heading"], xalign: 0), body.card,
                      triage, generalError, buttons)
        labelChecks.setMargins(6)

        titleEntry.onChanged { viewModel.setTitle($0) }
        body.text.onChanged { viewModel.setBody($0) }
        titleEntry.onActivate { viewModel.submit() }
        submit.onClicked { viewModel.submit() }
        bindings.bind { [unowned self] in
            submit.isSensitive = viewModel.canSubmit
            submit.label = viewModel.submitTitle
            // A draft that cannot be written is said here too (the form stays usable).
            let messages = [viewModel.errorMessage, viewModel.draftError].compactMap { $0 }
            show(generalError, messages.isEmpty ? nil : messages.joined(separator: "\n"))
        }
        bindings.bind { [unowned self] in
            showTriage(labels: viewModel.labelChoices, people: viewModel.assigneeChoices,
                       milestones: viewModel.milestoneChoices)
        }
        bindings.bind { [unowned self] in chosenLabels.show(viewModel.chosenLabelChips) }
        onMap { viewModel.loadTriage() }
    }

    /// The members' fields; hidden for everyone else. Each menu's button says what it is for and the current choice.
    private func showTriage(labels: [(chip: LabelChip, isOn: Bool)], people: [(login: String?, title: String)],
                            milestones: [(number: Int?, title: String)]) {
        labelsButton.isVisible = !labels.isEmpty
        triage.isVisible = !labels.isEmpty || !people.isEmpty || !milestones.isEmpty
        let names = labels.map(\.chip.name)
        if names == shownLabelNames {
            for choice in labels { labelCheckButtons[choice.chip.name]?.isActive = choice.isOn }
        } else {
            labelChecks.removeAll()
            labelCheckButtons = [:]
            shownLabelNames = names
            for choice in labels {
                let name = choice.chip.name
                let made = LabelChoiceLine.makeWithCheck(choice.chip, isOn: choice.isOn) { [unowned viewModel] on in
                    viewModel.setLabel(name, on: on)
                }
                labelChecks.append(made.line)
                labelCheckButtons[name] = made.check
            }
        }
        showMenu(in: assigneeMenu, label: viewModel.assigneeButtonTitle, accessibleLabel: viewModel.assigneeTitle,
                 entries: people.map { person in
                     MenuEntry(title: person.title) { [unowned viewModel] in viewModel.setAssignee(person.login) }
                 })
        showMenu(in: milestoneMenu, label: viewModel.milestoneButtonTitle, accessibleLabel: viewModel.milestoneTitle,
                 entries: milestones.map { milestone in
                     MenuEntry(title: milestone.title) { [unowned viewModel] in viewModel.setMilestone(milestone.number) }
                 })
    }

    /// One triage menu in its place, or the place hidden when there is nothing to choose.
    private func showMenu(in place: Box, label: String, accessibleLabel: String, entries: [MenuEntry]) {
        place.removeAll()
        place.isVisible = !entries.isEmpty
        guard !entries.isEmpty else { return }
        let menu = MenuButton(label: label, entries: entries)
        menu.accessibleLabel = accessibleLabel
        menu.ellipsizesLabel()
        place.append(menu)
    }

    override var title: String { viewModel.title }

    /// An error under its field; none hides the line.
    private func show(_ label: Label, _ message: String?) {
        label.text = message ?? ""
        label.isVisible = message != nil
    }
}
