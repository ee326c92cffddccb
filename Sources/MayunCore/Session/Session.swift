import Foundation
import GiteeKit
import Observation

/// Who is logged in, for the whole app. Restores the stored login at start (or takes `MAYUN_TOKEN`, never storing
/// it), logs in with email + password (OAuth password grant) or a personal access token, logs out, and keeps the
/// keyring in step with GiteeKit's credential, including silent refreshes (`GiteeAuth.onChange`).
///
/// GiteeKit holds the credential itself and attaches it to requests; the session decides what is remembered.
@MainActor
@Observable
public final class Session {
    // MARK: Outputs

    public private(set) var isLoggedIn = false
    /// The person logged in; `nil` while logged out, or logged in but not yet (or, offline, not) fetched.
    public private(set) var user: SessionUser?
    /// True until the stored login has been looked at, so Mine does not flash the login form at every start.
    public private(set) var isRestoring = true
    /// True when the current login came from `MAYUN_TOKEN` (it is used but never stored).
    public private(set) var usesEnvironmentToken = false
    public let oauth: OAuthClientSettings

    public var keyringAvailable: Bool { vault.isAvailable }
    /// Said wherever logging in happens, when logins cannot be remembered.
    public var storageNotice: String? {
        if usesEnvironmentToken { return tr("Logged in with the MAYUN_TOKEN environment variable: it is not stored.") }
        if keyringAvailable { return nil }
        return tr("No keyring is available, so your login is kept only until Mayun quits.")
    }

    // MARK: State

    @ObservationIgnored public let client: GiteeClient
    @ObservationIgnored public let vault: SecretVault
    @ObservationIgnored private let environmentToken: String?
    @ObservationIgnored private var pendingAction: (@MainActor () -> Void)?
    /// While a login or the restore is running, credential changes are handled by that flow, not by `onChange`.
    @ObservationIgnored private var flowInProgress = false
    @ObservationIgnored private var startTask: Task<Void, Never>?
    /// Runs whenever the login ends (Log Out, or a token that stopped working): `AppServices` wipes what was
    /// fetched with it from the disk.
    @ObservationIgnored public var onLoggedOut: (@MainActor () -> Void)?
    /// Runs when a login succeeds or the server names the person anew (`Accounts` keeps the account list in step).
    @ObservationIgnored public var onUserChanged: (@MainActor (SessionUser) -> Void)?
    /// The account whose keyring item this session reads and writes (its `login` attribute). Nil for a session that
    /// has no account yet (the first login, or adding one): the login becomes the account once the server names it.
    @ObservationIgnored public private(set) var accountLogin: String?

