import CGtk
import GtkBasics
import GtkKit
import MayunUI
import Foundation
import GLibRuntime
import MayunCore

/// The header bar's account button: the active account's avatar, always shown (also at 360 px), opening a popover
/// with every account (a click switches), "Add Account…", "Manage Accounts…" and, while someone is logged in,
/// "Log Out…" (asked first, by the window): Mine's page no longer carries account actions.
@MainActor
package final class AccountSwitcher {
    let root: Widget
    package let accounts: Accounts
    private let images: ImageLoader
    private let avatar: AvatarView
    private let popover: Widget
    private let list = Box(.vertical, spacing: 2, classes: ["account-switcher-list"])
    private var rowAvatars: [AvatarView] = []
    private var rowButtons: [Button] = []
    private let bindings = BindingBag()
    var onAdd: @MainActor () -> Void = {}
    var onManage: @MainActor () -> Void = {}
    var onLogOut: @MainActor () -> Void = {}
    private let logOut: Button

    package init(accounts: Accounts, images: ImageLoader) {
        self.accounts = accounts
        self.images = images
        root = widget(gtk_menu_button_new())
        g_object_ref_sink(raw(root))
        avatar = AvatarView(size: 24, images: images)
        logOut = Button(label: accounts.logOutLabel, classes: ["flat"])
        gtk_widget_set_valign(avatar.rootWidget, GTK_ALIGN_CENTER)
        gtk_menu_button_set_child(opaque(root), avatar.rootWidget)
        Build.addClasses(root, ["flat", "account-switcher"])
        popover = widget(gtk_popover_new())
        let content = Box(.vertical, spacing: 6)
        content.setMargins(6)
        let add = Button(label: accounts.addAccountLabel, classes: ["flat"])
        add.onClicked { [unowned self] in close(); onAdd() }
        let manage = Button(label: accounts.manageAccountsLabel, classes: ["flat"])
        manage.onClicked { [unowned self] in close(); onManage() }
        logOut.onClicked { [unowned self] in close(); onLogOut() }
        content.append(list, Separator(), add, manage, logOut)
        content.withWidget { gtk_popover_set_child(typed(popover), $0) }
        gtk_menu_button_set_popover(opaque(root), popover)
        bindings.bind { [unowned self] in show(accounts.switcherRows, label: accounts.switcherLabel) }
        bindings.bind { [unowned self] in logOut.isVisible = accounts.canLogOut }
    }

    isolated deinit { g_object_unref(raw(root)) }

    private func close() { gtk_popover_popdown(typed(popover)) }

    /// Clicks the row of `id` as a pointer would (bench/pages.py's account switch); false when it is not listed.
    package func clickRow(of id: AccountID) -> Bool {
        guard let index = accounts.switcherRows.firstIndex(where: { $0.id == id }),
              rowButtons.indices.contains(index) else { return false }
        rowButtons[index].withWidget { emitClicked($0) }
        return true
    }

    private func show(_ rows: [Accounts.SwitcherRow], label: String) {
        Accessibility.setLabel(root, label)
        gtk_widget_set_tooltip_text(root, label)
        avatar.show(rows.first(where: \.isActive)?.avatarURL.flatMap(URL.init(string:)))
        list.removeAll()
        rowAvatars = []
        rowButtons = []
        for row in rows {
            let line = Box(.horizontal, spacing: 10)
            let picture = AvatarView(size: 32, images: images)
            gtk_widget_set_valign(picture.rootWidget, GTK_ALIGN_CENTER)
            picture.show(row.avatarURL.flatMap(URL.init(string:)))
            let text = Box(.vertical, spacing: 2)
            text.hexpand = true
            let name = Label(row.name, classes: ["heading"], xalign: 0, ellipsize: .end)
            let detail = Label(row.detail, classes: ["dim-label", "caption"], xalign: 0, ellipsize: .middle)
            text.append(name, detail)
            line.append(picture)
            line.append(text)
            let check = Icon("object-select-symbolic")
            check.isVisible = row.isActive
            line.append(check)
            let button = Button(child: line, accessibleLabel: "\(row.name), \(row.detail)", classes: ["flat"])
            let id = row.id
            button.onClicked { [unowned self] in
                close()
                accounts.switchTo(id)
            }
            list.append(button)
            rowAvatars.append(picture)
            rowButtons.append(button)
        }
    }
}

/// Emits a GtkButton's "clicked", what a pointer click ends in (`gtk_widget_activate` would add the keyboard's
/// 250 ms press animation first). g_signal_emit_by_name is variadic, hence g_signal_emitv.
@MainActor
func emitClicked(_ button: Widget) {
    var instance = GValue()
    g_value_init(&instance, gtk_button_get_type())
    g_value_set_object(&instance, raw(button))
    g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
    g_value_unset(&instance)
}
