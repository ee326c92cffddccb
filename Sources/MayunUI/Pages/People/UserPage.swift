import GtkKit
import MayunCore

/// A user or organisation, drawn as a GNOME app draws a profile: a clamped header (avatar, name, login, bio, then the
/// four counts as buttons to their lists, then when they joined and their links) over a notebook of Events,
/// Projects, Starred and Watched.
@MainActor
final class UserPage: Page {
    private let viewModel: UserViewModel
    private let avatar: AvatarView
    // Down to a 360 px phone: long names ellipsize, the counts wrap, the tab strip scrolls.
    private let name = Label(classes: ["title-2"], ellipsize: .end)
    private let subtitle = Label(classes: ["dim-label"], ellipsize: .end)
    private let bio = Label(wrap: true)
    /// The four count buttons (number over name), in `UserViewModel.Count` order; tests click them.
    private(set) var countButtons: [(UserViewModel.Count, Button)] = []
    private var countNumbers: [(UserViewModel.Count, Label)] = []
    /// "Joined …" and the profile's links on one centred line under the counts (a link never stands alone).
    private let details = Box(.horizontal, spacing: 12, classes: ["user-details"])
    private let joined = Label(classes: ["dim-label"], ellipsize: .end)
    private let links = Box(.horizontal, spacing: 12)
    private let notebook = Notebook()
    private var listPages: [Page] = []
    /// Kept for the page's lifetime: its bindings and signal handlers refer to it.
    private var events: PagedListView<GiteeEvent>?

    /// `accessory` goes under the profile (Mine puts Notifications, Organisations and Preferences there; account
    /// actions live in the header bar's account switcher), as wide as the clamp, wrapping on a phone.
    init(viewModel: UserViewModel, images: ImageLoader, accessory: WidgetObject? = nil) {
        self.viewModel = viewModel
        avatar = AvatarView(size: 72, images: images)
        // Four cells sharing the clamp's width (a centred flow box is allocated one cell's width and overflows).
        let counts = WrappingRow(spacing: 0, maxPerLine: 4, classes: ["user-counts"])
        counts.isHomogeneous = true
        notebook.vexpand = true
        notebook.accessibleLabel = viewModel.pagesLabel
        let root = Box(.vertical)
        let bindings = BindingBag()
        super.init(root: root, bindings: bindings)

        bio.justify = .center
        details.halign = .center
        let column = Box(.vertical, spacing: 4)
        column.setMargins(top: 12, bottom: 8, start: 12, end: 12)
        let picture = Box(.horizontal)
        picture.halign = .center
        picture.append(avatar)
        column.append(picture, name, subtitle, bio, counts, details)
        details.append(joined, links)
        if let accessory { column.append(accessory) }
        let clamp = Clamp(maximum: 600, tighteningThreshold: 400, child: column)
        let header = Box(.vertical, classes: ["user-header"])
        header.append(clamp)
        for count in UserViewModel.Count.allCases {
            let number = Label("–", classes: ["heading", "count-number"])
            let caption = Label(viewModel.countName(count), classes: ["caption", "dim-label"])
            let lines = Box(.vertical, spacing: 2)
            lines.append(number, caption)
            let button = Button(child: lines, accessibleLabel: viewModel.countTitle(count), classes: ["flat", "count-button"])
            button.onClicked { viewModel.open(count) }
            countButtons.append((count, button))
            countNumbers.append((count, number))
            counts.append(button)
        }
        root.append(header, notebook)

        let events = PagedListView(list: viewModel.events, adapter: RowAdapter(
            make: { EventRowView(images: images) },
            bind: { row, index in if let event = viewModel.event(at: index) { (row as? EventRowView)?.show(event) } },
            activate: { viewModel.openEvent(at: $0) }),
            accessibleName: tr("Events"), bindings: bindings)
        self.events = events
        events.onMap { viewModel.events.start() }
        // Plain tabs here (GTK 4.8 names them "Tab"): a user page's "Projects" tab named like the window's
        // Projects switcher made the two ambiguous for AT-SPI clients.
        notebook.append(events, title: tr("Events"))
        for list in [viewModel.projects, viewModel.starred, viewModel.watched] {
            let page = ProjectListPage(viewModel: list, images: images)
            listPages.append(page)
            notebook.append(page, title: list.title)
        }
        bindings.bind { [unowned self] in showProfile() }
        notebook.follow({ viewModel.selectedList }, select: { viewModel.selectList($0) }, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func showProfile() {
        name.text = viewModel.name
        subtitle.showText(viewModel.subtitle)
        bio.showText(viewModel.bio)
        for (count, button) in countButtons { button.accessibleLabel = viewModel.countTitle(count) }
        for (count, number) in countNumbers { number.text = viewModel.countNumber(count) }
        joined.showText(viewModel.joined)
        links.removeAll()
        for link in viewModel.links { links.append(Self.profileLinkWidget(link, viewModel: viewModel)) }
        links.isVisible = !viewModel.links.isEmpty
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
