import CGtk
import GLibRuntime
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
    private let counts: Widget
    private var countButtons: [(UserViewModel.Count, Button)] = []
    private let links = Box(.vertical, spacing: 4)
    private let joined = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    private let notebook: Widget
    private var listPages: [Page] = []
    /// Kept for the page's lifetime: its bindings and signal handlers refer to it.
    private var events: PagedListView<GiteeEvent>?

    /// `accessory` goes under the profile text (Mine puts Notifications, Settings and Log Out there), so it shares the
    /// text's width and wraps with it on a phone instead of widening the window.
    init(viewModel: UserViewModel, images: ImageLoader, accessory: Widget? = nil) {
        self.viewModel = viewModel
        avatar = AvatarView(size: 72, images: images)
        counts = widget(gtk_flow_box_new())
        Build.addClasses(counts, ["user-counts"])
        gtk_flow_box_set_selection_mode(opaque(counts), GTK_SELECTION_NONE)
        notebook = widget(gtk_notebook_new())
        gtk_widget_set_vexpand(notebook, 1)
        gtk_notebook_set_scrollable(opaque(notebook), 1)
        Accessibility.setLabel(notebook, viewModel.pagesLabel)
        let root = Build.box(GTK_ORIENTATION_VERTICAL)
        let bindings = BindingBag()
        super.init(root: root, bindings: bindings)

        let text = Box(.vertical, spacing: 4)
        gtk_widget_set_hexpand(text.widget, 1)
        text.append(name, subtitle, bio)
        text.append(widget: counts)
        text.append(joined, links)
        if let accessory { text.append(widget: accessory) }
        let header = Box(.horizontal, spacing: 12, classes: ["user-header"])
        Build.margins(header.widget, 12)
        header.append(widget: avatar.root)
        header.append(text)
        for count in UserViewModel.Count.allCases {
            let button = Button(label: "", classes: ["flat", "count-button"])
            button.onClicked { viewModel.open(count) }
            countButtons.append((count, button))
            gtk_flow_box_append(opaque(counts), button.widget)
            if let cell = gtk_widget_get_parent(button.widget) { gtk_widget_set_focusable(cell, 0) }
        }
        Build.append(root, header.widget, notebook)

        let events = PagedListView(list: viewModel.events, adapter: RowAdapter(
            make: { EventRowView(images: images) },
            bind: { row, index in if let event = viewModel.event(at: index) { (row as? EventRowView)?.show(event) } },
            activate: { viewModel.openEvent(at: $0) }, retryMore: { viewModel.events.retry() }),
            accessibleName: tr("Events"), bindings: bindings)
        self.events = events
        connect(raw(events.root), "map", main: { viewModel.events.start() })
        // Plain tabs here (GTK 4.8 names them "Tab"): a user page's "Projects" tab named like the window's
        // Projects switcher made the two ambiguous for AT-SPI clients.
        gtk_notebook_append_page(opaque(notebook), events.root, gtk_label_new(tr("Events")))
        for list in [viewModel.projects, viewModel.starred, viewModel.watched] {
            let page = ProjectListPage(viewModel: list, images: images)
            listPages.append(page)
            gtk_notebook_append_page(opaque(notebook), page.root, gtk_label_new(list.title))
        }
        bindings.bind { [unowned self] in showProfile() }
        bindings.bind { [unowned self] in
            let index = Int32(viewModel.selectedList)
            if gtk_notebook_get_current_page(opaque(notebook)) != index {
                gtk_notebook_set_current_page(opaque(notebook), index)
            }
        }
        connect(raw(notebook), "switch-page", mainWithArguments: { arguments in
            viewModel.selectList(Int(arguments.uint(at: 2)))
            return nil
        })
        connect(raw(root), "map", main: { viewModel.start() })
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
        for link in viewModel.links { links.append(widget: Self.profileLinkWidget(link, viewModel: viewModel)) }
        // An organisation has only projects: hide Events, Starred and Watched.
        let organization = viewModel.isOrganization
        for index in [0, 2, 3] {
            if let page = gtk_notebook_get_nth_page(opaque(notebook), Int32(index)) {
                gtk_widget_set_visible(page, organization ? 0 : 1)
            }
        }
        avatar.show(viewModel.avatarURL)
    }

    /// An address `LinkPolicy` allows is a link button that opens through the view model (never GTK's own
    /// `gtk_show_uri`); any other is a plain dimmed caption (nothing to click or activate) whose tooltip says why.
    static func profileLinkWidget(_ link: ProfileLink, viewModel: UserViewModel) -> Widget {
        switch link.decision {
        case .open(let url):
            let button = widget(gtk_link_button_new_with_label(url.absoluteString, link.title))
            connect(raw(button), "activate-link", mainWithArguments: { [weak viewModel] _ in
                viewModel?.open(link)
                return true  // handled: GTK must not launch the address itself
            })
            return button
        case .inert(let hint):
            let label = Build.label(link.title, classes: ["dim-label", "inert-link"])
            gtk_widget_set_tooltip_text(label, hint)
            Accessibility.setLabel(label, link.title + ": " + hint)
            return label
        }
    }
}
