import GtkKit
import MayunCore

/// One release: its heading, the pre-release badge and byline, the notes (plain text at once, the rendered document
/// when parsed), then the attached files and the tag's source archives.
@MainActor
final class ReleasePage: Page {
    private let viewModel: ReleaseViewModel
    private let states: StateStack
    private let heading = Label(classes: ["title-2"], wrap: true, xalign: 0)
    private let badge = Label(tr("Pre-release"), classes: ["badge", "badge-gvp"])
    private let byline = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    private let notes = Label(classes: ["issue-body"], wrap: true, xalign: 0)
    private let notesView: DocumentView
    private let assetsHeading = Label(tr("Files"), classes: ["heading"], xalign: 0)
    private let assets = BoxedList()
    private let archives = BoxedList()
    private var assetRows: [DownloadRow] = []
    private var archiveRows: [DownloadRow] = []

    init(viewModel: ReleaseViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        notesView = IssueHeader.makeDocumentView(images: images, nightMode: viewModel.nightMode)
        heading.isSelectable = true
        notes.isSelectable = true
        let column = Box(.vertical, spacing: 12, classes: ["release-page"])
        column.setMargins(12)
        let meta = Box(.horizontal, spacing: 8)
        badge.valign = .center
        meta.append(badge, byline)
        let clamp = Clamp(maximum: 860, tighteningThreshold: 600, child: column)
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.setChild(clamp)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this release")) { viewModel.refresh() }
        super.init(root: states)
        column.append(heading, meta, notes)
        column.append(notesView)
        column.append(assetsHeading, assets, Label(tr("Source code"), classes: ["heading"], xalign: 0), archives)

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in
            heading.text = viewModel.heading
            badge.isVisible = viewModel.isPrerelease
            byline.text = viewModel.byline
            notes.text = viewModel.notes
            assetsHeading.isVisible = !viewModel.assets.isEmpty
        }
        bindings.bind { [unowned self] in
            show(viewModel.assets, in: assets)
            show(viewModel.archives, in: archives)
            showDownloads()
        }
        bindings.bind { [unowned self] in
            guard let document = viewModel.notesDocument else { return }
            notesView.show(document)
            notes.isVisible = false
            notesView.isVisible = true
        }
        if let nightMode = viewModel.nightMode { notesView.follow(nightMode, in: bindings) }
        notesView.onActivateLink = { target in viewModel.activate(target) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func show(_ files: [ReleaseViewModel.File], in list: BoxedList) {
        guard files != (list === assets ? assetRows : archiveRows).map(\.file) else { return }
        list.removeAll()
        list.isVisible = !files.isEmpty
        let rows = files.map { DownloadRow(file: $0, viewModel: viewModel) }
        for row in rows { list.append(row.root) }
        if list === assets { assetRows = rows } else { archiveRows = rows }
    }

    /// Every row shows its file's latest download (this binding tracks each one's state and meter).
    private func showDownloads() {
        for row in assetRows + archiveRows { row.show(viewModel.download(of: row.file)) }
    }
}
