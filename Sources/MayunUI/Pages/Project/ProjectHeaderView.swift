import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// Avatar, names, description, facts, badges, the Star and Watch buttons and the share menu.
@MainActor
final class ProjectHeaderView {
    let root: Widget
    private let avatar: AvatarView
    private let name: Widget
    private let humanName: Widget
    private let summary: Widget
    private let facts: Widget
    private let starButton: Widget
    private let watchButton: Widget

    init(viewModel: ProjectViewModel, images: ImageLoader) {
        root = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["project-header"])
        avatar = AvatarView(size: 64, images: images)
        name = Build.label("", classes: ["title-2"], wrap: true, xalign: 0)
        humanName = Build.label("", classes: ["dim-label"], xalign: 0)
        gtk_label_set_ellipsize(opaque(humanName), PANGO_ELLIPSIZE_END)
        summary = Build.label("", wrap: true, xalign: 0)
        gtk_label_set_selectable(opaque(summary), 1)
        facts = Build.label("", classes: ["dim-label"], wrap: true, xalign: 0)
        let text = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        gtk_widget_set_hexpand(text, 1)
        Build.append(text, name, humanName, summary, facts)
        let top = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 16)
        Build.append(top, avatar.root, text)

        starButton = widget(gtk_button_new_with_label(tr("Star")))
        watchButton = widget(gtk_button_new_with_label(tr("Watch")))
        Build.addClasses(starButton, ["toggle-action"])
        Build.addClasses(watchButton, ["toggle-action"])
        connect(raw(starButton), "clicked", main: { viewModel.toggleStar() })
        connect(raw(watchButton), "clicked", main: { viewModel.toggleWatch() })
        let website = widget(gtk_button_new_with_label(tr("Open on Website")))
        connect(raw(website), "clicked", main: { viewModel.openWebsite() })
        // Two groups that sit on one line on a wide window and wrap onto two on a phone (a flow box of two).
        let toggles = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(toggles, starButton, watchButton)
        let links = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(links, website, makeShareMenu(viewModel))
        let actions = Build.wrappingRow(toggles, links)
        Build.append(root, top, actions)
    }

    func show(_ header: ProjectHeader?) {
        guard let header else { return }
        gtk_label_set_text(opaque(name), header.fullName)
        gtk_label_set_text(opaque(humanName), header.humanName ?? "")
        gtk_widget_set_visible(humanName, header.humanName == nil ? 0 : 1)
        gtk_label_set_text(opaque(summary), header.description)
        let parts = [header.language, header.license, header.forks, header.openIssues, header.updated]
            + header.badges.map(\.title) + [header.homepage?.absoluteString]
        gtk_label_set_text(opaque(facts), parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "  ·  "))
        avatar.show(header.avatarURL)
    }

    func showToggles(star: ToggleState, watch: ToggleState) {
        for (button, toggle) in [(starButton, star), (watchButton, watch)] {
            let glyph = toggle.kind == .star ? (toggle.isOn ? "★" : "☆") : "◉"
            gtk_button_set_label(typed(button), "\(glyph) \(toggle.label)  \(toggle.countText)")
            Accessibility.setLabel(button, toggle.accessibleLabel)
            if toggle.isOn { gtk_widget_add_css_class(button, "on") } else { gtk_widget_remove_css_class(button, "on") }
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
