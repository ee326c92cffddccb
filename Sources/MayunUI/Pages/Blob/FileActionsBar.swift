import GtkKit
import MayunCore

/// The bar above a file or image: its size and type on the left, then the page's own toggles and buttons, "Save
/// as…" and "Open on Website"; under it, the progress or result of a save.
@MainActor
final class FileActionsBar {
    let view = Box(.vertical)
    private let info = Label(classes: ["dim-label"], xalign: 0, ellipsize: .end)
    private let trailing = Box(.horizontal, spacing: 6)
    private let transferLabel = Label(classes: ["dim-label", "caption"], wrap: true, xalign: 0)
    private var chooser: SaveFileDialog?

    init(fileName: String, save: @escaping @MainActor (String) -> Void, openWebsite: @escaping @MainActor () -> Void) {
        let bar = Box(.horizontal, spacing: 6, classes: ["toolbar", "file-actions"])
        bar.setMargins(6)
        info.hexpand = true
        info.setMargins(start: 6)
        transferLabel.setMargins(6)
        transferLabel.isVisible = false
        bar.append(info, trailing)
        view.append(bar, transferLabel)
        // Save and Website stay last; the page's own buttons go into `trailing`, before them.
        let saveButton = Button(child: Self.content(tr("Save As…"), icon: "document-save-as-symbolic"),
                                       accessibleLabel: tr("Save As…"), classes: ["flat"])
        let websiteButton = Button(child: Self.content(tr("Open on Website"), icon: "web-browser-symbolic"),
                                          accessibleLabel: tr("Open on Website"), classes: ["flat"])
        bar.append(saveButton, websiteButton)
        saveButton.onClicked { [unowned self] in chooseDestination(fileName, then: save) }
        websiteButton.onClicked(openWebsite)
    }

    func showInfo(_ text: String) {
        info.text = text
    }

    func showTransfer(_ state: FileTransfer.State) {
        let text: String = switch state {
        case .idle: ""
        case .running(let text), .finished(let text), .failed(let text): text
        }
        transferLabel.showText(text)
        if case .failed = state { transferLabel.setClass("error", true) } else { transferLabel.setClass("error", false) }
    }

    /// A button before "Save as…" (added in the order the page calls this).
    func button(_ label: String, icon: String) -> Button {
        let button = Button(child: Self.content(label, icon: icon), accessibleLabel: label, classes: ["flat"])
        trailing.append(button)
        return button
    }

    /// A toggle button (Wrap, Source); `onToggle` gets the new state.
    func toggle(_ label: String, icon: String, onToggle: @escaping @MainActor (Bool) -> Void) -> ToggleButton {
        let toggle = ToggleButton(child: Self.content(label, icon: icon), accessibleLabel: label,
                                         classes: ["flat"])
        trailing.append(toggle)
        toggle.onToggled(onToggle)
        return toggle
    }

    /// The bar's look for a button or toggle: flat, icon then label, the label also its accessible name (and the
    /// tooltip). On a 360 px phone the row of buttons is wider than the window: the labels that do not fit are
    /// squeezed out and their buttons keep the icon, instead of forcing the window wider.
    private static func content(_ label: String, icon: String) -> Box {
        let content = Box(.horizontal, spacing: 6)
        content.append(Icon(icon), Squeezer(Label(label)))
        content.tooltip = label
        return content
    }

    /// The desktop's save dialog, then `save(path)`.
    private func chooseDestination(_ fileName: String, then save: @escaping @MainActor (String) -> Void) {
        guard let dialog = SaveFileDialog(title: tr("Save File"), fileName: fileName, over: view,
                                          accept: tr("_Save"), cancel: tr("_Cancel")) else { return }
        chooser = dialog
        dialog.show { [weak self] path in
            if let path { save(path) }
            self?.chooser = nil
        }
    }
}
