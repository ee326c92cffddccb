import MayunCore

/// The person's notifications and messages grouped by repository, unread first: each row leads with what the thread
/// is about (the subject's title), then what happened, the repository and the kind with its icon. A click opens what
/// it is about (and marks it read), each unread row has Mark as Read, the bar has Unread / All and Mark All as Read,
/// and a second row filters to mentions or one repository.
@MainActor
final class NotificationsPage: Page {
    private let viewModel: NotificationsViewModel
    private let images: ImageLoader
    private let groups = Box(.vertical, spacing: 12, classes: ["notifications-list"])
    private let banner = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    private let filteredOut = Label(classes: ["dim-label"], wrap: true, xalign: 0.5)
    private let repositories: DropDown
    private let states: StateStack
    /// The rows' avatars (their image requests end with them).
    private var avatars: [AvatarView] = []
    /// The repository names behind the drop-down's entries after "All Repositories".
    private var repositoryNames: [String] = []
    private var fillingRepositories = false
    private let replyView: MessageReplyView

    init(viewModel: NotificationsViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        self.images = images
        repositories = DropDown([viewModel.allRepositoriesTitle])
        repositories.accessibleLabel = tr("Repository")
        repositories.ellipsizeChoices()
        let mentions = ToggleButton(label: viewModel.mentionsFilterTitle)
        let filterRow = Box(.horizontal, spacing: 8)
        filterRow.append(mentions, repositories)
        let bindings = BindingBag()
        replyView = MessageReplyView(composer: viewModel.reply, bindings: bindings)
        let column = Box(.vertical, spacing: 8)
        column.setMargins(16)
        column.append(filterRow, replyView.root, banner, filteredOut, groups)
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.setChild(column)
        states = StateStack(content: scroller, failureTitle: tr("Could not load your notifications")) {
            viewModel.refresh()
        }
        let unread = ToggleButton(label: viewModel.unreadFilterTitle)
        let all = ToggleButton(label: viewModel.allFilterTitle)
        all.join(unread)
        let readChoice = Box(.horizontal, classes: ["linked"])
        readChoice.append(unread, all)
        let markAll = Button(label: viewModel.markAllTitle)
        markAll.onClicked { viewModel.markAllRead() }
        super.init(root: BarOverList.make(leading: [readChoice], trailing: [markAll], spacing: 8, list: states),
                   bindings: bindings)

        unread.onToggled { on in if on { viewModel.filter.unreadOnly = true } }
        all.onToggled { on in if on { viewModel.filter.unreadOnly = false } }
        mentions.onToggled { on in viewModel.filter.mentionsOnly = on }
        repositories.onSelected { [unowned self] index in
            guard !fillingRepositories else { return }
            viewModel.filter.repository = repositoryNames.indices.contains(index - 1) ? repositoryNames[index - 1] : nil
        }
        bindings.bind { [unowned self] in states.show(viewModel.state) }
        bindings.bind { [unowned self] in
            banner.text = viewModel.banner ?? ""
            banner.isVisible = viewModel.banner != nil
        }
        bindings.bind { [unowned self] in filteredOut.show(viewModel.filteredOutText) }
        bindings.bind {
            unread.isActive = viewModel.filter.unreadOnly
            all.isActive = !viewModel.filter.unreadOnly
            mentions.isActive = viewModel.filter.mentionsOnly
        }
        bindings.bind { markAll.isSensitive = viewModel.canMarkAll }
        bindings.bind { [unowned self] in showRepositories(viewModel.repositoryChoices, chosen: viewModel.filter.repository) }
        bindings.bind { [unowned self] in show(viewModel.sections) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func showRepositories(_ names: [String], chosen: String?) {
        guard names != repositoryNames || selectedRepository != chosen else { return }
        fillingRepositories = true
        defer { fillingRepositories = false }
        repositoryNames = names
        repositories.replaceOptions([viewModel.allRepositoriesTitle] + names,
                                    selected: chosen.flatMap { names.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
    }

    private var selectedRepository: String? {
        let index = repositories.selectedIndex - 1
        return repositoryNames.indices.contains(index) ? repositoryNames[index] : nil
    }

    /// At most a hundred rows (two pages of 50), so the lists are simply rebuilt on each change.
    private func show(_ sections: [NotificationSection]) {
        groups.removeAll()
        for avatar in avatars { avatar.cancel() }
        avatars = []
        for section in sections {
            let header = Label(section.title, classes: ["heading", "notification-section"], wrap: true, xalign: 0)
            let list = BoxedList(classes: ["notifications-list"])
            for item in section.items { append(item, to: list) }
            groups.append(header, list)
        }
    }

    private func append(_ item: NotificationItem, to list: BoxedList) {
        let row = Box(.horizontal, spacing: 12, classes: ["nav-row", "notification-row"])
        if item.isUnread { row.addClasses(["unread"]) }
        let avatar = AvatarView(size: 32, images: images)
        avatar.show(item.avatarURL)
        avatars.append(avatar)
        let text = Box(.vertical, spacing: 2)
        text.hexpand = true
        text.append(Label(item.title, classes: item.isUnread ? ["heading"] : [], wrap: true, xalign: 0))
        if !item.detail.isEmpty { text.append(Label(item.detail, wrap: true, xalign: 0)) }
        let context = Box(.horizontal, spacing: 6)
        let kind = Icon(item.kind.iconName)
        kind.addClasses(["dim-label"])
        kind.accessibleLabel = item.kind.title
        // One line, shortened in the middle (both the project and the time stay), the whole of it in the tooltip:
        // a wrapping label here made each layout of the list re-measure it many times over (issue 29: 50 rows took
        // seconds to lay out; the title and detail still wrap).
        let placeLine = "\(item.context)  ·  \(viewModel.when(item))"
        let line = Label(placeLine, classes: ["dim-label", "caption"], xalign: 0, ellipsize: .middle)
        line.tooltip = placeLine
        line.hexpand = true
        context.append(kind, line)
        text.append(context)
        row.append(avatar)
        row.append(text)
        let key = item.id
        if item.senderLogin != nil {
            let answer = Button(iconName: "mail-reply-sender-symbolic", accessibleLabel: tr("Reply"))
            answer.addClasses(["flat"])
            answer.valign = .center
            answer.onClicked { [unowned self] in viewModel.reply.begin(replyingTo: item) }
            row.append(answer)
        }
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
