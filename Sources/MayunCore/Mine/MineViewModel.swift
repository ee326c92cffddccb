import Foundation
import Observation

/// The Mine tab, for now: the login form while logged out, "Logged in as ..." with Log Out while logged in. The full
/// account page (profile, own projects, starred, watched) replaces the logged-in part later.
@MainActor
@Observable
public final class MineViewModel {
    @ObservationIgnored public let session: Session
    /// The form shown while logged out (it lives as long as the tab).
    public let login: LoginViewModel

    /// Opens the Preferences window at a page: the tab's Preferences button asks for General, the form's "Open
    /// Preferences" for Password Login (set by the Coordinator, which is created after its tabs).
    @ObservationIgnored public var onOpenSettings: @MainActor (SettingsSection) -> Void = { _ in }
    /// The person's notifications (for the badge) and where the Notifications button goes (set by the Coordinator).
    @ObservationIgnored public weak var notifications: NotificationsViewModel?
    @ObservationIgnored public var onOpenNotifications: @MainActor () -> Void = {}
    /// Where the Organisations button goes (set by the Coordinator; issue 28).
    @ObservationIgnored public var onOpenOrganizations: @MainActor () -> Void = {}
    /// Builds the logged-in person's account page (the Coordinator makes ViewModels).
    @ObservationIgnored public var makeAccount: @MainActor (String) -> UserViewModel? = { _ in nil }
    /// Forgets what was saved about the person who logs out (their lists in the offline store).
    @ObservationIgnored public var clearPersonalData: @MainActor () -> Void = {}
    @ObservationIgnored private var account: UserViewModel?
    /// What waits in the account's outbox, shown on one line over the account page (set by the Coordinator).
    @ObservationIgnored public var waiting: WaitingWrites?

    public init(session: Session) {
        self.session = session
        // The form is the tab's own; logging in there just turns the tab into the logged-in face.
        let forward = WeakForward()
        login = LoginViewModel(session: session, onOpenSettings: { forward.target?.onOpenSettings(.passwordLogin) })
        forward.target = self
    }

    // MARK: Outputs

    public var title: String { tr("Mine") }
    /// Which of the two faces to show; while the stored login is being read, neither (no flash of the form).
    public var isLoggedIn: Bool { session.isLoggedIn }
    public var isRestoring: Bool { session.isRestoring }
    public var greeting: String {
        let name = session.user?.name ?? ""
        return name.isEmpty ? tr("Logged in") : tr("Logged in as %@").replacingOccurrences(of: "%@", with: name)
    }
    /// "@login", or empty before the profile arrived.
    public var loginName: String { session.user.map { "@" + $0.login } ?? "" }
    public var avatarURL: URL? { session.user?.avatarURL.flatMap { URL(string: $0) } }
    public var storageNotice: String? { session.storageNotice }
    public var logOutLabel: String { tr("Log Out") }

    // MARK: Inputs

    public var logOutQuestion: String { tr("Log out of Gitee?") }
    public var logOutExplanation: String {
        tr("Your token is removed from the keyring and your saved lists are cleared from this computer.")
    }

    /// The account page of whoever is logged in (kept while the same person stays logged in).
    public func currentAccount() -> UserViewModel? {
        guard isLoggedIn, let login = session.user?.login, !login.isEmpty else { return nil }
        if account?.login != login { account = makeAccount(login) }
        return account
    }

    /// F5 on the tab: the account page reloads (the login form has nothing to reload).
    public func refresh() {
        currentAccount()?.refresh()
    }

    public func logOut() {
        session.logOut()
        account = nil
        clearPersonalData()
    }
}

/// Lets the form's "Open Settings" reach the tab, which is created after the form it owns.
@MainActor
private final class WeakForward {
    weak var target: MineViewModel?
}
