import GtkKit
import MayunCore

/// The person's notifications and messages grouped by repository, unread first: each row leads with what the thread
/// is about (the subject's title), then what happened, the repository and the kind with its icon. A click opens what
/// it is about (and marks it read), each unread row has Mark as Read, the bar has Unread / All and Mark All as Read,
/// and a second row filters to mentions or one repository. The rows are one virtualised list (`RowListView`) in
/// which each repository's header is a row of its own, under the filters, the reply composer and the banner.
@MainActor
final class NotificationsPage: Page {
    private let viewModel: NotificationsViewModel
    private let list: RowListView
    private let banner = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    private let filteredOut = Label(classes: ["dim-label"], wrap: true, xalign: 0.5)
    private let repositories: DropDown
    private let states: StateStack
    /// The rows the list shows now (its rows are bound from here by position).
    private var rows: [NotificationListRow] = []
    /// The repository names behind the drop-down's entries after "All Repositories".
    private var repositoryNames: [String] = []
    private var fillingRepositories = false
    private let replyView: MessageReplyView
    /// What waits in the account's outbox, over the filters.
    private let waitingStrip: WaitingStrip?

    init(viewModel: NotificationsViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        repositories = DropDown([viewModel.allRepositoriesTitle])
        repositories.accessibleLabel = tr("Repository")
        repositories.ellipsizeChoices()
        let mentions = ToggleButton(label: viewModel.mentionsFilterTitle)
        let filterRow = Box(.horizontal, spacing: 8)
        filterRow.append(mentions, repositories)
        let bindings = BindingBag()
        replyView = MessageReplyView(composer: viewModel.reply, bindings: bindings)
        var shownRows: () -> [NotificationListRow] = { [] }
        list = RowListView(adapter: NotificationRowView.adapter(rows: { shownRows() }, viewModel: viewModel, images: images),
                           accessibleName: viewModel.title, isActivatable: { shownRows().indices.contains($0) && shownRows()[$0].item != nil })
        let above = Box(.vertical, spacing: 8)
        above.setMargins(16)
        above.append(filterRow, replyView.root, banner, filteredOut)
        let column = Box(.vertical)
        column.append(above)
        column.append(list)
        states = StateStack(content: column, failureTitle: tr("Could not load your notifications")) {
            viewModel.refresh()
        }
        let unread = ToggleButton(label: viewModel.unreadFilterTitle)
        let all = ToggleButton(label: viewModel.allFilterTitle)
        all.join(unread)
        let readChoice = Box(.horizontal, classes: ["linked"])
        readChoice.append(unread, all)
        let markAll = Button(label: viewModel.markAllTitle)
        markAll.onClicked { viewModel.markAllRead() }
        // Over the list's states, not in them: what waits is shown also while the notifications cannot be loaded
        // (the server unreachable is when writes wait).
        let body = Box(.vertical)
        waitingStrip = viewModel.waiting.map { WaitingStrip(waiting: $0, bindings: bindings, classes: ["notice-strip"]) }
        if let waitingStrip { body.append(waitingStrip.root) }
        body.append(states)
        super.init(root: BarOverList.make(leading: [readChoice], trailing: [markAll], spacing: 8, list: body),
                   bindings: bindings)
        shownRows = { [unowned self] in rows }

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
        bindings.bind { [unowned self] in show(viewModel.rows) }
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

    /// Only the stretch that changed is replaced (a row marked read, a new one on top): the rest keep their place.
    private func show(_ new: [NotificationListRow]) {
        let change = RowListChange(from: rows, to: new)
        rows = new
        list.apply(change)
    }
}
