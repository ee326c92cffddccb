/// What a stored secret is for. The raw value is the `kind` attribute of the keyring item.
public enum CredentialKind: String, Sendable, CaseIterable {
    /// The single login of Mayun before accounts (issue 26): read once by `AccountUpgrade`, then removed. Its items
    /// carry no `login` attribute, so this kind is never used for an account's item (a lookup of `{server, kind}`
    /// would match every item that has more attributes, and a removal would remove them all).
    case login
    /// One account's login: access token, refresh token, expiry and who it belongs to (JSON), keyed by server and
    /// login (`CredentialKey.login`).
    case account
    /// The OAuth application used for password login (Settings). The id is not secret, but it belongs with its
    /// secret, and keeping both in one place means no settings schema change and one "forget" path.
    case oauthClientID = "oauth-client-id"
    case oauthClientSecret = "oauth-client-secret"
}

/// Where a secret lives: one per server (a FakeGitee token must never be sent to gitee.com), kind and, for an
/// account's login, the account's login name (the keyring item's `login` attribute).
public struct CredentialKey: Hashable, Sendable, CustomStringConvertible {
    public let server: String
    public let kind: CredentialKind
    public let login: String?

    public init(server: String, kind: CredentialKind, login: String? = nil) {
        self.server = server
        self.kind = kind
        self.login = login
    }

    public var description: String { "\(kind.rawValue) for \(login.map { $0 + " at " } ?? "")\(server)" }
}

/// Why a secret could not be kept or read. Every failure means the same to the app: the desktop keyring cannot be
/// used right now (no Secret Service on the bus, locked and not unlocked, prompt dismissed), so sessions stay in
/// memory only. The message is for logs, not for people.
public enum CredentialStoreError: Error, Equatable, Sendable {
    case unavailable(String)
}

/// Keeps secrets out of plain-text files. `KeyringCredentialStore` is the desktop keyring (libsecret); tests and a
/// keyring-less session use `InMemoryCredentialStore`.
///
/// Calls are made on the main actor and may suspend (a keyring prompt can take as long as the person needs).
@MainActor
public protocol CredentialStore: AnyObject {
    /// The secret stored under `key`, or `nil` when there is none.
    func secret(for key: CredentialKey) async throws(CredentialStoreError) -> String?
    /// Stores (or replaces) the secret under `key`; `label` is what keyring managers such as Seahorse show.
    func store(_ secret: String, for key: CredentialKey, label: String) async throws(CredentialStoreError)
    /// Removes the secret under `key` (nothing stored is not an error).
    func removeSecret(for key: CredentialKey) async throws(CredentialStoreError)
}

/// Secrets held in memory for the life of the process: for tests, and as the stand-in when no keyring exists.
@MainActor
public final class InMemoryCredentialStore: CredentialStore {
    public private(set) var secrets: [CredentialKey: String] = [:]
    /// When set, every call fails with it (tests of the "no keyring" path).
    public var failure: CredentialStoreError?
    /// How many writes and removals reached the store (tests check what was, and was not, stored).
    public private(set) var writeCount = 0
    /// How many reads reached the store (tests check when the keyring is, and is not, read).
    public private(set) var readCount = 0

    public init(secrets: [CredentialKey: String] = [:]) {
        self.secrets = secrets
    }

    public func secret(for key: CredentialKey) async throws(CredentialStoreError) -> String? {
        if let failure { throw failure }
        readCount += 1
        return secrets[key]
    }

    public func store(_ secret: String, for key: CredentialKey, label: String) async throws(CredentialStoreError) {
        if let failure { throw failure }
        writeCount += 1
        secrets[key] = secret
    }

    public func removeSecret(for key: CredentialKey) async throws(CredentialStoreError) {
        if let failure { throw failure }
        writeCount += 1
        secrets[key] = nil
    }
}
