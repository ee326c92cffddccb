import CSoup
import GLibRuntime
import MayunCore

/// Secrets in the desktop keyring through libsecret's Secret Service client (gnome-keyring, KWallet's bridge,
/// KeePassXC...). Items use the schema `io.gitee.Mayun.Token` with the attributes `server` and `kind` (and `login` for
/// an account's item), land in the
/// default collection, and are read and written with libsecret's asynchronous calls, so a slow keyring or an unlock
/// prompt never blocks the main loop.
///
/// libsecret's convenience calls are variadic in C; the `*v` forms take the attributes as a `GHashTable`.
@MainActor
public final class KeyringCredentialStore: CredentialStore {
    public static let schemaName = "io.gitee.Mayun.Token"

    private let schemaName: String
    /// Made on first use, not with the store: the store is made at start, and its first use comes after the first
    /// frame (`ReadsAfterFirstFrame`).
    private var madeSchema: UnsafeMutablePointer<SecretSchema>?

    public init(schemaName: String = KeyringCredentialStore.schemaName) {
        self.schemaName = schemaName
    }

    isolated deinit { if let madeSchema { secret_schema_unref(madeSchema) } }

    private var schema: UnsafeMutablePointer<SecretSchema> {
        if let madeSchema { return madeSchema }
        let types = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nil)
        for name in ["server", "kind", "login"] {
            g_hash_table_insert(types, g_strdup(name), gpointer(bitPattern: Int(SECRET_SCHEMA_ATTRIBUTE_STRING.rawValue)))
        }
        // SECRET_SCHEMA_NONE: items are matched on our attributes only, not on the schema name libsecret adds.
        let schema = secret_schema_newv(schemaName, SECRET_SCHEMA_NONE, types)!
        g_hash_table_unref(types)
        madeSchema = schema
        return schema
    }

    public func secret(for key: CredentialKey) async throws(CredentialStoreError) -> String? {
        let attributes = Attributes(key)
        return try await run { callback, data in
            secret_password_lookupv(schema, attributes.table, nil, callback, data)
        } finish: { result in
            var error: UnsafeMutablePointer<GError>?
            let value = secret_password_lookup_finish(result, &error)
            if let error { throw GLibError(consuming: error) }
            guard let value else { return nil }
            defer { secret_password_free(value) }  // wipes the copy before freeing it
            return String(cString: value)
        }
    }

    public func store(_ secret: String, for key: CredentialKey, label: String) async throws(CredentialStoreError) {
        let attributes = Attributes(key)
        let _: Bool = try await run { callback, data in
            secret_password_storev(schema, attributes.table, nil, label, secret, nil, callback, data)
        } finish: { result in
            var error: UnsafeMutablePointer<GError>?
            let stored = secret_password_store_finish(result, &error) != 0
            if let error { throw GLibError(consuming: error) }
            return stored
        }
    }

    public func removeSecret(for key: CredentialKey) async throws(CredentialStoreError) {
        let attributes = Attributes(key)
        let _: Bool = try await run { callback, data in
            secret_password_clearv(schema, attributes.table, nil, callback, data)
        } finish: { result in
            var error: UnsafeMutablePointer<GError>?
            // FALSE without an error means there was nothing to remove: that is fine.
            let removed = secret_password_clear_finish(result, &error) != 0
            if let error { throw GLibError(consuming: error) }
            return removed
        }
    }

    /// Runs one libsecret call pair and turns any failure into "the keyring is unavailable".
    /// `attributes` is kept alive until the call completes (libsecret copies it, but the order is not documented).
    private func run<T>(_ start: (GAsyncReadyCallback, UnsafeMutableRawPointer) -> Void,
                        finish: @escaping (OpaquePointer) throws -> T) async throws(CredentialStoreError) -> T {
        do {
            return try await gioAsync(start, finish: finish)
        } catch {
            throw .unavailable(String(describing: error))
        }
    }
}

/// The `{server, kind}` (and `login`) attribute table of one item, freed with the value.
@MainActor
private final class Attributes {
    let table: OpaquePointer

    init(_ key: CredentialKey) {
        table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)
        g_hash_table_insert(table, g_strdup("server"), g_strdup(key.server))
        g_hash_table_insert(table, g_strdup("kind"), g_strdup(key.kind.rawValue))
        if let login = key.login { g_hash_table_insert(table, g_strdup("login"), g_strdup(login)) }
    }

    isolated deinit { g_hash_table_unref(table) }
}
