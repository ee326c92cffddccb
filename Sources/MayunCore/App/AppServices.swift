import GiteeKit

/// The long-lived services every screen shares, built once by the executable (tests build them with a stub transport).
@MainActor
public final class AppServices {
    public let client: GiteeClient
    public let store: OfflineStore?

    public init(client: GiteeClient, store: OfflineStore? = nil) {
        self.client = client
        self.store = store
    }
}
