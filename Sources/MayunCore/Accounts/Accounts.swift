import Foundation
import Observation

/// Every account Mayun knows, the active one, and its services (`services`): the one value a switch swaps. The
/// window binds to `services` and rebuilds its pages under the new identity when it changes.
///
/// Every stored account polls for its own notifications: the active one through its Coordinator's
/// `NotificationsViewModel`, the others through `AccountNotifications` (each on its own client and token). A bubble
/// names its account while there are several, and opening another account's bubble switches to that account first,
/// so its page opens under the identity that can see it.
///
/// `MAYUN_TOKEN` (scripts, tests) is an account for this run only: listed while it runs, never written to the list
/// or the keyring.
@MainActor
@Observable
public final class Accounts {
    public private(set) var list: AccountList
    /// The identity in use. Replaced whole by `switchTo`, `adopt` and `remove`.
    public private(set) var services: AppServices
    /// The `MAYUN_TOKEN` login, once the server named it.
    public private(set) var environmentAccount: Account?
    /// Why the list could not be written (the accounts then last until Mayun quits).
    public private(set) var saveError: String?

    /// Every account to show in the switcher: the environment's first, then the stored ones.
    public var all: [Account] { (environmentAccount.map { [$0] } ?? []) + list.accounts }
    /// The account of `services` (nil while nobody is logged in).
    public var active: Account? {
        if let environmentServices, services === environmentServices { return environmentAccount }
        return list.activeAccount
    }

    @ObservationIgnored public let factory: AccountServicesFactory
    @ObservationIgnored private let file: AccountListFile?
    @ObservationIgnored private var environmentServices: AppServices?
    /// The server of a logged-out start (`--server`, or the last active account's).
    @ObservationIgnored public private(set) var defaultServer: String

    /// - Parameters:
    ///   - list: the stored accounts (after `AccountUpgrade` when there was no list).
    ///   - server: the `--server` of this run: its account is made active when the active one is on another server.
    public init(list: AccountList, file: AccountListFile?, factory: AccountServicesFactory, server: String,
                environmentToken: String? = nil) {
        var list = list
        if let active = list.activeAccount, active.server != server {
            list.active = list.accounts.first { $0.server == server }?.id
        }
        self.list = list
        self.file = file
        self.factory = factory
        defaultServer = server
        if let environmentToken {
            let services = factory.make(server: server, account: nil, environmentToken: environmentToken)
            environmentServices = services
            self.services = services
        } else {
            services = factory.make(server: server, account: list.activeAccount)
        }
        watch(services)
    }

    // MARK: Inputs

    /// Makes `id` the active account: new services under its identity (its client, token, session and drafts).
    public func switchTo(_ id: AccountID) {
        guard id != active?.id else { return }
        if let environmentAccount, environmentAccount.id == id, let environmentServices {
            replaceServices(with: environmentServices)
            return
        }
        guard let account = list.accounts.first(where: { $0.id == id }) else { return }
        list.active = id
        save()
        replaceServices(with: factory.make(server: account.server, account: account))
    }

    /// Services for a new account on `server`, not yet active: the Add Account form logs in through its session,
    /// then `adopt`s it (no keyring round trip, so it works without a keyring too).
    public func candidate(server: String) -> AppServices {
        factory.make(server: server, account: nil)
    }

    /// A candidate whose session has logged in becomes an account and the active one.
    public func adopt(_ candidate: AppServices) {
        guard let user = candidate.session.user else { return }
        let account = Account(server: candidate.server, user: user)
        list.upsert(account)
        list.active = account.id
        save()
        // The candidate's store was the shared "nobody yet" folder and the form wrote nothing there: the account's
        // drafts are its own folder's, and nothing left in the shared one (an earlier session's) comes with it.
        candidate.drafts.relocate(to: AccountUpgrade.draftsDirectory(of: account, in: factory.dataDirectory), carrying: false)
        factory.attachOutbox(to: candidate, for: account)
        replaceServices(with: candidate)
    }

    /// Removes `id` (asked first by the window) and wipes its private data; when it was active the next account
    /// (or nobody, on its server) takes over.
    public func remove(_ id: AccountID) async {
        guard let account = list.accounts.first(where: { $0.id == id }) else { return }
        let wasActive = active?.id == id
        list.remove(id)
        save()
        if wasActive {
            // The old session's credential goes from memory; `wipe` removes its item, rows and drafts.
            services.session.onLoggedOut = nil
            services.client.logOut()
            let next = list.activeAccount
            replaceServices(with: factory.make(server: next?.server ?? account.server, account: next))
        }
        await factory.wipe(account)
    }

    /// The list `AccountUpgrade` made from an earlier single login (first start with accounts): kept, and its
    /// account made active unless a login happened meanwhile or `MAYUN_TOKEN` is in use.
    public func adoptUpgraded(_ upgraded: AccountList) {
        for account in upgraded.accounts where !list.accounts.contains(where: { $0.id == account.id }) {
            list.accounts.append(account)
        }
        let nobodyYet = list.active == nil && environmentServices == nil && !services.session.isLoggedIn
        if nobodyYet, let active = upgraded.activeAccount, active.server == defaultServer {
            list.active = active.id
            save()
            replaceServices(with: factory.make(server: active.server, account: active))
        } else {
            save()
        }
    }

    // MARK: Keeping the list in step with the session

    private func replaceServices(with next: AppServices) {
        next.activate()
        services = next
        watch(next)
    }

    private func watch(_ services: AppServices) {
        services.session.onUserChanged = { [weak self, weak services] user in
            guard let self, let services else { return }
            self.userChanged(user, in: services)
        }
    }

    private func userChanged(_ user: SessionUser, in services: AppServices) {
        let account = Account(server: services.server, user: user)
        if services === environmentServices {
            // The token's drafts go to its login's own folder; what this run saved before the login was named goes
            // with them, unless another login was named before (then nothing is carried from one to the other).
            services.drafts.relocate(to: factory.environmentDraftsDirectory(of: account), carrying: environmentAccount == nil)
            factory.attachEnvironmentOutbox(to: services, for: account)
            environmentAccount = account
            return
        }
        list.upsert(account)
        if services === self.services { list.active = account.id }
        save()
        // A first login in a session that had no account: what it wrote goes where that account's drafts are kept.
        // A session that was already an account's and now names another never hands its drafts over.
        let nobodyYet = factory.draftsDirectory(server: services.server, account: nil, environmentToken: nil)
        services.drafts.relocate(to: AccountUpgrade.draftsDirectory(of: account, in: factory.dataDirectory),
                                 carrying: services.drafts.directory.path == nobodyYet.path)
        factory.attachOutbox(to: services, for: account)
    }

    private func save() {
        guard let file else { return }
        saveError = file.save(list).map { String(describing: $0) }
    }
}
