internal import CGtk
internal import GtkBasics
import MayunCore

/// A one-line row: icon, title with a dim subtitle, trailing text, and a disclosure arrow for rows that drill down.
@MainActor
package final class SimpleRowView: ListRow {
    // Stored widget pointers: `root` and its descendants, built here and never removed; kept and bound like
    // `ProjectRowView` (by the `RowHost` attached to the list item's widget, from GTK's factory signals).
    let root: Widget
    private let icon: Widget
    private let title: Widget
    private let subtitle: Widget
    private let trailing: Widget
    /// A state beside the trailing text (a pull request's checks), said in words in the row's accessible label and
    /// its tooltip; hidden when there is none.
    private let status: Widget
    private let arrow: Widget
    private let avatar: AvatarView?
    /// An issue's labels, beside the title (hidden when there are none).
    private let chips = LabelChips(wraps: false)
    private var iconName = ""
    /// What the widgets show now (nil before the first bind).
    private var shown: SimpleRow?

    package init(images: ImageLoader? = nil) {
        root = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["simple-row"])
        icon = widget(gtk_image_new())
        title = Build.label("", xalign: 0)
        subtitle = Build.label("", classes: ["dim-label"], xalign: 0)
        for label in [title, subtitle] {
            gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_single_line_mode(opaque(label), 1)
        }
        let text = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_hexpand(text, 1)
        // The chips follow the title; a long title ellipsizes before they do.
        let titleLine = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(titleLine, title, chips.widget)
        Build.append(text, titleLine, subtitle)
        trailing = Build.label("", classes: ["dim-label", "numeric"], xalign: 1)
        status = widget(gtk_image_new())
        gtk_widget_set_visible(status, 0)
        arrow = widget(gtk_image_new_from_icon_name("go-next-symbolic"))
        avatar = images.map { AvatarView(size: 32, images: $0) }
        if let avatar { Build.append(root, avatar.root) }
        Build.append(root, icon, text, trailing, status, arrow)
    }

    package func show(_ row: SimpleRow) {
        defer { if let avatar { avatar.show(row.avatarURL) } }  // `unbind` cancelled the avatar
        guard row != shown else { return }
        let old = shown
        shown = row
        if row.iconName != iconName {  // a theme lookup otherwise on every bind
            iconName = row.iconName
            gtk_image_set_from_icon_name(opaque(icon), row.iconName)
        }
        let showsAvatar = avatar != nil && row.avatarURL != nil
        setVisible(icon, !(row.iconName.isEmpty || showsAvatar))
        if let avatar { setVisible(avatar.root, showsAvatar) }
        if row.title != old?.title { gtk_label_set_text(opaque(title), row.title) }
        if row.subtitle != old?.subtitle {
            gtk_label_set_text(opaque(subtitle), row.subtitle)
            setVisible(subtitle, !row.subtitle.isEmpty)
        }
        if row.trailing != old?.trailing { gtk_label_set_text(opaque(trailing), row.trailing) }
        if row.statusIconName != old?.statusIconName || row.status != old?.status {
            gtk_image_set_from_icon_name(opaque(status), row.statusIconName)
            gtk_widget_set_tooltip_text(status, row.status)
            setVisible(status, !row.statusIconName.isEmpty)
        }
        chips.show(row.chips)
        setVisible(arrow, row.showsDisclosure)
        if row.title != old?.title || row.subtitle != old?.subtitle || row.trailing != old?.trailing || row.chips != old?.chips
            || row.status != old?.status {
            Accessibility.setLabel(root, [row.title, row.chips.map(\.name).joined(separator: ", "), row.subtitle,
                                          row.trailing, row.status].filter { !$0.isEmpty }
                .joined(separator: ", "))
        }
    }

    private func setVisible(_ widget: Widget, _ visible: Bool) {
        if (gtk_widget_get_visible(widget) != 0) != visible { gtk_widget_set_visible(widget, visible ? 1 : 0) }
    }

    package func unbind() { avatar?.cancel() }

    /// The adapter for lists whose rows are `SimpleRow`s.
    package static func adapter(row: @escaping @MainActor (Int) -> SimpleRow?, activate: @escaping @MainActor (Int) -> Void,
                        images: ImageLoader? = nil) -> RowAdapter {
        RowAdapter(make: { SimpleRowView(images: images) },
                   bind: { view, index in if let item = row(index) { (view as? SimpleRowView)?.show(item) } },
                   activate: activate)
    }
}
