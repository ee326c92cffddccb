import Foundation
import GiteeKit

/// Builds the `AppServices` of one identity: a client for its server alone, a session on its keyring item, its
/// drafts folder; the offline store and the keyring are shared (each keyed by account). The app's composition root
/// gives the real parts; tests give a stub client maker.
@MainActor
public struct AccountServicesFactory {
    public let keyring: (any CredentialStore)?
    public let offline: OfflineStore?
    public let dataDirectory: URL
    /// A client for one server (its base URL): the only place a token for that server is ever attached.
    public let makeClient: @MainActor (String) -> GiteeClient
    /// The session's settings (`MAYUN_OAUTH_CLIENT_*`); `MAYUN_TOKEN` is passed on its own to `make`.
    public let environment: [String: String]
    /// Opens an account's outbox file (the app: MayunPlatform's `Outbox(file:)`).
    public let openOutbox: @MainActor (URL) -> Outbox

    public init(keyring: (any CredentialStore)?, offline: OfflineStore?, dataDirectory: URL,
                environment: [String: String] = [:], openOutbox: @escaping @MainActor (URL) -> Outbox,
                makeClient: @escaping @MainActor (String) -> GiteeClient) {
        self.openOutbox = openOutbox
        self.keyring = keyring
        self.offline = offline
        self.dataDirectory = dataDirectory
        self.environment = environment
        self.makeClient = makeClient
    }

    /// The services of `account` (nil: nobody yet, on `server`). `environmentToken` is `MAYUN_TOKEN` (used, never
    /// stored). The session starts restoring at once.
    public func make(server: String, account: Account?, environmentToken: String? = nil) -> AppServices {
        let client = makeClient(account?.server ?? server)
        var environment = self.environment
        environment[EnvironmentToken.variable] = environmentToken
        let session = Session(client: client, store: keyring, account: account?.login, environment: environment)
        let drafts = DraftStore(directory: draftsDirectory(server: server, account: account, environmentToken: environmentToken))
        let services = AppServices(cached: CachedClient(client: client, store: offline), session: session, drafts: drafts)
        session.beginRestore()
        if let account { attachOutbox(to: services, for: account) }
        return services
    }

    /// Gives `services` the outbox of `account` (when they are made, and at a first login in services that had no
    /// account yet). Kept in the account's folder under the data folder (never the cache); it goes with `wipe`.
    public func attachOutbox(to services: AppServices, for account: Account) {
        let file = Outbox.file(inAccountFolder: AccountUpgrade.accountDirectory(of: account, in: dataDirectory))
        guard services.outbox?.fileURL != file else { return }
        services.outbox = openOutbox(file)
    }

    /// Gives a `MAYUN_TOKEN` session, once the server named its login, that login's outbox: one file per server and
    /// login under the data folder, apart from every account's (the token is never stored, but what its person wrote
    /// while the server could not be reached waits like anyone's, also across a restart with the same token).
    public func attachEnvironmentOutbox(to services: AppServices, for login: Account) {
        let folder = dataDirectory.appendingPathComponent("outbox-environment-token", isDirectory: true)
            .appendingPathComponent(DraftStore.encode(login.server), isDirectory: true)
            .appendingPathComponent(login.folderName, isDirectory: true)
        let file = Outbox.file(inAccountFolder: folder)
        guard services.outbox?.fileURL != file else { return }
        services.outbox = openOutbox(file)
    }

    /// An account's own folder; a `MAYUN_TOKEN` session's own folder per server until the server names its login
    /// (`environmentDraftsDirectory`), apart from every account's; else the shared "nobody yet" folder.
    func draftsDirectory(server: String, account: Account?, environmentToken: String?) -> URL {
        if let account { return AccountUpgrade.draftsDirectory(of: account, in: dataDirectory) }
        if environmentToken != nil {
            return dataDirectory.appendingPathComponent("drafts-environment-token", isDirectory: true)
                .appendingPathComponent(DraftStore.encode(server), isDirectory: true)
        }
        return dataDirectory.appendingPathComponent("drafts")
    }

    /// A `MAYUN_TOKEN` login's drafts, once the server named it: one folder per login, so two tokens of two people
    /// on one server never share a draft, and none is ever an account's.
    func environmentDraftsDirectory(of login: Account) -> URL {
        draftsDirectory(server: login.server, account: nil, environmentToken: "")
            .appendingPathComponent(login.folderName, isDirectory: true)
    }

    /// Removes what is private to `account`: its keyring item, its offline rows and its folder (drafts). Nothing of
    /// another account is touched.
    public func wipe(_ account: Account) async {
        try? await keyring?.removeSecret(for: CredentialKey(server: account.server, kind: .account, login: account.login))
        offline?.forgetAccount(account.storeOwner)
        try? FileManager.default.removeItem(at: AccountUpgrade.accountDirectory(of: account, in: dataDirectory))
    }
}
