import Foundation

/// Who the client acts as. Holds the credential in memory only; the app persists it (keyring) through `onChange`.
/// Tokens are only ever sent in the `Authorization` header, never in URLs, logs or cached responses.
@MainActor
public final class GiteeAuth {
    public enum Credential: Sendable, Hashable, Codable {
        /// A personal access token pasted by the person (no refresh possible).
        case personalToken(String)
        /// An OAuth token from the password grant, refreshed silently.
        case oauth(Token)

        var accessToken: String {
            switch self {
            case .personalToken(let token): return token
            case .oauth(let token): return token.accessToken
            }
        }
    }

    public private(set) var credential: Credential?
    /// Called whenever the credential changes (login, silent refresh, expiry, logout), for the keyring.
    public var onChange: (@MainActor (Credential?) -> Void)?

    public init(credential: Credential? = nil) {
        self.credential = credential
    }

    public var isLoggedIn: Bool { credential != nil }

    /// Bumped whenever the person the credential speaks for may have changed (Log Out, another login), not on a
    /// silent refresh: an answer to a request sent with the token under an older account is never used.
    public private(set) var account = 0
    /// GiteeClient's hook: cancels the requests in flight that carried the old token.
    var accountEnded: (@MainActor () -> Void)?

    public func use(_ credential: Credential?) {
        guard credential != self.credential else { return }
        let wasLoggedIn = self.credential != nil
        self.credential = credential
        if wasLoggedIn {
            account &+= 1
            accountEnded?()
        }
        onChange?(credential)
    }

    /// A refreshed token for the same login: requests in flight stay this account's.
    func refreshed(_ credential: Credential) {
        guard credential != self.credential else { return }
        self.credential = credential
        onChange?(credential)
    }

    public func logOut() { use(nil) }

    var accessToken: String? { credential?.accessToken }

    var refreshToken: String? {
        if case .oauth(let token) = credential { return token.refreshToken }
        return nil
    }

    var needsRefreshBeforeUse: Bool {
        if case .oauth(let token) = credential { return token.refreshToken != nil && token.isExpired() }
        return false
    }
}
