import GiteeKit
import Observation

/// The "Password login" section of Settings: the OAuth application's client ID and secret, with where to get them.
/// Kept apart from `SettingsViewModel` so the session's settings travel with the session.
@MainActor
@Observable
public final class OAuthSettingsViewModel {
    @ObservationIgnored private let settings: OAuthClientSettings
    @ObservationIgnored private let server: String

    public private(set) var clientID = ""
    public private(set) var clientSecret = ""
    /// A short confirmation after Save ("Saved", "Saved for this session only").
    public private(set) var status: String?
    @ObservationIgnored private var filledFromStore = false
    @ObservationIgnored private let vault: SecretVault

    public init(session: Session) {
        settings = session.oauth
        vault = session.vault
        server = session.client.configuration.server
        fillFromSettings()
    }

    // MARK: Outputs

    public var heading: String { tr("Password Login") }
    public var explanation: String {
        String(format: tr("To log in with your email and password, Mayun needs an OAuth application registered on Gitee. Create one under Settings → Third-party applications → Create (any callback URL will do; tick the scopes %@), then copy its Client ID and Client Secret here."),
               OAuthScopes.required.joined(separator: ", "))
    }
    public var applicationsURL: String { server + "/oauth/applications" }
    public var applicationsLabel: String { tr("Open Gitee's OAuth applications") }
    public var clientIDLabel: String { tr("Client ID") }
    public var clientSecretLabel: String { tr("Client Secret") }
    public var saveLabel: String { tr("Save") }
    /// The fields cannot be edited when the environment supplies the application.
    public var isEditable: Bool { !settings.isFromEnvironment }
    public var environmentNotice: String? {
        settings.isFromEnvironment
            ? tr("Set by MAYUN_OAUTH_CLIENT_ID and MAYUN_OAUTH_CLIENT_SECRET in the environment.") : nil
    }
    public var storageNotice: String? {
        vault.isAvailable ? nil : tr("No keyring is available: these are kept only until Mayun quits.")
    }
    public var canSave: Bool {
        isEditable && (clientID != (settings.client?.id ?? "") || clientSecret != (settings.client?.secret ?? ""))
    }

    // MARK: Inputs

    public func setClientID(_ text: String) { if text != clientID { clientID = text; status = nil } }
    public func setClientSecret(_ text: String) { if text != clientSecret { clientSecret = text; status = nil } }

    public func save() {
        guard canSave else { return }
        let configured = settings.save(id: clientID, secret: clientSecret)
        fillFromSettings()
        status = configured ? tr("Saved.") : tr("Removed: password login is off.")
    }

    /// The stored application arrives from the keyring shortly after start: show it unless the person typed already.
    public func refreshFromStore() {
        guard !filledFromStore, settings.isLoaded, clientID.isEmpty, clientSecret.isEmpty else { return }
        fillFromSettings()
    }

    private func fillFromSettings() {
        filledFromStore = settings.isLoaded
        clientID = settings.client?.id ?? ""
        clientSecret = settings.client?.secret ?? ""
    }
}
