import CGtk
import Foundation
import MayunCore

/// One event of a feed: actor avatar, the sentence, up to a few detail lines, and when.
@MainActor
final class EventRowView: ListRow {
    let root: Widget
    private let avatar: Widget
    private let sentence: Widget
    private let details: Widget
    private let time: Widget
    private let images: ImageLoader
    private var ticket: ImageTicket?

    init(images: ImageLoader) {
        self.images = images
        root = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["event-row"])
        avatar = widget(gtk_image_new_from_icon_name("avatar-default-symbolic"))
        gtk_image_set_pixel_size(opaque(avatar), 32)
        gtk_widget_set_valign(avatar, GTK_ALIGN_START)
        gtk_widget_set_overflow(avatar, GTK_OVERFLOW_HIDDEN)
        Build.addClasses(avatar, ["avatar"])
        sentence = Build.label("", wrap: true, xalign: 0)
        details = Build.label("", classes: ["dim-label", "monospace-small"], wrap: true, xalign: 0)
        time = Build.label("", classes: ["dim-label"], xalign: 0)
        let text = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 3)
        gtk_widget_set_hexpand(text, 1)
        Build.append(text, sentence, details, time)
        Build.append(root, avatar, text)
    }

    func show(_ row: EventRow) {
        gtk_label_set_text(opaque(sentence), row.sentence)
        gtk_label_set_text(opaque(details), row.details.joined(separator: "\n"))
        gtk_widget_set_visible(details, row.details.isEmpty ? 0 : 1)
        gtk_label_set_text(opaque(time), row.time)
        Accessibility.setLabel(root, "\(row.sentence), \(row.time)")
        ticket?.cancel()
        gtk_image_set_from_icon_name(opaque(avatar), "avatar-default-symbolic")
        if let url = row.avatarURL {
            ticket = images.load(url) { [weak self] texture in
                guard let self, let texture else { return }
                gtk_image_set_from_paintable(opaque(self.avatar), OpaquePointer(texture))
            }
        }
    }

    func unbind() {
        ticket?.cancel()
        ticket = nil
    }
}
