import GtkKit
import MayunCore

/// One event of a feed: actor avatar, the sentence, up to a few detail lines, and when.
@MainActor
final class EventRowView: ListRow {
    private let view = Box(.horizontal, spacing: 12, classes: ["event-row"])
    private let avatar: AvatarView
    private let sentence = Label(wrap: true, xalign: 0)
    private let details = Label(classes: ["dim-label", "monospace-small"], wrap: true, xalign: 0)
    private let time = Label(classes: ["dim-label"], xalign: 0)

    var shownRef: WidgetRef { view.shownRef }

    init(images: ImageLoader) {
        avatar = AvatarView(size: 32, images: images)
        let text = Box(.vertical, spacing: 3)
        text.hexpand = true
        text.append(sentence, details, time)
        view.append(avatar)
        view.append(text)
    }

    func show(_ row: EventRow) {
        sentence.text = row.sentence
        details.text = row.details.joined(separator: "\n")
        details.isVisible = !row.details.isEmpty
        time.text = row.time
        view.accessibleLabel = "\(row.sentence), \(row.time)"
        avatar.show(row.avatarURL)
    }

    func unbind() { avatar.cancel() }
}
