import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// The Mine tab: the login form while logged out; the person's own account page (profile, Events, Projects,
/// Starred, Watched) with Settings and Log Out while logged in. Nothing while the stored login is still being read
/// (a blank instant rather than a login form that vanishes).
@MainActor
final class MinePage: Page {
    private let viewModel: MineViewModel
    private let images: ImageLoader
    private let stack: Widget
    private let account: Widget
    private let notice: Widget
    private var accountPage: UserPage?
    private weak var shownAccount: UserViewModel?

    init(viewModel: MineViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        self.images = images
        stack = widget(gtk_stack_new())
        account = Build.box(GTK_ORIENTATION_VERTICAL)
        notice = Build.label("", classes: ["dim-label", "mine-notice"], wrap: true, xalign: 0)
        super.init(root: stack)

        gtk_stack_set_transition_type(opaque(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_add_named(opaque(stack), Build.box(GTK_ORIENTATION_VERTICAL), "restoring")
        gtk_stack_add_named(opaque(stack), LoginPage(viewModel: viewModel.login).root, "login")
        gtk_stack_add_named(opaque(stack), account, "account")

        bindings.bind { [unowned self] in
            let face = viewModel.isRestoring ? "restoring" : viewModel.isLoggedIn ? "account" : "login"
            gtk_stack_set_visible_child_name(opaque(stack), face)
            showAccount(viewModel.currentAccount())
        }
        bindings.bind { [unowned self] in
            let text = viewModel.storageNotice ?? ""
            gtk_label_set_text(opaque(notice), text)
            gtk_widget_set_visible(notice, text.isEmpty ? 0 : 1)
        }
    }

    override var title: String { viewModel.title }

    private func showAccount(_ user: UserViewModel?) {
        guard user !== shownAccount else { return }
        shownAccount = user
        while let child = gtk_widget_get_first_child(account) { gtk_box_remove(typed(account), child) }
        accountPage = nil
        guard let user else { return }
        let page = UserPage(viewModel: user, images: images, accessory: accessory())
        accountPage = page
        gtk_widget_set_vexpand(page.root, 1)
        Build.append(account, notice, page.root)
    }

    private func accessory() -> Widget {
        let settings = widget(gtk_button_new_with_label(tr("Preferences")))
        connect(raw(settings), "clicked", main: { [unowned self] in viewModel.onOpenSettings(.general) })
        let logOut = widget(gtk_button_new_with_label(viewModel.logOutLabel))
        Build.addClasses(logOut, ["destructive-action"])
        connect(raw(logOut), "clicked", main: { [unowned self] in confirmLogOut() })
        // One row that wraps: on a 360 px phone the three buttons must not widen the window.
        let row = Build.wrappingRow(NotificationsButton.make(viewModel: viewModel, bindings: bindings), settings, logOut)
        gtk_widget_set_margin_top(row, 8)
        return row
    }

    /// Logging out forgets the token and the saved lists, so it asks first.
    private func confirmLogOut() {
        let window = gtk_widget_get_root(root).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        let dialog = ConfirmDialog(parent: window, question: viewModel.logOutQuestion,
                                   detail: viewModel.logOutExplanation, confirm: viewModel.logOutLabel)
        dialog.present { [weak self] confirmed in
            if confirmed { self?.viewModel.logOut() }
        }
    }
}
