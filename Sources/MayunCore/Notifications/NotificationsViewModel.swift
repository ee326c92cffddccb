import Foundation
import GiteeKit
import Observation

/// The person's notification threads and private messages: unread first, mark one or all read (shown at once, put
/// back when the server refuses), refreshed in the background while logged in, and a desktop notification for each
/// new unread one while no Mayun window has the focus. Lives as long as the window (the Mine badge reads it).
@MainActor
@Observable
public final class NotificationsViewModel {
    /// Everything loaded, unread first then newest; the page shows `sections` (filtered and grouped).
    public internal(set) var items: [NotificationItem] = []
    /// Unread or all, mentions only, one repository (the page's filter bar).
    public var filter = NotificationFilter()
    public private(set) var state: ScreenState = .notLoaded(message: tr("Not loaded yet"))
    /// Shown over the list when a reload failed but the last answer is still on screen.
    public private(set) var banner: String?
    /// The server has older threads than those loaded (`showOlder()` reads the next page of them).
    public internal(set) var hasOlder = false
    /// Older threads are being read.
    public internal(set) var isLoadingOlder = false
    public var unreadCount: Int { items.reduce(0) { $0 + ($1.isUnread ? 1 : 0) } }
    public var desktopNotificationsEnabled: Bool {
        didSet { preferences.desktopNotifications = desktopNotificationsEnabled }
    }

    /// The poll interval now (it grows when Gitee says to slow down, and returns to `baseInterval` after a success).
    public private(set) var pollInterval: Double
    /// The ordinary interval between background refreshes (five minutes; tests shorten it).
    @ObservationIgnored public var baseInterval: Double = NotificationsViewModel.normalInterval {
        didSet { pollInterval = baseInterval }
    }

    /// Where clicked notifications lead and failures are told (set by the Coordinator).
    @ObservationIgnored weak var navigator: (any Navigator)?
    /// The desktop's notification service (set by MayunUI when the app starts).
    @ObservationIgnored public weak var desktop: (any DesktopNotifier)?
    @ObservationIgnored let client: GiteeClient
    @ObservationIgnored private let session: Session
    @ObservationIgnored private let preferences: any PreferencesStore
    @ObservationIgnored private var scheduler: (any PollScheduler)?
    @ObservationIgnored private var timer: (any PollTimer)?
    @ObservationIgnored private let load = LatestTask()
    /// Marking read goes through the one write path (shown at once, put back and told when the server refuses).
    @ObservationIgnored public let writes = ScreenWrites()
    /// What waits in the account's outbox, shown over the notifications (set by the Coordinator; none for the
    /// accounts watched in the background).
    @ObservationIgnored public var waiting: WaitingWrites?
    /// Everything seen since login with the time it was last updated; `nil` until the first answer, which is the
    /// baseline (never announced). A thread updated since (a new comment) is announced again, replacing its bubble.
    @ObservationIgnored private var seen: [NotificationItem.Key: Date]?
    @ObservationIgnored private var loggedInAs: String?
    /// Threads read with `showOlder()`, kept across background refreshes (which read only the first page), and the
    /// page that comes after them.
    @ObservationIgnored var olderThreads: [NotificationItem] = []
    @ObservationIgnored var olderPage: Pagination?

    public static let normalInterval: Double = 300
    public static let longestInterval: Double = 3600
    /// How many of each kind one load reads; older threads come a page at a time with `showOlder()`.
    static let pageSize = 50

    /// Answers to private messages (a composer over the list).
    @ObservationIgnored public let reply: MessageReplyComposer

    init(client: GiteeClient, session: Session, preferences: any PreferencesStore, drafts: DraftStore? = nil) {
        self.client = client
        self.session = session
        self.preferences = preferences
        reply = MessageReplyComposer(client: client, writes: writes, drafts: drafts,
                                     account: { [weak session] in session?.user?.login })
        desktopNotificationsEnabled = preferences.desktopNotifications
        pollInterval = Self.normalInterval
        writes.report = { [weak self] message in self?.tell(message) }
        reply.onSent = { [weak self] message in self?.tell(message) }
    }

    public var title: String { tr("Notifications") }
    public var markAllTitle: String { tr("Mark All as Read") }
    public var canMarkAll: Bool { unreadCount > 0 }
    /// "3" for the Mine badge, or nil when nothing is unread.
    public var badgeText: String? { unreadCount == 0 ? nil : unreadCount > 99 ? "99+" : "\(unreadCount)" }

    public func when(_ item: NotificationItem, now: Date = Date()) -> String {
        RelativeTime.describe(item.date, now: now) ?? ""
    }

    // MARK: Loading

    /// The page was opened: what the last poll found shows at once, and is asked for again.
    public func start() {
        if state == .loading { return }
        refresh()
    }

