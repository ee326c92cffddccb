import CGtk
import GLibRuntime
import MayunCore

/// The project page: header with Star and Watch, the rows to owner / code / issues / pull requests / commits, and the
/// README.
@MainActor
final class ProjectPage: Page {
    private let viewModel: ProjectViewModel
    private let header: ProjectHeaderView
    private let states: StateStack
    private let banner: ListBanner
    private let readme: Widget
    private let readmeView: DocumentView
    /// Writes the README's chunks into `readmeView` as the ViewModel's document receives them.
    let readmeFeed: DocumentFeed

    init(viewModel: ProjectViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        header = ProjectHeaderView(viewModel: viewModel, images: images)
        banner = ListBanner { viewModel.refresh() }
        readme = Build.label("", classes: ["readme-text"], wrap: true, xalign: 0)
        gtk_label_set_selectable(opaque(readme), 1)
        let nightMode = viewModel.nightMode
        readmeView = DocumentView(imageLoader: SharedImageLoaderAdapter(images), palette: nightMode?.palette ?? .light,
                                  isNight: nightMode?.isNight ?? false)
        readmeView.growWithContent()
        readmeFeed = DocumentFeed(view: readmeView)
        // Horizontally "external", not "never": the document sizes its pictures and rules to its last known width (640
        // before its first allocation), and with "never" that became the page's minimum width, holding a phone-sized
        // window 700 px wide. Now the page's width decides and the document follows it.
        gtk_scrolled_window_set_policy(opaque(readmeView.root), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        gtk_widget_set_visible(readmeView.root, 0)
        Build.addClasses(readmeView.root, ["readme-document"])
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 18, classes: ["project-page"])
        Build.margins(column, 12)
        let readmeHeading = Build.label(tr("README"), classes: ["heading"], xalign: 0)
        // A reading width on wide windows; the full width (less the margins) down to a 360 px phone.
        let clamp = widget(adw_clamp_new())
        adw_clamp_set_maximum_size(opaque(clamp), 860)
        adw_clamp_set_tightening_threshold(opaque(clamp), 600)
        adw_clamp_set_child(opaque(clamp), column)
        let scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(scroller), clamp)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this project")) { viewModel.refresh() }
        super.init(root: states.root)
        Build.append(column, header.root, banner.root, makeRows(), readmeHeading, readme, readmeView.root)

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in banner.show(viewModel.banner) }
        bindings.bind { [unowned self] in header.show(viewModel.header) }
        bindings.bind { [unowned self] in header.showToggles(star: viewModel.star, watch: viewModel.watch) }
        bindings.bind { [unowned self] in showReadme(viewModel.readme) }
        bindings.bind { [unowned self] in showReadme(viewModel.readmeDocument) }
        bindings.bind { [unowned self] in readmeFeed.sync(with: viewModel.readmeDocument) }
        if let nightMode { readmeView.follow(nightMode, in: bindings) }
        readmeView.onActivateLink = { target in viewModel.activate(target) }
        connect(raw(root), "map", main: { viewModel.start() })
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
        gtk_label_set_text(opaque(readme), text)
        // The plain text shows only until its parsed document is ready.
        let hasDocument = viewModel.readmeDocument != nil
        if case .text = state {
            gtk_widget_set_visible(readme, hasDocument ? 0 : 1)
            gtk_widget_set_visible(readmeView.root, hasDocument ? 1 : 0)
        } else {
            gtk_widget_set_visible(readme, 1)
            gtk_widget_set_visible(readmeView.root, 0)
        }
    }

    static let previewLength = 2_000

    /// The document replaces the plain text once its first screen is read (the feed writes it).
    private func showReadme(_ document: ProgressiveDocument?) {
        guard document != nil else { return }
        gtk_widget_set_visible(readmeView.root, 1)
        gtk_widget_set_visible(readme, 0)
    }

    private func makeRows() -> Widget {
        let list = widget(gtk_list_box_new())
        Build.addClasses(list, ["boxed-list", "project-rows"])  // libadwaita styles boxed lists
        gtk_list_box_set_selection_mode(opaque(list), GTK_SELECTION_NONE)
        let rows: [(String, String, @MainActor () -> Void)] = [
            (tr("Owner"), "avatar-default-symbolic", { [unowned self] in viewModel.openOwner() }),
            (tr("Code"), "folder-symbolic", { [unowned self] in viewModel.openCode() }),
            (tr("Issues"), "dialog-information-symbolic", { [unowned self] in viewModel.openIssues() }),
            (tr("Pull Requests"), "mail-send-receive-symbolic", { [unowned self] in viewModel.openPullRequests() }),
            (tr("Commits"), "document-open-recent-symbolic", { [unowned self] in viewModel.openCommits() }),
            (tr("Readme"), "text-x-generic-symbolic", { [unowned self] in viewModel.openReadme() }),
        ]
        for (title, icon, _) in rows {
            let row = widget(adw_action_row_new())
            adw_preferences_row_set_title(typed(row), title)
            adw_action_row_add_prefix(typed(row), widget(gtk_image_new_from_icon_name(icon)))
            adw_action_row_add_suffix(typed(row), widget(gtk_image_new_from_icon_name("go-next-symbolic")))
            gtk_list_box_row_set_activatable(typed(row), 1)
            gtk_list_box_append(opaque(list), row)
        }
        connect(raw(list), "row-activated", mainWithArguments: { arguments in
            guard let row = arguments.object(at: 1) else { return nil }
            let index = Int(gtk_list_box_row_get_index(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkListBoxRow.self)))
            if rows.indices.contains(index) { rows[index].2() }
            return nil
        })
        return list
    }
}
