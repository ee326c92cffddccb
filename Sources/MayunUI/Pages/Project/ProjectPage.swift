import GtkKit
import MayunCore
import MayunDocument

/// The project page: header with Star and Watch, the rows to owner / code / issues / pull requests / commits, and the
/// README.
@MainActor
final class ProjectPage: Page {
    private let viewModel: ProjectViewModel
    private let header: ProjectHeaderView
    private let states: StateStack
    private let banner: ListBanner
    private let readme = Label(classes: ["readme-text"], wrap: true, xalign: 0)
    private let readmeView: DocumentView
    /// Its subtitle is the release count and latest tag, once known.
    private let releasesRow = ActionRow(title: tr("Releases"))
    /// Clone… and its progress (kept: its bindings capture it unowned).
    private var cloneBox: CloneBox?
    /// Fork, "Forked from" and New Pull Request on a fork (issue 25; kept: its bindings capture it unowned).
    private var forkBar: ForkBar?
    /// Writes the README's chunks into `readmeView` as the ViewModel's document receives them.
    let readmeFeed: DocumentFeed

    init(viewModel: ProjectViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        header = ProjectHeaderView(viewModel: viewModel, images: images)
        banner = ListBanner { viewModel.refresh() }
        readme.isSelectable = true
        let nightMode = viewModel.nightMode
        readmeView = DocumentView(imageLoader: SharedImageLoaderAdapter(images), palette: nightMode?.palette ?? .light,
                                  isNight: nightMode?.isNight ?? false)
        readmeView.growWithContent()
        readmeFeed = DocumentFeed(view: readmeView)
        readmeView.isVisible = false
        readmeView.addClasses(["readme-document"])
        let column = Box(.vertical, spacing: 18, classes: ["project-page"])
        column.setMargins(12)
        // A reading width on wide windows; the full width (less the margins) down to a 360 px phone.
        let clamp = Clamp(maximum: 860, tighteningThreshold: 600, child: column)
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.setChild(clamp)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this project")) {
            viewModel.refresh()
        }
        super.init(root: states)
        column.append(header.view)
        column.append(banner)
        let cloneBox = CloneBox(viewModel: viewModel, bindings: bindings)
        self.cloneBox = cloneBox
        column.append(cloneBox.root)
        if let fork = viewModel.fork {
            let forkBar = ForkBar(viewModel: fork, bindings: bindings)
            self.forkBar = forkBar
            column.append(forkBar)
        }
        column.append(Self.makeRows(viewModel, releasesRow: releasesRow), Label(tr("README"), classes: ["heading"], xalign: 0), readme)
        column.append(readmeView)

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in banner.show(viewModel.banner) }
        bindings.bind { [unowned self] in header.show(viewModel.header) }
        bindings.bind { [unowned self] in header.showToggles(star: viewModel.star, watch: viewModel.watch) }
        bindings.bind { [unowned self] in header.showWaiting(viewModel.waitingToggleTexts) }
        bindings.bind { [unowned self] in releasesRow.subtitle = viewModel.releases.text }
        bindings.bind { [unowned self] in showReadme(viewModel.readme) }
        bindings.bind { [unowned self] in showReadme(viewModel.readmeDocument) }
        bindings.bind { [unowned self] in readmeFeed.sync(with: viewModel.readmeDocument) }
        if let nightMode { readmeView.follow(nightMode, in: bindings) }
        readmeView.onActivateLink = { target in viewModel.activate(target) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func showReadme(_ state: ProjectViewModel.ReadmeState) {
        let text: String = switch state {
        case .loading: tr("Loading…")
        case .none: tr("This project has no README.")
        // Only the start while the document is parsed: a wrapping label lays out all its text at once, and a 2 MB
        // README there held the main thread for seconds.
        case .text(let text):
            text.prefix(Self.previewLength).endIndex < text.endIndex ? text.prefix(Self.previewLength) + "…" : text
        case .failed(let message): message
        }
        readme.text = text
        // The plain text shows only until its parsed document is ready.
        let hasDocument = viewModel.readmeDocument != nil
        if case .text = state {
            readme.isVisible = !hasDocument
            readmeView.isVisible = hasDocument
        } else {
            readme.isVisible = true
            readmeView.isVisible = false
        }
    }

    static let previewLength = 2_000

    /// The document replaces the plain text once its first screen is read (the feed writes it).
    private func showReadme(_ document: ProgressiveDocument?) {
        guard document != nil else { return }
        readmeView.isVisible = true
        readme.isVisible = false
    }

    private static func makeRows(_ viewModel: ProjectViewModel, releasesRow: ActionRow) -> BoxedList {
        let list = BoxedList(classes: ["project-rows"])  // libadwaita styles boxed lists
        let rows: [(String, String, @MainActor () -> Void)] = [
            (tr("Owner"), "avatar-default-symbolic", { [unowned viewModel] in viewModel.openOwner() }),
            (tr("Code"), "folder-symbolic", { [unowned viewModel] in viewModel.openCode() }),
            (tr("Issues"), "dialog-information-symbolic", { [unowned viewModel] in viewModel.openIssues() }),
            (tr("Pull Requests"), "mail-send-receive-symbolic", { [unowned viewModel] in viewModel.openPullRequests() }),
            (tr("Commits"), "document-open-recent-symbolic", { [unowned viewModel] in viewModel.openCommits() }),
            (tr("Releases"), "package-x-generic-symbolic", { [unowned viewModel] in viewModel.openReleases() }),
            (tr("Readme"), "text-x-generic-symbolic", { [unowned viewModel] in viewModel.openReadme() }),
            // Issue 28, part B
            (tr("Branches"), "media-playlist-consecutive-symbolic", { [unowned viewModel] in viewModel.openBranches() }),
            (tr("Tags"), "bookmark-new-symbolic", { [unowned viewModel] in viewModel.openTags() }),
            (tr("Stargazers"), "starred-symbolic", { [unowned viewModel] in viewModel.openStargazers() }),
            (tr("Watchers"), "emblem-shared-symbolic", { [unowned viewModel] in viewModel.openWatchers() }),
            (tr("Forks"), "edit-copy-symbolic", { [unowned viewModel] in viewModel.openForks() }),
            (tr("Contributors"), "system-users-symbolic", { [unowned viewModel] in viewModel.openContributors() }),
        ]
        for (title, icon, open) in rows {
            let row = title == tr("Releases") ? releasesRow : ActionRow(title: title)
            row.addPrefix(Icon(icon))
            row.addSuffix(Icon("go-next-symbolic"))
            list.append(row, onActivate: open)
        }
        return list
    }
}
