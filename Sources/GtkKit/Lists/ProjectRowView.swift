internal import CGtk
internal import GtkBasics
import Foundation
import GLibRuntime
import MayunCore

/// One project in a list: avatar, name and owner/name, badges, one line of description, language, counts, last push.
///
/// Every text is one ellipsized line and the avatar has a fixed size, so all rows are equally tall and GTK knows a
/// row's height without laying out a paragraph (the full description is the tooltip and on the project page).
/// Widgets and their style classes are made once in `init`; `show` (each bind) only sets texts and visibility.
@MainActor
package final class ProjectRowView: ListRow {
    static let avatarSize: Int32 = 40
    /// The least a row measures, whatever its texts and fonts: the avatar, `.project-row`'s 12 px padding above and
    /// below and the grid child's 1 px border (data/themes/base.css).
    package static let minimumHeight = Int(avatarSize) + 2 * 12 + 1

    // Stored widget pointers: `root` and its descendants, built here and never removed; the row is kept by the
    // `RowHost` attached to the list item's widget, and written only when the list binds it (GTK's factory signals).
    let root: Widget
    private let avatar: AvatarView
    private let name: Widget
    private let fullName: Widget
    private let badges: [(ProjectRow.Badge, Widget)]
    /// The one-line description (its tooltip is the whole one).
    let summary: Widget
    private let language: Widget
    private let counts: Widget
    private let updated: Widget
    /// The summary's tooltip: the full description (up to `ProjectRow.tooltipLimit`).
    private(set) var tooltip = ""
    /// What the widgets show now (nil before the first bind).
    private var shown: ProjectRow?

    package init(images: ImageLoader) {
        root = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["project-row"])
        avatar = AvatarView(size: Self.avatarSize, images: images)

        name = Build.label("", classes: ["project-name"], xalign: 0)
        fullName = Build.label("", classes: ["dim-label"], xalign: 0)
        let spacer = Build.box(GTK_ORIENTATION_HORIZONTAL)
        gtk_widget_set_hexpand(spacer, 1)
        let badgeBox = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
        badges = ProjectRow.Badge.allCases.map { badge in
            let label = Build.label(badge.title, classes: ["badge", "badge-\(badge.rawValue)"])
            gtk_widget_set_visible(label, 0)
            gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
            Build.append(badgeBox, label)
            return (badge, label)
        }
        let titleLine = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(titleLine, name, fullName, spacer, badgeBox)

        summary = Build.label("", classes: ["project-summary"], xalign: 0)

        language = Build.label("", classes: ["language"], xalign: 0)
        counts = Build.label("", classes: ["dim-label", "numeric"], xalign: 0)
        updated = Build.label("", classes: ["dim-label"], xalign: 1)
        gtk_widget_set_hexpand(updated, 1)
        let metaLine = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 16)
        Build.append(metaLine, language, counts, updated)

        // One line each, ellipsized rather than pushing the row (and the window) wider than a phone's 360 px.
        for label in [name, fullName, summary, language, counts, updated] {
            gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_single_line_mode(opaque(label), 1)
        }

        // The full description is the summary's tooltip, given when GTK asks for it: setting a tooltip text makes
        // GTK 4.8 query the pointer from the X server at once (a round trip in every bind; two thirds of a bind's
        // CPU in a perf profile of the scroll benchmark).
        gtk_widget_set_has_tooltip(summary, 1)
        connect(raw(summary), "query-tooltip", mainWithArguments: { [weak self] arguments in
            guard let self, !tooltip.isEmpty, let tip = arguments.object(at: 4) else { return false }
            gtk_tooltip_set_text(OpaquePointer(tip), tooltip)
            return true
        })

        let text = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        gtk_widget_set_hexpand(text, 1)
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        Build.append(text, titleLine, summary, metaLine)
        Build.append(root, avatar.root, text)
    }

    package func show(_ row: ProjectRow) {
        defer { avatar.show(row.avatarURL) }  // `unbind` cancelled the avatar, whatever else is the same
        guard row != shown else { return }
        let old = shown
        shown = row
        // Texts, tooltip, badges and the accessible label are set only when they differ from what the row showed:
        // neighbouring rows share many (language, counts, age), and an accessible label change notifies AT-SPI.
        setText(name, row.name, was: old?.name)
        setText(fullName, row.fullName, was: old?.fullName)
        setText(summary, row.summaryLine, was: old?.summaryLine)
        tooltip = String(row.description.prefix(ProjectRow.tooltipLimit))  // read by "query-tooltip"
        setText(language, row.language, was: old?.language)
        setText(counts, row.countsLine, was: old?.countsLine)
        setText(updated, row.updated, was: old?.updated)
        if row.badges != old?.badges {
            for (badge, label) in badges {
                let shows: gboolean = row.badges.contains(badge) ? 1 : 0
                if gtk_widget_get_visible(label) != shows { gtk_widget_set_visible(label, shows) }
            }
        }
        if row.accessibleLabel != old?.accessibleLabel { Accessibility.setLabel(root, row.accessibleLabel) }
    }

    private func setText(_ label: Widget, _ text: String, was old: String?) {
        if text != old { gtk_label_set_text(opaque(label), text) }
    }

    package func unbind() { avatar.cancel() }
}
