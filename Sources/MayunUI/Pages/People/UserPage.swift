import MayunCore

/// A user or organisation: profile header over a notebook of Events, Projects, Starred and Watched.
@MainActor
final class UserPage: Page {
    private let viewModel: UserViewModel
    private let avatar: AvatarView
    // Down to a 360 px phone: long names ellipsize, the counts wrap, the tab strip scrolls.
    private let name = Label(classes: ["title-2"], xalign: 0, ellipsize: .end)
    private let subtitle = Label(classes: ["dim-label"], xalign: 0, ellipsize: .end)
    private let bio = Label(wrap: true, xalign: 0)
    private var countButtons: [(UserViewModel.Count, Button)] = []
    private let links = Box(.vertical, spacing: 4)
    private let joined = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    private let notebook = Notebook()
    private var listPages: [Page] = []
    /// Kept for the page's lifetime: its bindings and signal handlers refer to it.
    private var events: PagedListView<GiteeEvent>?

    /// `accessory` goes under the profile text (Mine puts Notifications, Settings and Log Out there), so it shares the
    /// text's width and wraps with it on a phone instead of widening the window.
    init(viewModel: UserViewModel, images: ImageLoader, accessory: Widget? = nil) {
        self.viewModel = viewModel
        avatar = AvatarView(size: 72, images: images)
        let counts = WrappingRow(spacing: 0, classes: ["user-counts"])
        notebook.vexpand = true
        notebook.accessibleLabel = viewModel.pagesLabel
        let root = Box(.vertical)
        let bindings = BindingBag()
        super.init(root: root, bindings: bindings)

        let text = Box(.vertical, spacing: 4)
        text.hexpand = true
        text.append(name, subtitle, bio, counts, joined, links)
        if let accessory { text.append(widget: accessory) }
        let header = Box(.horizontal, spacing: 12, classes: ["user-header"])
        header.setMargins(12)
        header.append(avatar)
        header.append(text)
        for count in UserViewModel.Count.allCases {
            let button = Button(label: "", classes: ["flat", "count-button"])
            button.onClicked { viewModel.open(count) }
            countButtons.append((count, button))
            counts.append(button)
        }
        root.append(header, notebook)

        let events = PagedListView(list: viewModel.events, adapter: RowAdapter(
            make: { EventRowView(images: images) },
            bind: { row, index in if let event = viewModel.event(at: index) { (row as? EventRowView)?.show(event) } },
            activate: { viewModel.openEvent(at: $0) }, retryMore: { viewModel.events.retry() }),
            accessibleName: tr("Events"), bindings: bindings)
        self.events = events
        events.onMap { viewModel.events.start() }
        // Plain tabs here (GTK 4.8 names them "Tab"): a user page's "Projects" tab named like the window's
        // Projects switcher made the two ambiguous for AT-SPI clients.
        notebook.append(widget: events.root, title: tr("Events"))
        for list in [viewModel.projects, viewModel.starred, viewModel.watched] {
            let page = ProjectListPage(viewModel: list, images: images)
            listPages.append(page)
            notebook.append(widget: page.root, title: list.title)
        }
        bindings.bind { [unowned self] in showProfile() }
        bindings.bind { [unowned self] in notebook.currentPage = viewModel.selectedList }
        notebook.onSwitchPage { viewModel.selectList($0) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func showProfile() {
        name.text = viewModel.name
        subtitle.text = viewModel.subtitle
        subtitle.isVisible = !viewModel.subtitle.isEmpty
        bio.text = viewModel.bio
        bio.isVisible = !viewModel.bio.isEmpty
        for (count, button) in countButtons { button.label = viewModel.countTitle(count) }
        joined.text = viewModel.joined
        links.removeAll()
        for link in viewModel.links { links.append(Self.profileLinkWidget(link, viewModel: viewModel)) }
        // An organisation has only projects: hide Events, Starred and Watched.
        let organization = viewModel.isOrganization
        for index in [0, 2, 3] { notebook.setPageVisible(index, !organization) }
        avatar.show(viewModel.avatarURL)
    }

    /// An address `LinkPolicy` allows is a link button that opens through the view model (never GTK's own
    /// `gtk_show_uri`); any other is a plain dimmed caption (nothing to click or activate) whose tooltip says why.
    static func profileLinkWidget(_ link: ProfileLink, viewModel: UserViewModel) -> WidgetObject {
        switch link.decision {
        case .open(let url):
            return LinkButton(uri: url.absoluteString, label: link.title) { [weak viewModel] in viewModel?.open(link) }
        case .inert(let hint):
            let label = Label(link.title, classes: ["dim-label", "inert-link"])
            label.tooltip = hint
            label.accessibleLabel = link.title + ": " + hint
            return label
        }
    }
}
