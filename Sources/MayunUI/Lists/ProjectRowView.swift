import CGtk
import Foundation
import MayunCore

/// One project in a list: avatar, name and owner/name, badges, description, language, counts, last push.
@MainActor
final class ProjectRowView: ListRow {
    let root: Widget
    private let avatar: AvatarView
    private let name: Widget
    private let fullName: Widget
    private let badges: Widget
    private let summary: Widget
    private let language: Widget
    private let counts: Widget
    private let updated: Widget

    init(images: ImageLoader) {
        root = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["project-row"])
        avatar = AvatarView(size: 40, images: images)

        name = Build.label("", classes: ["project-name"], xalign: 0)
        fullName = Build.label("", classes: ["dim-label"], xalign: 0)
        for label in [name, fullName] { gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END) }
        badges = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
        let spacer = Build.box(GTK_ORIENTATION_HORIZONTAL)
        gtk_widget_set_hexpand(spacer, 1)
        let titleLine = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(titleLine, name, fullName, spacer, badges)

        summary = Build.label("", wrap: true, xalign: 0)
        gtk_label_set_lines(opaque(summary), 2)
        gtk_label_set_ellipsize(opaque(summary), PANGO_ELLIPSIZE_END)

        language = Build.label("", classes: ["language"], xalign: 0)
        counts = Build.label("", classes: ["dim-label", "numeric"], xalign: 0)
        updated = Build.label("", classes: ["dim-label"], xalign: 1)
        gtk_widget_set_hexpand(updated, 1)
        // Ellipsized rather than pushing the row (and the window) wider than a phone's 360 px.
        for label in [language, counts, updated] { gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END) }
        let metaLine = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 16)
        Build.append(metaLine, language, counts, updated)

        let text = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        gtk_widget_set_hexpand(text, 1)
        Build.append(text, titleLine, summary, metaLine)
        Build.append(root, avatar.root, text)
    }

    func show(_ row: ProjectRow) {
        gtk_label_set_text(opaque(name), row.name)
        gtk_label_set_text(opaque(fullName), row.fullName)
        gtk_label_set_text(opaque(summary), row.description)
        gtk_label_set_text(opaque(language), row.language)
        gtk_label_set_text(opaque(counts), row.countsLine)
        gtk_label_set_text(opaque(updated), row.updated)
        showBadges(row.badges)
        Accessibility.setLabel(root, row.accessibleLabel)
        avatar.show(row.avatarURL)
    }

    func unbind() { avatar.cancel() }

    private func showBadges(_ list: [ProjectRow.Badge]) {
        while let child = gtk_widget_get_first_child(badges) { gtk_box_remove(typed(badges), child) }
        for badge in list {
            Build.append(badges, Build.label(badge.title, classes: ["badge", "badge-\(badge.rawValue)"]))
        }
    }
}
