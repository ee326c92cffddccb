import Foundation
import GiteeKit

/// Every logged-in account's notification poll (issue 26). The active account polls through its Coordinator's
/// `NotificationsViewModel`; each other stored account gets a model of its own here, on its own client (its token,
/// its server only) and session (restored from its keyring item), so a mention for the work account reaches the
/// desktop while the personal one is shown.
///
/// Desktop notifications carry their account in the target ("thread:12@<account>"), so a bubble's "Open" and
/// "Mark as Read" act on the account whose thread it is, whichever is active when the button is pressed; while more
/// than one account is known each bubble names its account ("alice@gitee.com").
///
/// A background account's model gets no `AppServices`: building one points the shared offline store at it.
@MainActor
public final class AccountNotifications {
    /// One background account's poll.
    final class Watcher {
        let account: Account
        let session: Session
        let model: NotificationsViewModel
        let notifier: AccountNotifier

        init(account: Account, session: Session, model: NotificationsViewModel, notifier: AccountNotifier) {
            self.account = account
            self.session = session
            self.model = model
            self.notifier = notifier
        }
    }

    /// What a desktop notification's target leads to.
    public enum Destination {
        /// The active account's thread (its Coordinator's model): `target` without the account.
        case active(target: String)
        /// Another account's thread, in that account's model.
        case other(AccountID, target: String)
        /// An account that has gone (removed, or logged out): only the bubble is left.
        case gone
    }

    private let accounts: Accounts
    private let preferences: any PreferencesStore
    private let makeScheduler: @MainActor () -> any PollScheduler
    /// The desktop's notification service (MayunUI's `DesktopNotifications`, made again at each switch).
    public weak var desktop: (any DesktopNotifier)? {
        didSet {
            activeNotifier?.desktop = desktop
            for watcher in watchers.values { watcher.notifier.desktop = desktop }
        }
    }
    /// Shortens every background account's interval (`MAYUN_NOTIFICATION_INTERVAL`, tests).
    public var baseInterval: Double?
    private(set) var watchers: [AccountID: Watcher] = [:]
    /// The active model's naming notifier (kept: the model holds its desktop weakly).
    private var activeNotifier: AccountNotifier?

    public init(accounts: Accounts, preferences: any PreferencesStore,
                makeScheduler: @escaping @MainActor () -> any PollScheduler) {
        self.accounts = accounts
        self.preferences = preferences
        self.makeScheduler = makeScheduler
    }

