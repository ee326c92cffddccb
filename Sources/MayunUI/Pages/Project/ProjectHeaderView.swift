import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// Avatar, names, description, facts, badges, the Star and Watch buttons and the share menu.
@MainActor
final class ProjectHeaderView {
    let root: Widget
    private let avatar: AvatarView
    private let name = Label(classes: ["title-2"], wrap: true, xalign: 0)
    private let humanName = Label(classes: ["dim-label"], xalign: 0, ellipsize: PANGO_ELLIPSIZE_END)
    private let summary = Label(wrap: true, xalign: 0)
    private let facts = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    private let starButton = Button(label: tr("Star"), classes: ["toggle-action"])
    private let watchButton = Button(label: tr("Watch"), classes: ["toggle-action"])

    init(viewModel: ProjectViewModel, images: ImageLoader) {
        root = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["project-header"])
        avatar = AvatarView(size: 64, images: images)
        summary.isSelectable = true
        let text = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        gtk_widget_set_hexpand(text, 1)
        Build.append(text, name.widget, humanName.widget, summary.widget, facts.widget)
        let top = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 16)
        Build.append(top, avatar.root, text)

        starButton.onClicked { viewModel.toggleStar() }
        watchButton.onClicked { viewModel.toggleWatch() }
        let website = Button(label: tr("Open on Website"))
        website.onClicked { viewModel.openWebsite() }
        // Two groups that sit on one line on a wide window and wrap onto two on a phone.
        let toggles = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(toggles, starButton.widget, watchButton.widget)
        let links = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(links, website.widget, makeShareMenu(viewModel))
        Build.append(root, top, Build.wrappingRow(toggles, links))
    }

    func show(_ header: ProjectHeader?) {
        guard let header else { return }
        name.text = header.fullName
        humanName.text = header.humanName ?? ""
        humanName.isVisible = header.humanName != nil
        summary.text = header.description
        let parts = [header.language, header.license, header.forks, header.openIssues, header.updated]
            + header.badges.map(\.title) + [header.homepage?.absoluteString]
        facts.text = parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "  ·  ")
        avatar.show(header.avatarURL)
    }

    func showToggles(star: ToggleState, watch: ToggleState) {
        for (button, toggle) in [(starButton, star), (watchButton, watch)] {
            let glyph = toggle.kind == .star ? (toggle.isOn ? "★" : "☆") : "◉"
            button.label = "\(glyph) \(toggle.label)  \(toggle.countText)"
            button.accessibleLabel = toggle.accessibleLabel
            button.setClass("on", toggle.isOn)
        }
    }

    private func makeShareMenu(_ viewModel: ProjectViewModel) -> Widget {
        let group = g_simple_action_group_new()!
        let map = UnsafeMutableRawPointer(group)
        addAction(to: map, "copy-link") { viewModel.copyLink() }
        addAction(to: map, "copy-https") { viewModel.copyCloneURL(ssh: false) }
        addAction(to: map, "copy-ssh") { viewModel.copyCloneURL(ssh: true) }
        gtk_widget_insert_action_group(root, "project", OpaquePointer(group))
        g_object_unref(map)
        let menu = g_menu_new()!
        g_menu_append(menu, tr("Copy Link"), "project.copy-link")
        g_menu_append(menu, tr("Copy HTTPS Clone URL"), "project.copy-https")
        g_menu_append(menu, tr("Copy SSH Clone URL"), "project.copy-ssh")
        let button = widget(gtk_menu_button_new())
        gtk_menu_button_set_label(opaque(button), tr("Copy"))
        gtk_menu_button_set_menu_model(opaque(button), UnsafeMutablePointer<GMenuModel>(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
        Accessibility.setLabel(button, tr("Copy link or clone URL"))
        return button
    }
}
