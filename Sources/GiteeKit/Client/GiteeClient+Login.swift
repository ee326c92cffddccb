import Foundation

/// Logging in and out (the token requests themselves are in GiteeClient.swift, with the refresh).
extension GiteeClient {
    /// Password login (OAuth password grant) with `application`, or else `oauthClient`. On success the credential is
    /// in `auth` (and `onChange` fired).
    @discardableResult
    public func logIn(username: String, password: String, application: OAuthClient? = nil) async throws -> Token {
        guard let client = application ?? oauthClient else {
            throw GiteeError.validation("Password login needs an OAuth application: set its client ID and secret in Settings.")
        }
        let endpoint = Endpoints.passwordGrant(username: username, password: password, client: client)
        let token = try await tokenRequest(endpoint, isPasswordGrant: true)
        // The token belongs to this application: its refreshes must name the same one.
        oauthClient = client
        auth.use(.oauth(token))
        return token
    }

    /// Uses a personal access token after checking it with `GET /user`; answers who it belongs to.
    @discardableResult
    public func logIn(personalToken: String) async throws -> User {
        let previous = auth.credential
        auth.use(.personalToken(personalToken))
        do {
            return try await send(Endpoints.me())
        } catch {
            auth.use(previous)
            throw error
        }
    }

    public func logOut() { auth.logOut() }

    /// Writes the HTTP disk cache's index (call when the app quits).
    public func flushCache() { (transport as? SoupTransport)?.flushCache() }

    /// Empties the HTTP disk cache (at Log Out).
    public func clearCache() { (transport as? SoupTransport)?.clearCache() }
}
