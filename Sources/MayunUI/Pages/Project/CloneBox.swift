import GtkKit
import MayunCore

/// "Clone…" on the project page: HTTPS or SSH, choose a folder, then git's progress in place with Cancel, and Open
/// Folder, Open in Terminal and Open in (each installed editor or IDE) when the checkout is there (or why it failed,
/// with the button to try again).
@MainActor
final class CloneBox {
    let root = Box(.vertical, spacing: 6, classes: ["clone-box"])
    private let start = Button(label: tr("Clone…"))
    private let cancel = Button(label: tr("Cancel"))
    private let openFolder = Button(label: tr("Open Folder"))
    private let openTerminal = Button(label: tr("Open in Terminal"))
    private let https = ToggleButton(label: "HTTPS")
    private let ssh = ToggleButton(label: "SSH")
    /// "Open in …" for each installed editor, made when the first clone finishes.
    private let editors = Box(.horizontal, spacing: 8)
    private var editorsListed = false
    private let bar = ProgressBar()
    private let status = Label(classes: ["dim-label", "caption"], wrap: true, xalign: 0)
    private var chooser: SaveFileDialog?

    init(viewModel: ProjectViewModel, bindings: BindingBag) {
        let buttons = Box(.horizontal, spacing: 8)
        let address = Box(.horizontal, spacing: 0, classes: ["linked"])
        address.append(https, ssh)
        ssh.join(https)
        https.isActive = true
        https.tooltip = tr("Clone over HTTPS")
        ssh.tooltip = tr("Clone over SSH with your key")
        buttons.append(address, start, cancel, openFolder, openTerminal)
        root.append(buttons, editors, bar, status)
        start.accessibleLabel = tr("Clone this project into a folder")
        start.onClicked { [unowned self] in choose(viewModel) }
        cancel.onClicked { viewModel.cancelClone() }
        openFolder.onClicked { viewModel.openClonedFolder() }
        openTerminal.onClicked { viewModel.openClonedFolderInTerminal() }
        ssh.onToggled { viewModel.cloneOverSSH = $0 }
        bindings.bind { [unowned self] in
            show(viewModel.clone?.state, status: viewModel.cloneStatus)
            if viewModel.clonedFolder != nil { listEditors(viewModel) }
        }
    }

    private func listEditors(_ viewModel: ProjectViewModel) {
        guard !editorsListed else { return }
        editorsListed = true
        for editor in viewModel.folderEditors {
            let button = Button(label: String(format: tr("Open in %@"), editor.name))
            button.onClicked { viewModel.openClonedFolder(in: editor) }
            editors.append(button)
        }
    }

    private func show(_ state: CloneState?, status text: String) {
        let running = if case .running = state { true } else { false }
        let finished = if case .finished = state { true } else { false }
        start.isVisible = !running
        cancel.isVisible = running
        openFolder.isVisible = finished
        openTerminal.isVisible = finished
        editors.isVisible = finished
        https.isSensitive = !running
        ssh.isSensitive = !running
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
