import Foundation
import GiteeKit

/// The long-lived services every screen shares, built once by the executable (tests build them with a stub transport).
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

    public init(cached: CachedClient, session: Session? = nil, drafts: DraftStore? = nil) {
        self.cached = cached
        client = cached.client
        store = cached.store
        self.session = session ?? Session(client: client, store: nil, environment: [:])
        self.drafts = drafts ?? DraftStore(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("mayun-drafts-\(ProcessInfo.processInfo.processIdentifier)"))
        keepPrivateDataPerAccount()
    }

    public convenience init(client: GiteeClient, store: OfflineStore? = nil, session: Session? = nil,
                            drafts: DraftStore? = nil) {
        self.init(cached: CachedClient(client: client, store: store), session: session, drafts: drafts)
    }

    /// What is fetched with a token is saved under the login it belongs to, and goes at Log Out: the offline
    /// store's owned rows and (for entries an older Mayun wrote) the whole HTTP disk cache. Authenticated answers
    /// never enter the HTTP cache now, and images fetched with the token never enter the image cache.
    private func keepPrivateDataPerAccount() {
        let session = self.session, client = self.client, store = self.store
        store?.account = { [weak session, weak client] in
            guard let client, client.auth.isLoggedIn else { return .anonymous }
            guard let login = session?.user?.login, !login.isEmpty else { return .unknown }
            return .login(login)
        }
        session.onLoggedOut = { [weak client, weak store] in
            store?.forgetAccounts()
            client?.clearCache()
        }
    }
}
