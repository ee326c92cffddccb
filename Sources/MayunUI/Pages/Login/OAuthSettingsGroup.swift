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
        root = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["card", "settings-group", "oauth-settings"])
        idEntry = LoginForm.entry(text: viewModel.clientID)
        secretEntry = LoginForm.passwordEntry(text: viewModel.clientSecret)
        let explanation = LoginForm.paragraph(viewModel.explanation, classes: ["dim-label"])
        let link = LoginForm.link(viewModel.applicationsLabel, url: viewModel.applicationsURL)
        let environment = LoginForm.paragraph(viewModel.environmentNotice ?? "", classes: ["dim-label"])
        gtk_widget_set_visible(environment, viewModel.environmentNotice == nil ? 0 : 1)
        let storage = LoginForm.paragraph("", classes: ["dim-label"])
        let status = Build.label("", classes: ["dim-label"], xalign: 0)
        gtk_widget_set_hexpand(status, 1)
        let save = widget(gtk_button_new_with_label(viewModel.saveLabel))
        Build.addClasses(save, ["suggested-action"])
        let actions = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        Build.append(actions, status, save)
        Build.append(root, Build.label(viewModel.heading, classes: ["heading"], xalign: 0), explanation, link,
                     LoginForm.field(viewModel.clientIDLabel, idEntry),
                     LoginForm.field(viewModel.clientSecretLabel, secretEntry), environment, storage, actions)
        for entry in [idEntry, secretEntry] { gtk_widget_set_sensitive(entry, viewModel.isEditable ? 1 : 0) }

        let idEntry = idEntry, secretEntry = secretEntry
        connect(raw(idEntry), "changed", main: { viewModel.setClientID(LoginForm.text(of: idEntry)) })
        connect(raw(secretEntry), "changed", main: { viewModel.setClientSecret(LoginForm.text(of: secretEntry)) })
        connect(raw(save), "clicked", main: { viewModel.save() })
        for entry in [idEntry, secretEntry] {
            connect(raw(entry), "activate", main: { viewModel.save() })
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
