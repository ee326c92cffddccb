import GtkKit
import MayunCore

/// The project page's fork controls (issue 25): "Forked from …" on a fork (opens the source) with "New Pull Request"
/// into it; Fork for logged-in people on projects that are not theirs, with where the copy goes, which asks first and
/// shows progress; a refusal is said under it.
@MainActor
final class ForkBar: ComposedView {
    private let view = Box(.vertical, spacing: 6, classes: ["fork-bar"])
    /// Its label shrinks (ellipsized in the middle) rather than widen a phone's window for a long name.
    private let forkedFromLabel = Label("", xalign: 0, ellipsize: .middle)
    private let forkedFrom: Button
    private let propose = Button(label: tr("New Pull Request"))
    private let destination = DropDown([])
    private let forkButton: Button
    private let failure = Label(classes: ["error"], wrap: true, xalign: 0)
    private unowned let viewModel: ForkViewModel

    var root: WidgetObject { view }

    init(viewModel: ForkViewModel, bindings: BindingBag) {
        self.viewModel = viewModel
        forkButton = Button(label: viewModel.buttonTitle)
        forkedFrom = Button(child: forkedFromLabel, accessibleLabel: "", classes: ["flat"])
        destination.accessibleLabel = tr("Fork into")
        let row = Box(.horizontal, spacing: 8)
        row.append(Box.spacer(), propose, destination, forkButton)
        view.append(forkedFrom, row, failure)

        forkedFrom.onClicked { [unowned viewModel] in viewModel.openParent() }
        propose.onClicked { [unowned viewModel] in viewModel.proposeChanges() }
        destination.onSelected { [unowned viewModel] in viewModel.choose($0) }
        forkButton.onClicked { [unowned self] in askToFork() }
        bindings.bind { [unowned self] in
            forkedFromLabel.text = viewModel.forkedFromText ?? ""
            forkedFrom.accessibleLabel = viewModel.forkedFromText ?? ""
            forkedFrom.isVisible = viewModel.forkedFromText != nil
            propose.isVisible = viewModel.canProposeChanges
            forkButton.label = viewModel.buttonTitle
            forkButton.isVisible = viewModel.isShown
            forkButton.isSensitive = viewModel.canFork
            destination.replaceOptions(viewModel.destinations, selected: viewModel.selected)
            destination.isVisible = viewModel.isShown && viewModel.destinations.count > 1
            failure.text = viewModel.failure ?? ""
            failure.isVisible = viewModel.failure != nil
            view.isVisible = viewModel.isShown || viewModel.forkedFromText != nil
        }
    }

    private func askToFork() {
        viewModel.loadDestinations()
        let question = viewModel.question
        let dialog = ConfirmDialog(over: self, question: question.heading, detail: question.body, confirm: question.confirm)
        dialog.present { [weak viewModel] confirmed in if confirmed { viewModel?.fork() } }
    }
}
