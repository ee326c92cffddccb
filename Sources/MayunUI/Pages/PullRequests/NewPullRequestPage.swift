import GtkKit
import MayunCore

/// The new pull request form (issue 25): from (project and branch) and into (branch), the comparison (a summary and
/// the diff view), the title and a markdown body with Write / Preview, Create; a refusal says why and keeps the text,
/// and an open twin is offered.
@MainActor
final class NewPullRequestPage: Page {
    private let viewModel: NewPullRequestViewModel
    private let headRepo = DropDown([])
    private let headBranch = DropDown([])
    private let baseBranch = DropDown([])
    private let compareLabel = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    /// The target: the fork's source once the form knows it was opened on a fork.
    private let targetLabel = Label(classes: ["dim-label"], xalign: 0, ellipsize: .middle)
    private let titleEntry: Entry
    private let body: BodyEditor
    private let errorLabel = Label(classes: ["error"], wrap: true, xalign: 0)
    private let openExisting = Button(label: "")
    private let submit: Button
    private var diff: DiffView?

    init(viewModel: NewPullRequestViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        titleEntry = Entry(text: viewModel.titleText, placeholder: tr("Title"))
        titleEntry.accessibleLabel = tr("Title")
        let bindings = BindingBag()
        body = BodyEditor(text: viewModel.body, accessibleLabel: tr("Description (Markdown)"), preview: viewModel.preview,
                          images: images, bindings: bindings) { [unowned viewModel] in viewModel.togglePreview() }
        submit = Button(label: viewModel.submitTitle, classes: ["suggested-action"])
        let column = Box(.vertical, spacing: 8, classes: ["new-pull-request"])
        column.setMargins(12)
        super.init(root: column, bindings: bindings)
        let diff = DiffView(model: viewModel.diff, bindings: bindings)
        self.diff = diff

        headRepo.accessibleLabel = tr("From project")
        headBranch.accessibleLabel = tr("From branch")
        baseBranch.accessibleLabel = tr("Into branch")
        headRepo.ellipsizeChoices()
        let from = Box(.horizontal, spacing: 8)
        from.append(Label(tr("From"), classes: ["heading"], xalign: 0), headRepo, headBranch)
        let into = Box(.horizontal, spacing: 8)
        into.append(Label(tr("Into"), classes: ["heading"], xalign: 0), targetLabel, baseBranch)
        body.card.setSizeRequest(height: 110)
        // The diff below takes what height there is; the description keeps its few lines.
        body.card.vexpand = false
        let buttons = Box(.horizontal, spacing: 8)
        buttons.append(body.toggle, openExisting, Box.spacer(), submit)
        let diffBox = Box(.vertical)
        diffBox.append(diff)
        diffBox.vexpand = true
        column.append(from, into, compareLabel, titleEntry, body.card, errorLabel, buttons)
        column.append(diffBox)

        headRepo.onSelected { [unowned viewModel] in viewModel.selectHeadRepo($0) }
        headBranch.onSelected { [unowned viewModel] in viewModel.selectHeadBranch($0) }
        baseBranch.onSelected { [unowned viewModel] in viewModel.selectBaseBranch($0) }
        titleEntry.onChanged { [unowned viewModel] in viewModel.setTitle($0) }
        body.text.onChanged { [unowned viewModel] in viewModel.setBody($0) }
        submit.onClicked { [unowned viewModel] in viewModel.submit() }
        openExisting.onClicked { [unowned viewModel] in viewModel.openExisting() }

        bindings.bind { [unowned self] in targetLabel.text = viewModel.target.description }
        bindings.bind { [unowned self] in
            let repos = viewModel.headRepos
            headRepo.replaceOptions(repos.map { viewModel.name(of: $0) },
                                    selected: viewModel.headRepo.flatMap { repos.firstIndex(of: $0) } ?? 0)
        }
        bindings.bind { [unowned self] in
            let names = viewModel.headBranches
            headBranch.replaceOptions(names, selected: viewModel.headBranch.flatMap { names.firstIndex(of: $0) } ?? 0)
        }
        bindings.bind { [unowned self] in
            let names = viewModel.baseBranches
            baseBranch.replaceOptions(names, selected: viewModel.baseBranch.flatMap { names.firstIndex(of: $0) } ?? 0)
        }
        bindings.bind { [unowned self] in
            switch viewModel.compare {
            case .idle, .loading: compareLabel.text = tr("Comparing…")
            case .failed(let reason): compareLabel.text = reason
            case .loaded: compareLabel.text = viewModel.nothingToCompare ?? viewModel.compareSummary ?? ""
            }
        }
        bindings.bind { [unowned self] in
            if titleEntry.text != viewModel.titleText { titleEntry.text = viewModel.titleText }
            if body.text.text != viewModel.body { body.text.text = viewModel.body }
        }
        bindings.bind { [unowned self] in
            submit.isSensitive = viewModel.canSubmit
            submit.label = viewModel.submitTitle
            let messages = [viewModel.errorMessage, viewModel.draftError].compactMap { $0 }
            errorLabel.text = messages.joined(separator: "\n")
            errorLabel.isVisible = !messages.isEmpty
            openExisting.label = viewModel.existingNumber.map { String(format: tr("Open !%@"), String($0)) } ?? ""
            openExisting.isVisible = viewModel.existingNumber != nil
        }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }
}
