import Foundation
import GiteeKit

/// The services of one identity (an account, or nobody, on one server) that every screen shares: built by
/// `AccountServicesFactory` (the app) or directly with a stub transport (tests). Switching accounts swaps the whole
/// value (`Accounts.services`): nothing of one account's client, session or drafts is reachable from the next.
@MainActor
public final class AppServices {
    public let client: GiteeClient
    public let store: OfflineStore?
    /// The client as screens use it: saved copies first, fresh answers saved (the only holder of store keys).
    public let cached: CachedClient
    /// Who is logged in (shares `client.auth`). Without one given, a session that stores nothing and ignores
    /// `MAYUN_TOKEN` (tests).
    public let session: Session
    /// Unsent issue drafts (under XDG_DATA_HOME in the app; a private temporary folder by default).
    public let drafts: DraftStore
    /// Each project's collaborators, for @mention completion in every composer (read once per project and account).
    public private(set) lazy var collaborators = CollaboratorDirectory(client: client) { [weak session] in
        guard let session, session.isLoggedIn else { return nil }
        return session.user?.login
    }

    /// The account's outbox: writes made while the server could not be reached, sent when it answers again
    /// (AppServices+Outbox.swift). Nil without an account (nothing is kept; such writes fail as before).
    public var outbox: Outbox? {
        didSet { attachOutbox() }
    }
    /// Told when an outbox is attached (the Coordinator gives it to the pages already open: a first login from an
    /// issue's "Log in to comment" goes back to a page made without one).
    public var onOutboxAttached: ((Outbox) -> Void)?

    public init(cached: CachedClient, session: Session? = nil, drafts: DraftStore? = nil) {
        self.cached = cached
        client = cached.client
        store = cached.store
        self.session = session ?? Session(client: client, store: nil, environment: [:])
        self.drafts = drafts ?? DraftStore(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("mayun-drafts-\(ProcessInfo.processInfo.processIdentifier)"))
        activate()
    }

    /// The server this identity talks to, in `ServerAddress`'s spelling (the only origin its token goes to).
    public var server: String { ServerAddress.normalized(client.configuration.server) }

    /// The offline rows of the logged-in account (owner: server and login); nil while logged out or not yet known.
    public var storeOwner: String? {
        guard client.auth.isLoggedIn, let login = session.user?.login ?? session.accountLogin, !login.isEmpty
        else { return nil }
        return Account.storeOwner(server: server, login: login)
    }

    public convenience init(client: GiteeClient, store: OfflineStore? = nil, session: Session? = nil,
                            drafts: DraftStore? = nil) {
        self.init(cached: CachedClient(client: client, store: store), session: session, drafts: drafts)
    }

    /// What is fetched with a token is saved under the login it belongs to, and goes at Log Out: the offline
    /// store's owned rows and (for entries an older Mayun wrote) the whole HTTP disk cache. Authenticated answers
    /// never enter the HTTP cache now, and images fetched with the token never enter the image cache.
    /// The offline store is shared by every account: `activate` (at start and at each switch to this identity)
    /// points it at this one's rows and server.
    public func activate() {
        let session = self.session, client = self.client, store = self.store
        let server = self.server
        store?.publicKeyPrefix = OfflineStore.publicKeyPrefix(forServer: server)
        store?.account = { [weak session, weak client] in
            guard let client, client.auth.isLoggedIn else { return .anonymous }
            guard let login = session?.user?.login, !login.isEmpty else { return .unknown }
            return .login(Account.storeOwner(server: server, login: login))
        }
        session.onLoggedOut = { [weak client, weak store, weak session] in
            // Only this account's rows go: the other accounts' stay theirs.
            if let login = session?.accountLogin { store?.forgetAccount(Account.storeOwner(server: server, login: login)) }
            client?.clearCache()
        }
    }
}