    public func refresh() {
        if items.isEmpty { state = .loading }
        load.run { [weak self] in await self?.reload(background: false) }
    }

    /// The page was left: its load stops (the background refresh goes on).
    public func cancel() { load.cancel() }

    /// Starts polling every `normalInterval` seconds (longer after 403/429); the first poll runs at once.
    public func startBackgroundRefresh(scheduler: any PollScheduler) {
        self.scheduler = scheduler
        timer?.invalidate()
        timer = nil
        Task { [weak self] in
            await self?.reload(background: true)
            self?.scheduleNext()
            // Watched only from here: the stored login being restored during the first poll is not a change.
            self?.pollWhenLoginChanges()
        }
    }

    /// Logging in (or out) refreshes at once rather than at the next tick, so the badge follows the person.
    private func pollWhenLoginChanges() {
        withObservationTracking { _ = session.isLoggedIn } onChange: { [weak self] in
            Task { @MainActor in
                guard let self, self.scheduler != nil else { return }
                self.poll()
                self.pollWhenLoginChanges()
            }
        }
    }

    public func stopBackgroundRefresh() {
        timer?.invalidate()
        timer = nil
        scheduler = nil
    }

    /// One background refresh, then the next is scheduled.
    func poll() {
        Task { [weak self] in
            await self?.reload(background: true)
            self?.scheduleNext()
        }
    }

    private func scheduleNext() {
        guard let scheduler else { return }
        timer?.invalidate()
        timer = scheduler.schedule(after: pollInterval) { [weak self] in self?.poll() }
    }

    private func reload(background: Bool) async {
        await session.start()
        guard !Task.isCancelled else { return }
        guard session.isLoggedIn else {
            forget()
            state = .empty(text: tr("Log in to see your notifications."))
            return
        }
        let login = session.user?.login ?? ""
        if loggedInAs != login {
            forget()
            loggedInAs = login
        }
        let mark = writes.mark()
        do {
            let threads = try await client.page(Endpoints.notificationThreads(perPage: Self.pageSize))
            let messages = try await client.page(Endpoints.privateMessages(perPage: Self.pageSize))
            guard !Task.isCancelled, session.isLoggedIn else { return }
            var fresh = threads.items.map(NotificationItem.init) + messages.items.map(NotificationItem.init)
            if writes.mayBeStale(since: mark) { keepReadMarks(in: &fresh) }
            keepOlderThreads(besides: fresh, firstPageNext: threads.next)
            apply(fresh)
            pollInterval = baseInterval
        } catch {
            guard !Task.isCancelled else { return }
            let error = GiteeError.from(error)
            slowDown(after: error)
            if !background || !items.isEmpty {
                if items.isEmpty { state = .failed(message: ErrorText.message(for: error)) }
                else { banner = ErrorText.banner(for: error, overSavedCopy: false) }
            }
        }
    }

    /// Gitee's "too many requests" (429, or 403 with no requests left) and plain 403s double the interval.
    private func slowDown(after error: GiteeError) {
        switch error {
        case .rateLimited(let resetAt):
            let untilReset = resetAt.map { $0.timeIntervalSinceNow } ?? 0
            pollInterval = min(Self.longestInterval, max(pollInterval * 2, untilReset))
        case .forbidden:
            pollInterval = min(Self.longestInterval, pollInterval * 2)
        default:
            break
        }
    }

    private func apply(_ fresh: [NotificationItem]) {
        let updated = Dictionary(fresh.map { ($0.id, $0.date ?? .distantPast) }, uniquingKeysWith: max)
        if let seen {
            let new = fresh.filter { item in
                guard item.isUnread else { return false }
                guard let last = seen[item.id] else { return true }
                return (item.date ?? .distantPast) > last
            }
            self.seen = seen.merging(updated, uniquingKeysWith: max)
            announce(new)
        } else {
            seen = updated
        }
        let freshIDs = Set(fresh.map(\.id))
        items = NotificationItem.ordered(fresh + olderThreads.filter { !freshIDs.contains($0.id) })
        banner = nil
        state = items.isEmpty ? .empty(text: tr("No notifications.")) : .content
    }

    private func forget() {
        items = []
        olderThreads = []
        olderPage = nil
        hasOlder = false
        seen = nil
        loggedInAs = nil
        banner = nil
    }

    private func announce(_ new: [NotificationItem]) {
        guard desktopNotificationsEnabled, let desktop, !desktop.isWindowFocused else { return }
        for item in new {
            let bubble = Self.bubble(for: item)
            // Plain, capped text: the desktop may read the body as markup (DesktopNotificationText).
            desktop.send(id: item.target, title: DesktopNotificationText.title(bubble.title),
                         body: DesktopNotificationText.body(bubble.body), target: item.target)
        }
    }

