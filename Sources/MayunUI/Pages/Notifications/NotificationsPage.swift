import CGtk
import GLibRuntime
import MayunCore

/// The person's notifications and messages, unread first: a click opens what it is about (and marks it read),
/// each unread row has Mark as Read, and the bar has Mark All as Read.
@MainActor
final class NotificationsPage: Page {
    private let viewModel: NotificationsViewModel
    private let images: ImageLoader
    private let list: Widget
    private let banner: Widget
    private let states: StateStack
    private var shownKeys: [NotificationItem.Key] = []
    /// The rows' avatars (their image requests end with them).
    private var avatars: [AvatarView] = []

    init(viewModel: NotificationsViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        self.images = images
        list = widget(gtk_list_box_new())
        Build.addClasses(list, ["boxed-list", "notifications-list"])
        gtk_list_box_set_selection_mode(opaque(list), GTK_SELECTION_NONE)
        banner = Build.label("", classes: ["dim-label"], wrap: true, xalign: 0)
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        Build.margins(column, 16)
        Build.append(column, banner, list)
        let scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(scroller), column)
        states = StateStack(content: scroller, failureTitle: tr("Could not load your notifications")) { viewModel.refresh() }
        let markAll = widget(gtk_button_new_with_label(viewModel.markAllTitle))
        connect(raw(markAll), "clicked", main: { viewModel.markAllRead() })
        let root = BarOverList.make(leading: [], trailing: [markAll], spacing: 8, list: states.root)
        super.init(root: root)

        connect(raw(list), "row-activated", mainWithArguments: { [unowned self] arguments in
            guard let row = arguments.object(at: 1) else { return nil }
            let index = Int(gtk_list_box_row_get_index(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkListBoxRow.self)))
            if shownKeys.indices.contains(index) { viewModel.activate(shownKeys[index]) }
            return nil
        })
        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in
            gtk_label_set_text(opaque(banner), viewModel.banner ?? "")
            gtk_widget_set_visible(banner, viewModel.banner == nil ? 0 : 1)
        }
        bindings.bind { gtk_widget_set_sensitive(markAll, viewModel.canMarkAll ? 1 : 0) }
        bindings.bind { [unowned self] in show(viewModel.items) }
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }

    /// At most a hundred rows (two pages of 50), so the list is simply rebuilt on each change.
    private func show(_ items: [NotificationItem]) {
        while let child = gtk_widget_get_first_child(list) { gtk_list_box_remove(opaque(list), child) }
        for avatar in avatars { avatar.cancel() }
        avatars = []
        shownKeys = items.map(\.id)
        for item in items {
            let row = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["nav-row", "notification-row"])
            if item.isUnread { Build.addClasses(row, ["unread"]) }
            let avatar = AvatarView(size: 32, images: images)
            avatar.show(item.avatarURL)
            avatars.append(avatar)
            let text = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
            gtk_widget_set_hexpand(text, 1)
            let title = Build.label(item.title, classes: item.isUnread ? ["heading"] : [], wrap: true, xalign: 0)
            let context = Build.label("\(item.context)  ·  \(viewModel.when(item))", classes: ["dim-label", "caption"],
                                      wrap: true, xalign: 0)
            Build.append(text, title, context)
            Build.append(row, avatar.root, text)
            if item.isUnread {
                let mark = Build.iconButton("object-select-symbolic", accessibleLabel: tr("Mark as Read"))
                Build.addClasses(mark, ["flat"])
                gtk_widget_set_valign(mark, GTK_ALIGN_CENTER)
                let key = item.id
                connect(raw(mark), "clicked", main: { [unowned self] in viewModel.markRead(key) })
                Build.append(row, mark)
            }
            gtk_list_box_append(opaque(list), row)
        }
    }
}
