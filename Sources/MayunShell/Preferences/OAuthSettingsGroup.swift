import GtkKit
import MayunCore

/// The "Password Login" group of the Preferences window: the OAuth application's client ID and secret, a link to
/// where Gitee makes them, and Save. Built from `OAuthSettingsViewModel`; its bindings live in the window's bag.
@MainActor
final class OAuthSettingsGroup {
    let group: PreferencesGroup
    private let idEntry: EntryRow
    private let secretEntry: EntryRow
    private let save: Button
    private let status = Label("", classes: ["dim-label"], wrap: true, xalign: 0)
    private let storage = Label("", classes: ["dim-label"], wrap: true, xalign: 0)

    init(viewModel: OAuthSettingsViewModel, bindings: BindingBag) {
        group = PreferencesGroup(title: viewModel.heading, description: viewModel.explanation, classes: ["oauth-settings"])
        // AdwEntryRow / AdwPasswordEntryRow: the row's title is the field's caption and its accessible name.
        idEntry = EntryRow(title: viewModel.clientIDLabel)
        secretEntry = EntryRow(title: viewModel.clientSecretLabel, isPassword: true)
        save = Button(label: viewModel.saveLabel, classes: ["suggested-action"])
        for entry in [idEntry, secretEntry] {
            group.add(entry)
            entry.isSensitive = viewModel.isEditable
        }
        idEntry.text = viewModel.clientID
        secretEntry.text = viewModel.clientSecret
        let link = LoginForm.link(viewModel.applicationsLabel, url: viewModel.applicationsURL)
        link.setMargins(top: 6)
        let environment = Label(viewModel.environmentNotice ?? "", classes: ["dim-label"], wrap: true, xalign: 0)
        environment.isVisible = viewModel.environmentNotice != nil
        status.hexpand = true
        save.valign = .center
        let actions = Box(.horizontal, spacing: 12)
        actions.setMargins(top: 6)
        actions.append(status, save)
        // Widgets that are not rows go under the group's boxed list.
        group.add(link, environment, storage, actions)

        let idEntry = idEntry, secretEntry = secretEntry
        idEntry.onChanged { viewModel.setClientID($0) }
        secretEntry.onChanged { viewModel.setClientSecret($0) }
        save.onClicked { viewModel.save() }
        for entry in [idEntry, secretEntry] { entry.onActivated { viewModel.save() } }
        // The stored application is read from the keyring at start; fill the fields when it arrives.
        group.onMap { [unowned idEntry, unowned secretEntry] in
            viewModel.refreshFromStore()
            idEntry.text = viewModel.clientID
            secretEntry.text = viewModel.clientSecret
        }
        bindings.bind { [unowned self] in
            save.isSensitive = viewModel.canSave
            status.text = viewModel.status ?? ""
            storage.text = viewModel.storageNotice ?? ""
            storage.isVisible = !storage.text.isEmpty
        }
    }
}
