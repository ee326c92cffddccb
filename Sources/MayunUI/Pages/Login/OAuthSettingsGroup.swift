import CGtk
import GLibRuntime
import MayunCore

/// The "Password Login" card of Settings: the OAuth application's client ID and secret, a link to where Gitee makes
/// them, and Save. Built by the Settings page from `OAuthSettingsViewModel`; its bindings live in the page's bag.
@MainActor
final class OAuthSettingsGroup {
    let root: Widget
    private let viewModel: OAuthSettingsViewModel
    private let idEntry: Widget
    private let secretEntry: Widget

    init(viewModel: OAuthSettingsViewModel, bindings: BindingBag) {
        self.viewModel = viewModel
        root = preferencesGroup(title: viewModel.heading, description: viewModel.explanation)
        Build.addClasses(root, ["oauth-settings"])
        // AdwEntryRow / AdwPasswordEntryRow: the row's title is the field's caption and its accessible name.
        idEntry = widget(adw_entry_row_new())
        adw_preferences_row_set_title(typed(idEntry), viewModel.clientIDLabel)
        secretEntry = widget(adw_password_entry_row_new())
        adw_preferences_row_set_title(typed(secretEntry), viewModel.clientSecretLabel)
        for entry in [idEntry, secretEntry] {
            adw_preferences_group_add(typed(root), entry)
            gtk_widget_set_sensitive(entry, viewModel.isEditable ? 1 : 0)
        }
        LoginForm.setText(idEntry, viewModel.clientID)
        LoginForm.setText(secretEntry, viewModel.clientSecret)
        let link = LoginForm.link(viewModel.applicationsLabel, url: viewModel.applicationsURL)
        gtk_widget_set_margin_top(link, 6)
        let environment = LoginForm.paragraph(viewModel.environmentNotice ?? "", classes: ["dim-label"])
        gtk_widget_set_visible(environment, viewModel.environmentNotice == nil ? 0 : 1)
        let storage = LoginForm.paragraph("", classes: ["dim-label"])
        let status = Build.label("", classes: ["dim-label"], wrap: true, xalign: 0)
        gtk_widget_set_hexpand(status, 1)
        let save = widget(gtk_button_new_with_label(viewModel.saveLabel))
        Build.addClasses(save, ["suggested-action"])
        gtk_widget_set_valign(save, GTK_ALIGN_CENTER)
        let actions = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        gtk_widget_set_margin_top(actions, 6)
        Build.append(actions, status, save)
        // Widgets that are not rows go under the group's boxed list.
        for extra in [link, environment, storage, actions] { adw_preferences_group_add(typed(root), extra) }

        let idEntry = idEntry, secretEntry = secretEntry
        connect(raw(idEntry), "changed", main: { viewModel.setClientID(LoginForm.text(of: idEntry)) })
        connect(raw(secretEntry), "changed", main: { viewModel.setClientSecret(LoginForm.text(of: secretEntry)) })
        connect(raw(save), "clicked", main: { viewModel.save() })
        for entry in [idEntry, secretEntry] {
            connect(raw(entry), "entry-activated", main: { viewModel.save() })
        }
        // The stored application is read from the keyring at start; fill the fields when it arrives.
        connect(raw(root), "map", main: {
            viewModel.refreshFromStore()
            LoginForm.setText(idEntry, viewModel.clientID)
            LoginForm.setText(secretEntry, viewModel.clientSecret)
        })
        bindings.bind {
            gtk_widget_set_sensitive(save, viewModel.canSave ? 1 : 0)
            gtk_label_set_text(opaque(status), viewModel.status ?? "")
            let notice = viewModel.storageNotice ?? ""
            gtk_label_set_text(opaque(storage), notice)
            gtk_widget_set_visible(storage, notice.isEmpty ? 0 : 1)
        }
        attach(self, to: raw(root), key: "mayun-oauth-settings")
    }
}
