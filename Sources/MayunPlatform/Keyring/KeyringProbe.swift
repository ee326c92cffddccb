import CSoup
import GLibRuntime
import MayunCore

/// Whether the desktop keyring can take a secret right now, found out without storing anything and without ever
/// showing an unlock prompt.
public enum KeyringState: Equatable, Sendable {
    /// A Secret Service answers and its default collection is unlocked.
    case ready
    /// The default collection exists but is locked: storing will ask the person to unlock it.
    case locked
    /// No Secret Service, or no default collection to store into (the message says which, for logs).
    case missing(String)
}

extension KeyringCredentialStore {
    /// Looks at the Secret Service and its default collection (tests use it to tell "no keyring here" from a bug).
    public static func probe() async -> KeyringState {
        let service: UnsafeMutablePointer<SecretService>
        do {
            service = try await gioAsync({ callback, data in
                secret_service_get(SECRET_SERVICE_NONE, nil, callback, data)
            }, finish: { result in
                var error: UnsafeMutablePointer<GError>?
                let service = secret_service_get_finish(result, &error)
                if let error { throw GLibError(consuming: error) }
                guard let service else { throw CredentialStoreError.unavailable("no Secret Service") }
                return service
            })
        } catch {
            return .missing(String(describing: error))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(service)) }

        let collection: UnsafeMutablePointer<SecretCollection>?
        do {
            collection = try await gioAsync({ callback, data in
                secret_collection_for_alias(service, "default", SECRET_COLLECTION_NONE, nil, callback, data)
            }, finish: { result in
                var error: UnsafeMutablePointer<GError>?
                let collection = secret_collection_for_alias_finish(result, &error)
                if let error { throw GLibError(consuming: error) }
                return collection
            })
        } catch {
            return .missing(String(describing: error))
        }
        guard let collection else { return .missing("the Secret Service has no default collection") }
        defer { g_object_unref(UnsafeMutableRawPointer(collection)) }
        return secret_collection_get_locked(collection) != 0 ? .locked : .ready
    }
}
