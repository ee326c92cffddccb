import Foundation
import GtkKit
import MayunCore

/// One row of the Notifications list, recycled by GTK for whichever row comes near the screen: either a section's
/// header (the repository) or a notification: what the thread is about (the subject's title), what happened, the
/// repository and the kind with its icon, then Reply for a private message and Mark as Read while it is unread.
@MainActor
final class NotificationRowView: ListRow {
    private let box = Box(.vertical)
    private let entry = Box(.horizontal, spacing: 12, classes: ["nav-row", "notification-row"])
    private let avatar: AvatarView
    private let title = Label(wrap: true, xalign: 0)
    private let detail = Label(wrap: true, xalign: 0)
    private let kind = Icon("dialog-information-symbolic")
    private let place = Label(classes: ["dim-label", "caption"], xalign: 0, ellipsize: .middle)
    private let mark = Button(iconName: "object-select-symbolic", accessibleLabel: tr("Mark as Read"))
    private let text = Box(.vertical, spacing: 2)
    // Made when a row first shows one (GTK keeps up to 200 rows built, so every widget per row counts when the
    // list opens): a section's header, Reply (private messages only), and the last row's "Show Older".
    private var header: Label?
    private var answer: Button?
    private var older: Button?
    private let onReply: @MainActor (NotificationItem) -> Void
    private let onShowOlder: @MainActor () -> Void
    /// What the row shows now (nil before the first bind, and on a header).
    private var shown: NotificationItem?
    private var shownWhen = ""

    var shownRef: WidgetRef { box.shownRef }

    init(images: ImageLoader, onReply: @escaping @MainActor (NotificationItem) -> Void,
         onMarkRead: @escaping @MainActor (NotificationItem.Key) -> Void, onShowOlder: @escaping @MainActor () -> Void) {
        avatar = AvatarView(size: 32, images: images)
        self.onReply = onReply
        self.onShowOlder = onShowOlder
        text.hexpand = true
        kind.addClasses(["dim-label"])
        // One line, shortened in the middle (both the project and the time stay), the whole of it in the tooltip:
        // a wrapping label here made each layout of the list re-measure it many times over (issue 29: 50 rows took
        // seconds to lay out; the title and detail still wrap).
        place.hexpand = true
        place.tooltipWhenAsked { [weak self] in self?.shownWhen }
        title.widthChars = 8
        detail.widthChars = 8
        let context = Box(.horizontal, spacing: 6)
        context.append(kind, place)
        text.append(title, detail, context)
        mark.addClasses(["flat"])
        mark.valign = .center
        entry.append(avatar)
        entry.append(text, mark)
        box.append(entry)
        mark.onClicked { [unowned self] in if let key = shown?.id { onMarkRead(key) } }
    }

    func show(_ row: NotificationListRow, when: (NotificationItem) -> String) {
        switch row {
        case .header(let name):
            defer { shown = nil }
            showOnly(header: name)
            avatar.cancel()
        case .older(let loading):
            shown = nil
            showOnly(olderLoading: loading)
            avatar.cancel()
        case .item(let item):
            showOnly()
            avatar.show(item.avatarURL)  // `unbind` cancelled it
            let placeLine = "\(item.context)  ·  \(when(item))"
            guard item != shown || placeLine != shownWhen else { return }
            shown = item
            shownWhen = placeLine
            entry.setClass("unread", item.isUnread)
            title.text = item.title
            title.setClass("heading", item.isUnread)
            detail.showText(item.detail)
            kind.setName(item.kind.iconName)
            kind.accessibleLabel = item.kind.title
            place.text = placeLine  // and its tooltip, when asked
            if item.senderLogin != nil { replyButton().isVisible = true } else { answer?.isVisible = false }
            mark.isVisible = item.isUnread
        }
    }

    func unbind() { avatar.cancel() }

    /// Shows one of the three kinds of row: a header (`header`), the last row (`olderLoading`), or a notification.
    private func showOnly(header name: String? = nil, olderLoading: Bool? = nil) {
        if let name {
            let header = self.header ?? {
                let made = Label(classes: ["heading", "notification-section"], wrap: true, xalign: 0)
                box.prepend(made)
                self.header = made
                return made
            }()
            header.text = name
        }
        header?.isVisible = name != nil
        if let olderLoading {
            let older = self.older ?? {
                let made = Button(label: tr("Show Older Notifications"))
                made.halign = .center
                made.setMargins(12)
                made.onClicked { [onShowOlder] in onShowOlder() }
                box.append(made)
                self.older = made
                return made
            }()
            older.isSensitive = !olderLoading
        }
        older?.isVisible = olderLoading != nil
        entry.isVisible = name == nil && olderLoading == nil
    }

    private func replyButton() -> Button {
        if let answer { return answer }
        let made = Button(iconName: "mail-reply-sender-symbolic", accessibleLabel: tr("Reply"))
        made.addClasses(["flat"])
        made.valign = .center
        made.onClicked { [unowned self] in if let shown { onReply(shown) } }
        entry.insert(made, after: text)
        answer = made
        return made
    }

    /// The adapter for the Notifications list: `rows` are the page's rows now.
    static func adapter(rows: @escaping @MainActor () -> [NotificationListRow], viewModel: NotificationsViewModel,
                        images: ImageLoader) -> RowAdapter {
        RowAdapter(make: {
            NotificationRowView(images: images, onReply: { [unowned viewModel] item in viewModel.reply.begin(replyingTo: item) },
                                onMarkRead: { [unowned viewModel] key in viewModel.markRead(key) },
                                onShowOlder: { [unowned viewModel] in viewModel.showOlder() })
        }, bind: { view, index in
            let rows = rows()
            guard rows.indices.contains(index) else { return }
            (view as? NotificationRowView)?.show(rows[index]) { [unowned viewModel] in viewModel.when($0) }
        }, activate: { index in
            if let key = rows().indices.contains(index) ? rows()[index].item?.id : nil { viewModel.activate(key) }
        })
    }
}
