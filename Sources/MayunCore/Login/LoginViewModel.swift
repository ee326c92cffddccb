import Foundation
import GiteeKit
import Observation

/// The two ways to log in to Gitee.
public enum LoginMethod: String, CaseIterable, Sendable {
    /// Email (or login) and password, through the OAuth application set in Settings.
    case password
    /// A personal access token made on the website.
    case token

    public var title: String {
        switch self {
        case .password: tr("Email and Password")
        case .token: tr("Access Token")
        }
    }
}

/// The login form: what is typed, whether it can be sent, the error beside the form. Nothing typed is cleared by a
/// failure; a success tells `onLoggedIn` (the Coordinator closes the page) after the session ran any action that
/// was waiting for the login (a Star click).
@MainActor
@Observable
public final class LoginViewModel {
    // MARK: Outputs

    public private(set) var method: LoginMethod = .password
    public private(set) var email = ""
    public private(set) var password = ""
    public private(set) var token = ""
    public private(set) var isSubmitting = false
    /// The last failure, in words, shown beside the form until the next attempt.
    public private(set) var errorMessage: String?

    public var title: String { tr("Log In to Gitee") }
    public var subtitle: String { tr("Log in to star and watch projects and to see your own.") }
    public var methods: [LoginMethod] { LoginMethod.allCases }
    public var emailLabel: String { tr("Email") }
    public var passwordLabel: String { tr("Password") }
    public var tokenLabel: String { tr("Personal access token") }
    public var submitLabel: String { isSubmitting ? tr("Logging In…") : tr("Log In") }
    public var settingsLabel: String { tr("Open Preferences") }
    public var tokenExplanation: String {
        String(format: tr("Create a token on Gitee under Settings → Private Tokens, with the scopes %@, and paste it here."),
               OAuthScopes.required.joined(separator: ", "))
    }
    public var tokenPageURL: String { session.client.configuration.server + "/profile/personal_access_tokens" }
    public var tokenPageLabel: String { tr("Create a token on Gitee") }

    /// Password login needs an OAuth application; without one the form says how to set it up.
    public var isPasswordLoginConfigured: Bool { session.oauth.client != nil }
    public var oauthGuidance: String? {
        guard method == .password, !isPasswordLoginConfigured else { return nil }
        return String(format: tr("Logging in with a password needs an OAuth application of your own. Create one on Gitee (Settings → Third-party applications → Create, with the scopes %@), then enter its client ID and secret in Mayun's Preferences. Or log in with a personal access token instead."),
                      OAuthScopes.required.joined(separator: ", "))
    }
    public var oauthApplicationsURL: String { session.client.configuration.server + "/oauth/applications" }
    public var oauthApplicationsLabel: String { tr("Create an OAuth application on Gitee") }
    /// Why the login will not be remembered, when it will not.
    public var storageNotice: String? { session.keyringAvailable ? nil : session.storageNotice }

    public var canSubmit: Bool {
        guard !isSubmitting else { return false }
        switch method {
        case .password: return isPasswordLoginConfigured && !trimmed(email).isEmpty && !password.isEmpty
        case .token: return !trimmed(token).isEmpty
        }
    }

    // MARK: Wiring

    @ObservationIgnored public let session: Session
    @ObservationIgnored private let onLoggedIn: @MainActor () -> Void
    @ObservationIgnored private let onOpenSettings: @MainActor () -> Void
    @ObservationIgnored private var loggedIn = false

    public init(session: Session, onLoggedIn: @escaping @MainActor () -> Void = {},
                onOpenSettings: @escaping @MainActor () -> Void = {}) {
        self.session = session
        self.onLoggedIn = onLoggedIn
        self.onOpenSettings = onOpenSettings
    }

    /// A login page closed without logging in abandons the action that was waiting for it (no surprise star later).
    isolated deinit {
        if !loggedIn { session.cancelPendingAction() }
    }

    // MARK: Inputs

    public func select(_ method: LoginMethod) {
        guard method != self.method else { return }
        self.method = method
        errorMessage = nil
    }

    public func setEmail(_ text: String) { if text != email { email = text } }
    public func setPassword(_ text: String) { if text != password { password = text } }
    public func setToken(_ text: String) { if text != token { token = text } }

    public func openSettings() { onOpenSettings() }

    /// Sends the form (Log In button, Enter in a field). Does nothing while it cannot be sent; the form turns busy at
    /// once, so a double click is one login.
    public func submit() {
        guard canSubmit else { return }
        beginSubmitting()
        Task { await send() }
    }

    /// The same as `submit()`, awaited (tests).
    public func logIn() async {
        guard canSubmit else { return }
        beginSubmitting()
        await send()
    }

    private func beginSubmitting() {
        isSubmitting = true
        errorMessage = nil
    }

    private func send() async {
        let method = method
        do {
            switch method {
            case .password: try await session.logIn(email: trimmed(email), password: password)
            case .token: try await session.logIn(personalToken: trimmed(token))
            }
        } catch {
            isSubmitting = false
            errorMessage = Self.message(for: error, method: method)
            return
        }
        isSubmitting = false
        loggedIn = true
        // The password is not needed any more; keeping it in memory longer than necessary helps nobody.
        password = ""
        onLoggedIn()
    }

    static func message(for error: GiteeError, method: LoginMethod) -> String {
        switch (error, method) {
        // Without an OAuth `error` to go by (a proxy's 401, an old server), a refused password login is most likely
        // the password; with one, `ErrorText.oauth` names the real reason (a missing scope, a wrong client).
        case (.unauthorized, .password): tr("The email or password is wrong.")
        case (.unauthorized, .token): tr("Gitee did not accept this token. Check that it is complete and has not expired or been revoked.")
        case (.forbidden, .token): tr("This token may not read your profile: give it the user_info scope.")
        default: ErrorText.message(for: error)
        }
    }

    private func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
