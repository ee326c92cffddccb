import GtkKit
import MayunCore

/// Writing into a folder (issue 27), under its list and shown only with push rights: the upload cap said before
/// anything is chosen, New File, Upload Files… (the desktop's file chooser; dropping files on the page does the
/// same), one line per upload with its progress, and the question before a file of the same name is replaced.
@MainActor
final class FolderWriteBar: ComposedView {
    let view = Box(.vertical, classes: ["folder-write"])
    private let lines = Box(.vertical, spacing: 4)
    private let items = Box(.vertical, spacing: 4)
    private let clear = Button(label: tr("Clear"), classes: ["flat"])
    private var chooser: OpenFilesDialog?
    private var asked: Int?
    private let uploads: FolderUploads?
    var root: WidgetObject { view }

    init(viewModel: TreeViewModel, bindings: BindingBag) {
        uploads = viewModel.uploads
        let bar = Box(.horizontal, spacing: 8, classes: ["toolbar"])
        bar.setMargins(6)
        let cap = Label(viewModel.uploads?.capText ?? "", classes: ["dim-label", "caption"], wrap: true, xalign: 0)
        cap.hexpand = true
        let newFile = Button(label: tr("New File"))
        let upload = Button(label: tr("Upload Files…"), classes: ["suggested-action"])
        upload.accessibleLabel = tr("Upload Files…")
        bar.append(cap, newFile, upload)
        lines.setMargins(start: 10, end: 10)
        let clearRow = Box(.horizontal)
        clearRow.append(Box.spacer(), clear)
        lines.append(items, clearRow)
        view.append(Separator(), lines, bar)
        view.isVisible = false
        newFile.onClicked { viewModel.newFile() }
        upload.onClicked { [unowned self] in choose() }
        clear.onClicked { [unowned self] in uploads?.clearFinished() }
        bindings.bind { [unowned self] in view.isVisible = viewModel.canWrite && uploads != nil }
        bindings.bind { [unowned self] in show(uploads?.uploads ?? []) }
        bindings.bind { [unowned self] in ask(uploads?.question) }
    }

    /// Dropped files (the page's drop target), or the chooser's.
    /// Queues the files for upload; false while the bar is hidden (the person may not write here), so a drop is
    /// refused rather than silently dropped.
    @discardableResult
    func add(_ paths: [String]) -> Bool {
        guard view.isVisible, let uploads else { return false }
        uploads.add(paths: paths)
        return true
    }

    private func choose() {
        guard let dialog = OpenFilesDialog(title: tr("Upload Files"), over: view, accept: tr("_Upload"),
                                           cancel: tr("_Cancel")) else { return }
        chooser = dialog
        dialog.show { [weak self] paths in
            self?.chooser = nil
            self?.add(paths)
        }
    }

    /// One line (and a progress bar while sending) per upload; rebuilt on each change, a handful of rows.
    private func show(_ list: [FolderUploads.Upload]) {
        guard let uploads else { return }
        items.removeAll()
        for item in list {
            let line = Label(uploads.line(for: item), wrap: true, xalign: 0)
            if case .failed = item.state { line.setClass("error", true) }
            items.append(line)
            if let fraction = uploads.fraction(of: item) {
                let bar = ProgressBar()
                bar.show(fraction: fraction)
                bar.accessibleLabel = String(format: tr("Uploading %@"), item.name)
                items.append(bar)
            }
        }
        clear.isVisible = list.contains { $0.state.isFinished }
        lines.isVisible = !list.isEmpty
    }

    private func ask(_ question: FolderUploads.Question?) {
        guard let question, asked != question.uploadID, let uploads else { return }
        asked = question.uploadID
        ConfirmDialog(over: self, question: question.heading, detail: question.body,
                      confirm: question.confirm)
            .present { uploads.answer(replace: $0) }
    }
}
