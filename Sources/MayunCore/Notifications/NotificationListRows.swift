import Foundation

/// One row of the Notifications page's list: a section's header (the repository, or "Private Messages") or one
/// notification. The page shows the sections as one flat, virtualised list, so a header is a row of its own.
public enum NotificationListRow: Equatable, Sendable {
    case header(String)
    case item(NotificationItem)
    /// The last row while the server has older threads: "Show Older Notifications" (loading: false while asked).
    case older(loading: Bool)

    /// The notification a row shows; nil on a header.
    public var item: NotificationItem? {
        if case .item(let item) = self { item } else { nil }
    }

    /// Each section's header, then its rows.
    static func rows(of sections: [NotificationSection]) -> [NotificationListRow] {
        sections.flatMap { section in [.header(section.title)] + section.items.map(NotificationListRow.item) }
    }
}

extension NotificationsViewModel {
    /// `sections` flattened: each section's header, then its rows; then "Show Older Notifications" while there are.
    public var rows: [NotificationListRow] {
        NotificationListRow.rows(of: sections) + (hasOlder ? [.older(loading: isLoadingOlder)] : [])
    }
}
