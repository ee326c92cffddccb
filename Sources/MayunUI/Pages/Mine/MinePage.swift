import Foundation
import GtkKit
import MayunCore

/// The Mine tab: the login form while logged out; the person's own account page (profile, Events, Projects,
/// Starred, Watched) with Notifications, Organisations and Preferences while logged in. Nothing while the stored
/// login is still being read (a blank instant rather than a login form that vanishes).
@MainActor
final class MinePage: Page {
    private let viewModel: MineViewModel
    private let images: ImageLoader
    private let account = Box(.vertical)
    /// Kept: it leaves `account` with each account page and comes back with the next.
    private let notice = Label(classes: ["dim-label", "mine-notice"], wrap: true, xalign: 0)
    /// What waits in the outbox (kept like `notice`).
    private var waiting: WaitingStrip?
    private var accountPage: UserPage?
    private weak var shownAccount: UserViewModel?

    init(viewModel: MineViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        self.images = images
        // The page's root: not kept here (it holds the page); its binding holds only its address.
        let stack = Stack(crossfade: true)
        super.init(root: stack)

        let restoring = Box(.vertical)
        stack.add(restoring, name: "restoring")
        stack.add(LoginPage(viewModel: viewModel.login), name: "login")
        stack.add(account, name: "account")

        stack.bindVisibleChild(in: bindings) {
            viewModel.isRestoring ? "restoring" : viewModel.isLoggedIn ? "account" : "login"
        }
        waiting = viewModel.waiting.map { WaitingStrip(waiting: $0, bindings: bindings, classes: ["mine-notice"]) }
        bindings.bind { [unowned self] in showAccount(viewModel.currentAccount()) }
        bindings.bind { [unowned self] in notice.show(viewModel.storageNotice) }
    }

    override var title: String { viewModel.title }

    private func showAccount(_ user: UserViewModel?) {
        guard user !== shownAccount else { return }
        shownAccount = user
        account.removeAll()
        accountPage = nil
        guard let user else { return }
        let accessory = accessory()
        let page = withExtendedLifetime(accessory) {
            UserPage(viewModel: user, images: images, accessory: accessory)
        }
        accountPage = page
        page.vexpand = true
        account.append(notice)
        if let waiting { account.append(waiting.root) }
        account.append(page)
    }

    /// Mine's own buttons under the profile. Account actions (log out, remove, add) are in the header bar's account
    /// switcher and Manage Accounts, where they name the account they act on.
    private func accessory() -> WrappingRow {
        let settings = Button(label: tr("Preferences"))
        settings.onClicked { [unowned self] in viewModel.onOpenSettings(.general) }
        // One row that wraps: on a 360 px phone the three buttons must not widen the window.
        let row = WrappingRow(maxPerLine: 3)
        row.isHomogeneous = true
        row.append(NotificationsButton.button(viewModel: viewModel, bindings: bindings))
        let organizations = Button(label: tr("Organisations"))
        organizations.onClicked { [unowned self] in viewModel.onOpenOrganizations() }
        row.append(organizations, settings)
        row.setMargins(top: 8)
        return row
    }
}
