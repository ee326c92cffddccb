import CGtk
import Foundation
import MayunCore

/// One event of a feed: actor avatar, the sentence, up to a few detail lines, and when.
@MainActor
final class EventRowView: ListRow {
    let root: Widget
    private let avatar: AvatarView
    private let sentence: Widget
    private let details: Widget
    private let time: Widget

    init(images: ImageLoader) {
        root = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["event-row"])
        avatar = AvatarView(size: 32, images: images)
        sentence = Build.label("", wrap: true, xalign: 0)
        details = Build.label("", classes: ["dim-label", "monospace-small"], wrap: true, xalign: 0)
        time = Build.label("", classes: ["dim-label"], xalign: 0)
        let text = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 3)
        gtk_widget_set_hexpand(text, 1)
        Build.append(text, sentence, details, time)
        Build.append(root, avatar.root, text)
    }

    func show(_ row: EventRow) {
        gtk_label_set_text(opaque(sentence), row.sentence)
        gtk_label_set_text(opaque(details), row.details.joined(separator: "\n"))
        gtk_widget_set_visible(details, row.details.isEmpty ? 0 : 1)
        gtk_label_set_text(opaque(time), row.time)
        Accessibility.setLabel(root, "\(row.sentence), \(row.time)")
        avatar.show(row.avatarURL)
    }

    func unbind() { avatar.cancel() }
}
