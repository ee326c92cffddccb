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
    /// What waits in the outbox (kept like `notice`): one line, "Waiting to send (2)" and Show, whose popover lists
    /// each write with Cancel (and Try Again when it waits on the person). A popover, not rows in the page: on a
    /// 360 x 640 phone the profile and the lists left the rows no height, and the page widened to fit them.
    private let waiting = Box(.horizontal, spacing: 8, classes: ["mine-notice"])
    private let waitingHeading = Label(classes: ["heading"], wrap: true, xalign: 0)
    private let waitingRows = Box(.vertical, spacing: 12)
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
        bindings.bind { [unowned self] in showAccount(viewModel.currentAccount()) }
        bindings.bind { [unowned self] in notice.show(viewModel.storageNotice) }
        bindings.bind { [unowned self] in showWaiting(viewModel.waitingHeading, viewModel.waitingLines) }
        waitingHeading.hexpand = true
        let rows = ScrolledWindow(horizontal: .never)
        rows.setChild(waitingRows)
        rows.limitHeight(to: 320)
        waitingRows.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        waitingRows.setSizeRequest(width: 300)
        waiting.append(waitingHeading)
        waiting.append(PopoverButton(label: viewModel.showWaitingTitle, content: rows))
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
        account.append(waiting)
        account.append(page)
    }

    private func showWaiting(_ heading: String?, _ lines: [(id: Int64, text: String, needsDecision: Bool)]) {
        waitingRows.removeAll()
        waiting.isVisible = heading != nil
        guard let heading else { return }
        waitingHeading.show(heading)
        for line in lines {
            // The words on their own lines, the buttons under them at the end: the popover stays 300 px wide.
            let row = Box(.vertical, spacing: 4)
            let text = Label(line.text, classes: ["dim-label"], wrap: true, xalign: 0)
            // Its natural width about the popover's 300 px: the scroller measures the rows at their natural width, and
            // a longer line measured unwrapped left the last row cut off.
            text.maxWidthChars = 34
            row.append(text)
            let buttons = Box(.horizontal, spacing: 8)
            buttons.halign = .end
            let id = line.id
            if line.needsDecision {
                let again = Button(label: viewModel.tryWaitingAgainTitle)
                again.onClicked { [unowned viewModel] in viewModel.tryWaitingAgain(id) }
                buttons.append(again)
            }
            let cancel = Button(label: viewModel.cancelWaitingTitle)
            cancel.onClicked { [unowned viewModel] in viewModel.cancelWaiting(id) }
            buttons.append(cancel)
            row.append(buttons)
            waitingRows.append(row)
        }
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