    /// "alice@gitee.com": how a bubble names its account.
    public nonisolated static func name(of account: AccountID) -> String {
        let host = URL(string: account.server).flatMap { url in url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } }
        return "\(account.login)@\(host ?? account.server)"
    }

    /// Hands the active account's model a notifier that tags and names its bubbles.
    public func attachActive(_ model: NotificationsViewModel) {
        let notifier = AccountNotifier(account: { [weak accounts] in accounts?.active?.id },
                                       namesAccount: { [weak accounts] in (accounts?.all.count ?? 0) > 1 },
                                       alwaysSends: false)
        notifier.desktop = desktop
        activeNotifier = notifier
        model.desktop = notifier
    }

    /// Polls every stored account but the active one, and stops polling the ones that went (removed, or active
    /// now). Called at start and whenever the list or the active account changes.
    public func sync() {
        let activeID = accounts.active?.id
        let wanted = Dictionary(accounts.list.accounts.filter { $0.id != activeID }.map { ($0.id, $0) },
                                uniquingKeysWith: { first, _ in first })
        for (id, watcher) in watchers where wanted[id] == nil {
            watcher.model.stopBackgroundRefresh()
            watchers[id] = nil
        }
        for (id, account) in wanted where watchers[id] == nil {
            watchers[id] = makeWatcher(for: account)
        }
    }

    public func stopAll() {
        for watcher in watchers.values { watcher.model.stopBackgroundRefresh() }
        watchers = [:]
    }

    private func makeWatcher(for account: Account) -> Watcher {
        let factory = accounts.factory
        let client = factory.makeClient(account.server)
        let session = Session(client: client, store: factory.keyring, account: account.login,
                              environment: factory.environment)
        let model = NotificationsViewModel(client: client, session: session, preferences: preferences)
        let id = account.id
        // A background account's bubbles go out even while a window has the focus: that window shows another
        // account, whose person cannot see this one's threads there.
        let notifier = AccountNotifier(account: { id }, namesAccount: { [weak accounts] in (accounts?.all.count ?? 0) > 1 },
                                       alwaysSends: true)
        notifier.desktop = desktop
        model.desktop = notifier
        if let baseInterval { model.baseInterval = baseInterval }
        model.startBackgroundRefresh(scheduler: makeScheduler())
        return Watcher(account: account, session: session, model: model, notifier: notifier)
    }

    // MARK: A bubble's buttons

    /// Which account's thread a notification's target names.
    public func destination(of target: String) -> Destination {
        let (inner, account) = AccountNotifier.split(target)
        guard let account else { return .active(target: inner) }
        if account == accounts.active?.id { return .active(target: inner) }
        if watchers[account] != nil { return .other(account, target: inner) }
        return .gone
    }

    /// "Mark as Read" on another account's bubble: marked read with that account's token.
    public func markRead(_ target: String, of account: AccountID) {
        watchers[account]?.model.markRead(target: target)
    }

    /// "Open" on another account's bubble: marked read with that account's token; the page to open in the window
    /// once it has switched to that account (nil: its notifications).
    public func open(_ target: String, of account: AccountID) -> String? {
        guard let model = watchers[account]?.model else { return nil }
        let link = model.items.first { $0.target == target }?.link
        model.markRead(target: target)
        return link
    }

    /// Takes a bubble down that no account can act on any more.
    public func withdraw(_ target: String) {
        desktop?.withdraw(id: target)
    }

    /// The model polling `account` in the background (tests).
    func model(of account: AccountID) -> NotificationsViewModel? { watchers[account]?.model }
}

/// Puts one account's bubbles on the desktop: ids and targets carry the account (two accounts' "thread:12" are two
/// threads), and the body names the account while more than one is known.
@MainActor
final class AccountNotifier: DesktopNotifier {
    weak var desktop: (any DesktopNotifier)?
    private let account: @MainActor () -> AccountID?
    private let namesAccount: @MainActor () -> Bool
    private let alwaysSends: Bool

    init(account: @escaping @MainActor () -> AccountID?, namesAccount: @escaping @MainActor () -> Bool, alwaysSends: Bool) {
        self.account = account
        self.namesAccount = namesAccount
        self.alwaysSends = alwaysSends
    }

    var isWindowFocused: Bool { alwaysSends ? false : desktop?.isWindowFocused ?? false }

    func send(id: String, title: String, body: String, target: String) {
        guard let desktop else { return }
        let account = account()
        // The account first, so the body's cap never cuts it off; the whole body is made plain again.
        let named = namesAccount() ? account.map { AccountNotifications.name(of: $0) + "  ·  " + body } : nil
        desktop.send(id: Self.tag(id, with: account), title: title,
                     body: named.map(DesktopNotificationText.body) ?? body, target: Self.tag(target, with: account))
    }

    func withdraw(id: String) { desktop?.withdraw(id: Self.tag(id, with: account())) }

    private nonisolated static let separator: Character = "@"

    /// "thread:12@<hex of server and login>": the hex makes any server and login (untrusted text) one safe token.
    nonisolated static func tag(_ target: String, with account: AccountID?) -> String {
        guard let account else { return target }
        let hex = Array("\(account.server)\n\(account.login)".utf8).map { String(format: "%02x", $0) }.joined()
        return target + String(separator) + hex
    }

    /// The target and its account, from a tagged target (a string that came back from the notification server).
    nonisolated static func split(_ tagged: String) -> (target: String, account: AccountID?) {
        guard let at = tagged.lastIndex(of: separator) else { return (tagged, nil) }
        let hex = tagged[tagged.index(after: at)...]
        guard hex.count.isMultiple(of: 2), hex.count <= 4096, !hex.isEmpty else { return (tagged, nil) }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return (tagged, nil) }
            bytes.append(byte)
            index = next
        }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return (tagged, nil) }
        return (String(tagged[..<at]), AccountID(server: String(parts[0]), login: String(parts[1])))
    }
}
