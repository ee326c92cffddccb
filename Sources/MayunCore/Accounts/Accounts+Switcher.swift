import Foundation

/// What the header's account switcher says: words decided here, so the view only binds.
extension Accounts {
    public struct SwitcherRow: Equatable, Sendable {
        public let id: AccountID
        public let name: String
        /// "login · server" (the server is what tells a work account from a personal one).
        public let detail: String
        public let avatarURL: String?
        public let isActive: Bool
        public let isFromEnvironment: Bool
    }

    public var switcherRows: [SwitcherRow] {
        let activeID = active?.id
        return all.map { account in
            let fromEnvironment = environmentAccount?.id == account.id && !list.accounts.contains { $0.id == account.id }
            var detail = "\(account.login) · \(account.serverName)"
            if fromEnvironment { detail += " · MAYUN_TOKEN" }
            return SwitcherRow(id: account.id, name: account.name, detail: detail, avatarURL: account.avatarURL,
                               isActive: account.id == activeID, isFromEnvironment: fromEnvironment)
        }
    }

    /// The header button's accessible name and tooltip: who is active, so nobody writes from the wrong account.
    public var switcherLabel: String {
        guard let active else { return tr("Accounts: not logged in") }
        return String(format: tr("Accounts: %@ (%@ · %@)"), active.name, active.login, active.serverName)
    }

    public var addAccountLabel: String { tr("Add Account…") }
    public var manageAccountsLabel: String { tr("Manage Accounts…") }
    /// The switcher's Log Out (Mine's page has no account actions): shown while the active account is logged in.
    public var logOutLabel: String { tr("Log Out…") }
    public var canLogOut: Bool { services.session.isLoggedIn }

    /// The question asked before removing `account`.
    public static func removalQuestion(for account: Account) -> (question: String, detail: String) {
        (String(format: tr("Remove %@?"), account.name),
         String(format: tr("The login of %@ on %@ is removed from this computer with its saved pages and drafts. Other accounts are not touched."),
                account.login, account.serverName))
    }
}
