import Foundation
import GiteeKit
import Observation

/// The OAuth application Mayun uses for email + password login. Gitee has no public client for third-party apps, so
/// the person registers one (Gitee: Settings -> Third-party applications) and enters its client ID and secret in
/// Mayun's Settings. Both are kept in the keyring (the secret is a credential). `MAYUN_OAUTH_CLIENT_ID` and
/// `MAYUN_OAUTH_CLIENT_SECRET` supply them for scripted use (demo, end-to-end tests) without storing them.
@MainActor
@Observable
public final class OAuthClientSettings {
    /// The application in use, or `nil` when password login is not possible yet.
    public private(set) var client: OAuthClient?
    /// True when the environment supplies the application (Settings then shows it but cannot change it).
    public let isFromEnvironment: Bool
    /// True once the stored application has been read (the Settings fields fill in then).
    public private(set) var isLoaded = false

    @ObservationIgnored private let vault: SecretVault
    /// Told whenever `client` changes (the session hands it to `GiteeClient`, whose token refreshes name it).
    @ObservationIgnored public var onChange: (@MainActor (OAuthClient?) -> Void)?

    public init(vault: SecretVault, environment: [String: String]) {
        self.vault = vault
        let id = environment["MAYUN_OAUTH_CLIENT_ID"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let secret = environment["MAYUN_OAUTH_CLIENT_SECRET"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if !id.isEmpty {
            client = OAuthClient(id: id, secret: secret)
            isFromEnvironment = true
            isLoaded = true
        } else {
            isFromEnvironment = false
        }
    }

    /// Reads the stored application (once, at start).
    public func load() async {
        guard !isLoaded else { return }
        defer { isLoaded = true }
        guard let id = await vault.secret(.oauthClientID), !id.isEmpty else { return }
        let secret = await vault.secret(.oauthClientSecret) ?? ""
        // Settings may have been saved while the keyring was being read: what the person typed wins.
        if client == nil {
            client = OAuthClient(id: id, secret: secret)
            onChange?(client)
        }
    }

    /// Uses and stores a new application; empty fields forget it. Answers whether it is now configured.
    @discardableResult
    public func save(id rawID: String, secret rawSecret: String) -> Bool {
        guard !isFromEnvironment else { return client != nil }
        let id = rawID.trimmingCharacters(in: .whitespacesAndNewlines)
        let secret = rawSecret.trimmingCharacters(in: .whitespacesAndNewlines)
        let label = tr("Mayun OAuth application") + " (\(vault.server))"
        if id.isEmpty {
            client = nil
            onChange?(nil)
            vault.write(nil, .oauthClientID, label: label)
            vault.write(nil, .oauthClientSecret, label: label)
            return false
        }
        client = OAuthClient(id: id, secret: secret)
        onChange?(client)
        vault.write(id, .oauthClientID, label: label)
        vault.write(secret.isEmpty ? nil : secret, .oauthClientSecret, label: label)
        return true
    }
}
