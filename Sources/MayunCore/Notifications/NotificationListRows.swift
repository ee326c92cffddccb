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

/// Where two row lists differ: the rows before `start` and the last `keptTail` rows are the same in both, so a list
/// view replaces only `removed` rows at `start` with `added` new ones (what is above and below keeps its place).
public struct RowListChange: Equatable, Sendable {
    public let start: Int
    public let removed: Int
    public let added: Int

    public var isEmpty: Bool { removed == 0 && added == 0 }

    public init<Row: Equatable>(from old: [Row], to new: [Row]) {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
            tail += 1
        }
        start = head
        removed = old.count - head - tail
        added = new.count - head - tail
    }
}
