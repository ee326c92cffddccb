import MayunCore

/// "Clone…" on the project page: choose a folder, then git's progress in place with Cancel, and Open Folder when
/// the checkout is there (or why it failed, with the button to try again).
@MainActor
final class CloneBox {
    let root = Box(.vertical, spacing: 6, classes: ["clone-box"])
    private let start = Button(label: tr("Clone…"))
    private let cancel = Button(label: tr("Cancel"))
    private let openFolder = Button(label: tr("Open Folder"))
    private let bar = ProgressBar()
    private let status = Label(classes: ["dim-label", "caption"], wrap: true, xalign: 0)
    private var chooser: SaveFileDialog?

    init(viewModel: ProjectViewModel, bindings: BindingBag) {
        let buttons = Box(.horizontal, spacing: 8)
        buttons.append(start, cancel, openFolder)
        root.append(buttons, bar, status)
        start.accessibleLabel = tr("Clone this project into a folder")
        start.onClicked { [unowned self] in choose(viewModel) }
        cancel.onClicked { viewModel.cancelClone() }
        openFolder.onClicked { viewModel.openClonedFolder() }
        bindings.bind { [unowned self] in show(viewModel.clone?.state, status: viewModel.cloneStatus) }
    }

    private func show(_ state: GitClone.State?, status text: String) {
        let running = if case .running = state { true } else { false }
        let finished = if case .finished = state { true } else { false }
        start.isVisible = !running
        cancel.isVisible = running
        openFolder.isVisible = finished
        bar.isVisible = running || finished
        if case .running(let progress) = state { bar.show(fraction: progress.fraction) }
        if finished { bar.show(fraction: 1) }
        status.show(text)
    }

    private func choose(_ viewModel: ProjectViewModel) {
        guard let dialog = SaveFileDialog(chooseFolder: tr("Clone Into"), over: root, accept: tr("_Clone"),
                                          cancel: tr("_Cancel")) else { return }
        chooser = dialog
        dialog.show { [weak self] path in
            if let path { viewModel.startClone(into: path) }
            self?.chooser = nil
        }
    }
}
