import Foundation

/// The step from one login to accounts: the login an earlier Mayun kept (the keyring item `{server, kind: login}`)
/// becomes the first account, with no new login. Its item moves to `{server, kind: account, login}`, the offline
/// rows it fetched (owned by the bare login) go to the account's owner, and its drafts move to its folder.
///
/// Runs when there is no account list yet. A stored login that does not say whose it is (its `GET /user` never
/// answered) cannot become an account: it is left as it is and the upgrade is tried again at the next start.
@MainActor
public enum AccountUpgrade {
    public struct Outcome: Equatable, Sendable {
        /// The list to keep; nil when the upgrade must be tried again at the next start.
        public var list: AccountList?
    }

    /// - Parameters:
    ///   - legacyServer: the server attribute the earlier login was kept under (the `--server` URL as it was written).
    ///   - server: the same server in `ServerAddress`'s spelling, which accounts use.
    public static func run(legacyServer: String, server: String, keyring: (any CredentialStore)?,
                           offline: OfflineStore?, dataDirectory: URL) async -> Outcome {
        guard let keyring else { return Outcome(list: AccountList()) }
        let legacyKey = CredentialKey(server: legacyServer, kind: .login)
        let secret: String?
        do throws(CredentialStoreError) {
            secret = try await keyring.secret(for: legacyKey)
        } catch {
            return Outcome(list: nil)  // a locked or missing keyring: try again next time, lose nothing
        }
        guard let secret else { return Outcome(list: AccountList()) }
        guard let stored = StoredLogin.decode(secret) else {
            // Unreadable (hand-edited, a format older than these): as before accounts, the person logs in again.
            return Outcome(list: AccountList())
        }
        guard let user = stored.user, !user.login.isEmpty else { return Outcome(list: nil) }
        let account = Account(server: server, user: user)
        do throws(CredentialStoreError) {
            try await keyring.store(secret, for: CredentialKey(server: server, kind: .account, login: user.login),
                                    label: tr("Mayun login") + " (\(user.login), \(server))")
            try await keyring.removeSecret(for: legacyKey)
        } catch {
            return Outcome(list: nil)
        }
        offline?.reassignRows(from: user.login, to: account.storeOwner)
        moveDrafts(in: dataDirectory, to: account)
        return Outcome(list: AccountList(accounts: [account], active: account.id))
    }

    /// The drafts folder of one account (`accounts/<folder>/drafts` under the data folder).
    public static func draftsDirectory(of account: Account, in dataDirectory: URL) -> URL {
        accountDirectory(of: account, in: dataDirectory).appendingPathComponent("drafts")
    }

    public static func accountDirectory(of account: Account, in dataDirectory: URL) -> URL {
        dataDirectory.appendingPathComponent("accounts").appendingPathComponent(account.folderName)
    }

    private static func moveDrafts(in dataDirectory: URL, to account: Account) {
        let legacy = dataDirectory.appendingPathComponent("drafts")
        let destination = draftsDirectory(of: account, in: dataDirectory)
        guard FileManager.default.fileExists(atPath: legacy.path),
              !FileManager.default.fileExists(atPath: destination.path) else { return }
        try? PrivateFiles.makeFolder(destination.deletingLastPathComponent())
        try? FileManager.default.moveItem(at: legacy, to: destination)
    }
}