    /// - Parameters:
    ///   - store: the keyring (`nil` when none can exist, e.g. no session bus).
    ///   - account: the login of the account this session is for (its keyring item); nil when there is none yet.
    ///   - environment: `MAYUN_TOKEN`, `MAYUN_OAUTH_CLIENT_ID`, `MAYUN_OAUTH_CLIENT_SECRET` are read from it (the
    ///     composition root passes `LaunchOptions.sessionEnvironment`; nothing here reads the process environment).
    public init(client: GiteeClient, store: (any CredentialStore)?, account: String? = nil,
                environment: [String: String] = [:]) {
        self.client = client
        accountLogin = account
        vault = SecretVault(store: store, server: client.configuration.server)
        oauth = OAuthClientSettings(vault: vault, environment: environment)
        let token = environment["MAYUN_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        environmentToken = token.isEmpty ? nil : token
        client.auth.onChange = { [weak self] credential in self?.credentialChanged(credential) }
        // The registered application also names itself when a token is refreshed (Gitee's refresh grant).
        if let application = oauth.client { client.oauthClient = application }
        oauth.onChange = { [weak client] application in client?.oauthClient = application }
    }

    // MARK: Inputs

    /// Starts restoring the login (once). Until the stored credential is in place the client's requests wait for it,
    /// so nothing asked meanwhile goes out as nobody.
    public func beginRestore() {
        guard startTask == nil else { return }
        let applying = Task { await applyStoredLogin() }
        if environmentToken == nil, accountLogin != nil { client.holdRequests(until: applying) }
        startTask = Task {
            await applying.value
            await finishRestore()
        }
    }

    /// Restores the login (once; later calls wait for the first). Call at app start.
    public func start() async {
        beginRestore()
        await startTask?.value
    }

    /// Logs in with the OAuth password grant. Throws `GiteeError.oauth` when Gitee's OAuth server refuses (a wrong email or
    /// password is `invalid_grant`; a missing scope `invalid_scope`; a wrong application `invalid_client`).
    public func logIn(email: String, password: String) async throws(GiteeError) {
        guard let application = oauth.client else {
            throw .validation(tr("Password login needs an OAuth application: enter its client ID and secret in Preferences."))
        }
        try await runLogin {
            try await self.client.logIn(username: email, password: password, application: application)
            return try await self.fetchUserAfterLogin()
        }
    }

    /// Logs in with a personal access token (checked with `GET /user`).
    public func logIn(personalToken: String) async throws(GiteeError) {
        try await runLogin {
            let token = personalToken.trimmingCharacters(in: .whitespacesAndNewlines)
            return try await SessionUser(self.client.logIn(personalToken: token))
        }
    }

    /// Forgets the login here and in the keyring. A pending "after login" action is dropped.
    public func logOut() {
        pendingAction = nil
        client.logOut()  // -> credentialChanged(nil), which clears the keyring item and wipes private data
        if flowInProgress { onLoggedOut?() }
    }

    /// Runs `action` once the person is logged in: now when already logged in, otherwise after the next successful
    /// login. A later call replaces an earlier pending action; `cancelPendingAction()` drops it.
    public func afterLogin(_ action: @escaping @MainActor () -> Void) {
        if isLoggedIn {
            action()
        } else {
            pendingAction = action
        }
    }

    /// The login that was asked for was abandoned (login page closed): the action waiting for it must not run later.
    public func cancelPendingAction() {
        pendingAction = nil
    }

    public var hasPendingAction: Bool { pendingAction != nil }

    // MARK: Restore

    private func applyStoredLogin() async {
        // Applying the stored credential must not write it straight back.
        flowInProgress = true
        if let environmentToken {
            usesEnvironmentToken = true
            client.auth.use(.personalToken(environmentToken))
        } else if let accountLogin, let secret = await vault.secret(.account, login: accountLogin),
                  let stored = StoredLogin.decode(secret) {
            user = stored.user
            client.auth.use(stored.credential)
        }
        isLoggedIn = client.auth.isLoggedIn
        flowInProgress = false
        isRestoring = false
    }

    private func finishRestore() async {
        await oauth.load()
        if isLoggedIn { await refreshUser() }
    }

    /// Re-reads who is logged in. A token the server rejects (after GiteeKit's own refresh attempt) ends the login.
    private func refreshUser() async {
        do {
            let fetched = SessionUser(try await client.send(Endpoints.me()))
            guard client.auth.isLoggedIn, fetched != user else { return }
            user = fetched
            rememberCredential()
            onUserChanged?(fetched)
        } catch GiteeError.unauthorized {
            // When the refresh failed GiteeKit has dropped the credential already (and `onChange` cleaned up).
            if client.auth.isLoggedIn { client.logOut() }
        } catch {
            // Offline or the server is down: keep the login and the stored name; the next start tries again.
        }
    }

    // MARK: Login

    private func runLogin(_ body: () async throws -> SessionUser?) async throws(GiteeError) {
        flowInProgress = true
        defer { flowInProgress = false }
        do {
            let fetched = try await body()
            user = fetched
            usesEnvironmentToken = false
            isLoggedIn = client.auth.isLoggedIn
            rememberCredential()
            if let fetched { onUserChanged?(fetched) }
        } catch {
            isLoggedIn = client.auth.isLoggedIn
            throw Self.giteeError(error)
        }
        let action = pendingAction
        pendingAction = nil
        action?()
    }

    /// After a password grant: the token is good, so only a rejected token makes the login fail; when `GET /user`
    /// fails for another reason the person is logged in and the name comes later.
    private func fetchUserAfterLogin() async throws -> SessionUser? {
        do {
            return SessionUser(try await client.send(Endpoints.me()))
        } catch GiteeError.unauthorized(let message) {
            client.logOut()
            throw GiteeError.unauthorized(message)
        } catch {
            return nil
        }
    }

    // MARK: Keeping the keyring in step

    /// GiteeKit changed the credential by itself (silent refresh, a refresh token that stopped working) or on logout.
    private func credentialChanged(_ credential: GiteeAuth.Credential?) {
        guard !flowInProgress else { return }
        isLoggedIn = credential != nil
        if credential == nil {
            user = nil
            onLoggedOut?()
            // An environment token was never stored: leave the keyring (the person's own login) alone.
            if usesEnvironmentToken {
                usesEnvironmentToken = false
                return
            }
        }
        rememberCredential()
    }

    /// Writes the credential to the account's keyring item (`{server, kind: account, login}`). A login the server
    /// has not named yet (a password grant whose `GET /user` failed) has no account to be kept under: it lasts until
    /// Mayun quits. A session whose login changes (another person logged in here) moves to that person's item.
    private func rememberCredential() {
        guard !usesEnvironmentToken else { return }
        if let login = user?.login, !login.isEmpty { accountLogin = login }
        guard let accountLogin else { return }
        let secret = client.auth.credential.map { StoredLogin(credential: $0, user: user).encoded() }
        vault.write(secret, .account, login: accountLogin, label: tr("Mayun login") + " (\(accountLogin), \(vault.server))")
    }

    // MARK: Helpers

    private static func giteeError(_ error: any Error) -> GiteeError { GiteeError.from(error) }
}
