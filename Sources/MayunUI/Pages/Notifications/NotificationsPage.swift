import MayunCore

/// The person's notifications and messages, unread first: a click opens what it is about (and marks it read),
/// each unread row has Mark as Read, and the bar has Mark All as Read.
@MainActor
final class NotificationsPage: Page {
    private let viewModel: NotificationsViewModel
    private let images: ImageLoader
    private let list = BoxedList(classes: ["notifications-list"])
    private let banner = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    private let states: StateStack
    /// The rows' avatars (their image requests end with them).
    private var avatars: [AvatarView] = []

    init(viewModel: NotificationsViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        self.images = images
        let column = Box(.vertical, spacing: 8)
        column.setMargins(16)
        column.append(banner, list)
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.setChild(column)
        states = StateStack(content: scroller, failureTitle: tr("Could not load your notifications")) {
            viewModel.refresh()
        }
        let markAll = Button(label: viewModel.markAllTitle)
        markAll.onClicked { viewModel.markAllRead() }
        super.init(root: BarOverList.make(leading: [], trailing: [markAll.widget], spacing: 8, list: states.root))

        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in
            banner.text = viewModel.banner ?? ""
            banner.isVisible = viewModel.banner != nil
        }
        bindings.bind { markAll.isSensitive = viewModel.canMarkAll }
        bindings.bind { [unowned self] in show(viewModel.items) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    /// At most a hundred rows (two pages of 50), so the list is simply rebuilt on each change.
    private func show(_ items: [NotificationItem]) {
        list.removeAll()
        for avatar in avatars { avatar.cancel() }
        avatars = []
        for item in items {
            let row = Box(.horizontal, spacing: 12, classes: ["nav-row", "notification-row"])
            if item.isUnread { row.addClasses(["unread"]) }
            let avatar = AvatarView(size: 32, images: images)
            avatar.show(item.avatarURL)
            avatars.append(avatar)
            let text = Box(.vertical, spacing: 2)
            text.hexpand = true
            let title = Label(item.title, classes: item.isUnread ? ["heading"] : [], wrap: true, xalign: 0)
            let context = Label("\(item.context)  ·  \(viewModel.when(item))", classes: ["dim-label", "caption"],
                                wrap: true, xalign: 0)
            text.append(title, context)
            row.append(avatar)
            row.append(text)
            let key = item.id
            if item.isUnread {
                let mark = Button(iconName: "object-select-symbolic", accessibleLabel: tr("Mark as Read"))
                mark.addClasses(["flat"])
                mark.valign = .center
                mark.onClicked { [unowned self] in viewModel.markRead(key) }
                row.append(mark)
            }
            list.append(row) { [unowned self] in viewModel.activate(key) }
        }
    }
}