    /// A thread's bubble is titled with what it is about and says what happened, where; a message's is titled with
    /// its sender and says the message.
    nonisolated static func bubble(for item: NotificationItem) -> (title: String, body: String) {
        guard item.kind != .message else { return (item.context, item.title) }
        return (item.title, item.detail.isEmpty ? item.context : "\(item.detail)  ·  \(item.context)")
    }

    // MARK: Reading

    /// Marks one read at once; the server is told, and the row turns unread again if it refuses.
    public func markRead(_ key: NotificationItem.Key) {
        guard let index = items.firstIndex(where: { $0.id == key }), items[index].isUnread else { return }
        let endpoint = switch key {
        case .thread(let id): Endpoints.markNotificationRead(id: id)
        case .message(let id): Endpoints.markMessageRead(id: id)
        }
        let client = client
        writes.send(failure: tr("Could not mark as read: %@"),
                    apply: { setUnread(false, for: [key]) },
                    request: {
                        try await SettledWrite.perform({ try await client.send(endpoint) },
                                                       check: { try await ReadCheck.isRead(key, client: client) })
                    },
                    settle: { [weak self] _ in self?.desktop?.withdraw(id: NotificationItem.target(of: key)) },
                    rollBack: { [weak self] _ in self?.setUnread(true, for: [key]) })
    }

    /// Marks every unread one shown read (by id, so one that arrived meanwhile stays unread): threads and messages
    /// are two writes, each rolled back on its own.
    public func markAllRead() {
        let threadKeys = items.filter { if case .thread = $0.id { $0.isUnread } else { false } }.map(\.id)
        let messageKeys = items.filter { if case .message = $0.id { $0.isUnread } else { false } }.map(\.id)
        let client = client
        if !threadKeys.isEmpty {
            let ids = threadKeys.compactMap { key -> Int? in if case .thread(let id) = key { id } else { nil } }
            writes.send(failure: tr("Could not mark as read: %@"),
                        apply: { setUnread(false, for: threadKeys) },
                        request: {
                            try await SettledWrite.perform({ try await client.send(Endpoints.markAllNotificationsRead(ids: ids)) },
                                                           check: { try await ReadCheck.noneUnread(threads: ids, client: client) })
                        },
                        rollBack: { [weak self] _ in self?.setUnread(true, for: threadKeys) })
        }
        if !messageKeys.isEmpty {
            let ids = messageKeys.compactMap { key -> Int? in if case .message(let id) = key { id } else { nil } }
            writes.send(failure: tr("Could not mark as read: %@"),
                        apply: { setUnread(false, for: messageKeys) },
                        request: {
                            try await SettledWrite.perform({ try await client.send(Endpoints.markAllMessagesRead()) },
                                                           check: { try await ReadCheck.noneUnread(messages: ids, client: client) })
                        },
                        rollBack: { [weak self] _ in self?.setUnread(true, for: messageKeys) })
        }
    }

    /// An answer that may predate a mark-read keeps the rows shown read as read (a refused one was already put back).
    private func keepReadMarks(in fresh: inout [NotificationItem]) {
        let readHere = Set(items.filter { !$0.isUnread }.map(\.id))
        for index in fresh.indices where readHere.contains(fresh[index].id) { fresh[index].isUnread = false }
    }

    /// A row was clicked: it is read now, and its page opens (in Mayun when Mayun has one).
    public func activate(_ key: NotificationItem.Key) {
        guard let item = items.first(where: { $0.id == key }) else { return }
        markRead(key)
        if let link = item.link { navigator?.openLink(link) }
    }

    /// A desktop notification's "Mark as Read" button ("thread:12"): the same as the row's button; its bubble goes.
    public func markRead(target: String) {
        guard let item = items.first(where: { $0.target == target }), item.isUnread else {
            desktop?.withdraw(id: target)  // read already (here or on the website): only the bubble is left
            return
        }
        markRead(item.id)
    }

    /// A desktop notification was clicked ("thread:12"): the same as clicking its row.
    public func open(target: String) {
        guard let item = items.first(where: { $0.target == target }) else {
            navigator?.push(.notifications)
            return
        }
        activate(item.id)
    }

    private func setUnread(_ unread: Bool, for keys: [NotificationItem.Key]) {
        let wanted = Set(keys)
        for index in items.indices where wanted.contains(items[index].id) { items[index].isUnread = unread }
    }

    func tell(_ message: String) { navigator?.showToast(message) }

    /// Notifications read as old (a page of older threads): known from now on, never announced.
    func noteSeen(_ old: [NotificationItem]) {
        guard let known = seen else { return }
        let dates = Dictionary(old.map { ($0.id, $0.date ?? .distantPast) }, uniquingKeysWith: max)
        seen = known.merging(dates, uniquingKeysWith: max)
    }
}

extension NotificationsViewModel: ScreenModel {}
