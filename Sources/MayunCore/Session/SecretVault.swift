import Foundation
import Observation

/// The session's access to the credential store for one server: serializes writes (the last change always wins, even
/// when the keyring answers out of order), and notices when the keyring cannot be used.
///
/// After the first failure the store is left alone for the rest of the run: a keyring that is missing stays missing,
/// and one whose unlock prompt was dismissed should not prompt again on every token refresh. Secrets then live only
/// in memory (GiteeKit's `GiteeAuth`), never in a file.
@MainActor
@Observable
public final class SecretVault {
    /// False when there is no store, or it failed: logins last until Mayun quits.
    public private(set) var isAvailable: Bool

    @ObservationIgnored public let server: String
    @ObservationIgnored private let store: (any CredentialStore)?
    @ObservationIgnored private var lastWrite: Task<Void, Never>?

    public init(store: (any CredentialStore)?, server: String) {
        self.store = store
        self.server = server
        isAvailable = store != nil
    }

    /// The stored secret, or `nil` when there is none or the store is unusable. (The app's keyring answers after the
    /// window's first frame: the composition root wraps it in `ReadsAfterFirstFrame`.)
    public func secret(_ kind: CredentialKind, login: String? = nil) async -> String? {
        guard isAvailable, let store else { return nil }
        await lastWrite?.value  // read what was last written, not what was there before it
        do throws(CredentialStoreError) {
            return try await store.secret(for: key(kind, login: login))
        } catch {
            markUnavailable(error)
            return nil
        }
    }

    /// Stores `secret` (or removes the item when `nil`) after every earlier write has finished.
    public func write(_ secret: String?, _ kind: CredentialKind, login: String? = nil, label: String) {
        guard isAvailable, let store else { return }
        let previous = lastWrite
        let key = key(kind, login: login)
        lastWrite = Task { [weak self] in
            await previous?.value
            guard self?.isAvailable == true else { return }
            do throws(CredentialStoreError) {
                if let secret { try await store.store(secret, for: key, label: label) }
                else { try await store.removeSecret(for: key) }
            } catch {
                self?.markUnavailable(error)
            }
        }
    }

    /// Waits until every write asked for so far has reached the store (tests; quitting).
    public func settle() async {
        await lastWrite?.value
    }

    private func key(_ kind: CredentialKind, login: String?) -> CredentialKey {
        CredentialKey(server: server, kind: kind, login: login)
    }

    private func markUnavailable(_ error: CredentialStoreError) {
        guard isAvailable else { return }
        isAvailable = false
        // For whoever reads the log; the window shows `Session.storageNotice`.
        FileHandle.standardError.write(Data("mayun: keyring unavailable (\(error)); logins are kept in memory only\n".utf8))
    }
}
