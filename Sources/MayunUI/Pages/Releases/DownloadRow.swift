import GtkKit
import MayunCore

/// A file of a release with what can be done with it: Download; while running, a progress bar with bytes, speed and
/// time left, and Cancel; then Open and Show in Folder; after a failure, why, and Retry.
@MainActor
final class DownloadRow {
    let file: ReleaseViewModel.File
    let root = Box(.vertical, spacing: 6, classes: ["download-row"])
    private let bar = ProgressBar()
    private let status = Label(classes: ["dim-label", "caption"], wrap: true, xalign: 0)
    private let download: Button
    private let cancel: Button
    private let retry: Button
    private let open: Button
    private let showInFolder: Button
    private var shown: Download?
    private let finishedActions = Box(.horizontal, spacing: 6)

    init(file: ReleaseViewModel.File, viewModel: ReleaseViewModel) {
        self.file = file
        root.setMargins(10)
        let top = Box(.horizontal, spacing: 10)
        let isArchive = if case .archive = file.source { true } else { false }
        let texts = Box(.vertical, spacing: 2)
        texts.hexpand = true
        texts.append(Label(file.title, wrap: true, xalign: 0))
        if !file.detail.isEmpty { texts.append(Label(file.detail, classes: ["dim-label", "caption"], wrap: true, xalign: 0)) }
        download = Button(iconName: "folder-download-symbolic", accessibleLabel: String(format: tr("Download %@"), file.title))
        cancel = Button(iconName: "process-stop-symbolic", accessibleLabel: String(format: tr("Cancel download of %@"), file.title))
        retry = Button(label: tr("Retry"))
        // Not "Open": that msgid is the issue state ("开启的").
        open = Button(label: tr("Open File"))
        showInFolder = Button(label: tr("Show in Folder"))
        for button in [download, cancel, retry, open, showInFolder] {
            button.valign = .center
            button.addClasses(["flat"])
        }
        top.append(Icon(isArchive ? "package-x-generic-symbolic" : "document-save-symbolic"), texts)
        top.append(download, cancel, retry)
        // A line of their own, so a 360 px window keeps room for the file's name.
        finishedActions.append(open, showInFolder)
        root.append(top, bar, status, finishedActions)
        download.onClicked { viewModel.download(file) }
        cancel.onClicked { [unowned self] in shown?.cancel() }
        retry.onClicked { [unowned self] in shown?.retry() }
        open.onClicked { [unowned self] in if let shown { viewModel.downloads.open(shown) } }
        showInFolder.onClicked { [unowned self] in if let shown { viewModel.downloads.showInFolder(shown) } }
        show(nil)
    }

    /// Reads the download's state (the page's binding tracks it).
    func show(_ current: Download?) {
        shown = current
        let state = current?.state
        let running = state == .running, finished = current?.finishedPath != nil
        let ended = state.map { if case .failed = $0 { true } else { $0 == .cancelled } } ?? false
        download.isVisible = current == nil || ended
        cancel.isVisible = running
        retry.isVisible = ended && state != .cancelled
        open.isVisible = finished
        showInFolder.isVisible = finished
        finishedActions.isVisible = finished
        bar.isVisible = running || finished
        // Pulses only while bytes arrive without a known total; nothing yet is an empty bar.
        if running, let meter = current?.meter { bar.show(fraction: meter.received == 0 ? 0 : meter.fraction) }
        if finished { bar.show(fraction: 1) }
        status.show(current?.statusText)
    }
}
