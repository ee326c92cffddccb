import CGtk
import GtkBasics
import GtkKit
import MayunUI
import Foundation
import GLibRuntime
import MayunCore

/// Manage Accounts: every account with its server, switch to one, add one, or remove one (asked first; only that
/// account's login, saved pages and drafts go).
@MainActor
package final class ManageAccountsDialog {
    private let window: Widget
    private let accounts: Accounts
    private let group: PreferencesGroup
    private var rows: [ActionRow] = []
    private var buttons: [Button] = []
    private let bindings = BindingBag()
    private let onAdd: @MainActor () -> Void

    static func present(over parent: Widget, accounts: Accounts, onAdd: @escaping @MainActor () -> Void) {
        let dialog = ManageAccountsDialog(parent: parent, accounts: accounts, onAdd: onAdd)
        attach(dialog, to: raw(dialog.window), key: "mayun-manage-accounts")
        gtk_window_present(typed(dialog.window))
    }

    private init(parent: Widget, accounts: Accounts, onAdd: @escaping @MainActor () -> Void) {
        self.accounts = accounts
        self.onAdd = onAdd
        window = widget(adw_window_new())
        gtk_window_set_title(typed(window), tr("Manage Accounts"))
        gtk_window_set_modal(typed(window), 1)
        gtk_window_set_transient_for(typed(window), typed(parent))
        // An account switch replaces the main window: the dialog goes with the window it was opened over.
        gtk_window_set_destroy_with_parent(typed(window), 1)
        gtk_window_set_default_size(typed(window), 480, 420)
        gtk_widget_set_size_request(window, 340, 300)
        group = PreferencesGroup(title: tr("Accounts"),
                                 description: tr("Every account checks for its own notifications; each notification names its account."))
        let add = Button(label: accounts.addAccountLabel, classes: ["pill"])
        add.halign = .center
        add.onClicked { onAdd() }
        let column = Box(.vertical, spacing: 18)
        column.setMargins(16)
        column.append(group, add)
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.vexpand = true
        scroller.setChild(Clamp(maximum: 560, child: column))
        let content = Box(.vertical)
        gtk_box_append(typed(content.rootWidget), widget(adw_header_bar_new()))
        content.append(scroller)
        content.withWidget { adw_window_set_content(typed(window), $0) }
        bindings.bind { [unowned self] in show(accounts.switcherRows) }
    }

    private func show(_ list: [Accounts.SwitcherRow]) {
        for row in rows { row.withWidget { adw_preferences_group_remove(typed(group.rootWidget), $0) } }
        rows = []
        buttons = []
        for item in list {
            let row = ActionRow(title: item.name, subtitle: item.detail)
            if !item.isFromEnvironment {
                let remove = Button(label: tr("Remove…"), classes: ["destructive-action", "flat"])
                remove.valign = .center
                remove.accessibleLabel = String(format: tr("Remove %@"), item.name)
                let id = item.id
                remove.onClicked { [unowned self] in askToRemove(id) }
                row.addSuffix(remove)
                buttons.append(remove)
            }
            if !item.isActive {
                let use = Button(label: tr("Switch"), classes: ["flat"])
                use.valign = .center
                use.accessibleLabel = String(format: tr("Switch to %@"), item.name)
                let id = item.id
                use.onClicked { [unowned self] in accounts.switchTo(id) }
                row.addSuffix(use)
                buttons.append(use)
            }
            group.add(row)
            rows.append(row)
        }
    }

    private func askToRemove(_ id: AccountID) {
        guard let account = accounts.list.accounts.first(where: { $0.id == id }) else { return }
        let words = Accounts.removalQuestion(for: account)
        ConfirmDialog(overWindow: WidgetRef(window), question: words.question, detail: words.detail, confirm: tr("Remove"))
            .present { [accounts] confirmed in
                guard confirmed else { return }
                Task { await accounts.remove(id) }
            }
    }
}
