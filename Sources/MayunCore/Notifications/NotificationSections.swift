import Foundation

/// Which rows the Notifications page shows: unread or all, only @mentions, only one repository.
public struct NotificationFilter: Equatable, Sendable {
    public var unreadOnly = false
    public var mentionsOnly = false
    /// "owner/repo", or nil for every repository (and private messages).
    public var repository: String?

    public init(unreadOnly: Bool = false, mentionsOnly: Bool = false, repository: String? = nil) {
        self.unreadOnly = unreadOnly
        self.mentionsOnly = mentionsOnly
        self.repository = repository
    }

    /// Mentions and a repository are about threads, so either one leaves private messages out.
    func admits(_ item: NotificationItem) -> Bool {
        if unreadOnly && !item.isUnread { return false }
        if mentionsOnly && !item.isMention { return false }
        if let repository, item.repository != repository { return false }
        return true
    }
}

/// One repository's rows under its name as a header, or the private messages under theirs.
public struct NotificationSection: Equatable, Sendable, Identifiable {
    /// The repository's full name, or nil for private messages (and threads without a repository).
    public let repository: String?
    public let title: String
    public var items: [NotificationItem]
    public var id: String { repository ?? "" }

    /// Rows already in the page's order (unread first, newest first) grouped by repository: a section comes where
    /// its first row came, so the repository with the newest unread thread is on top.
    static func grouped(_ items: [NotificationItem]) -> [NotificationSection] {
        var sections: [NotificationSection] = []
        var index: [String: Int] = [:]
        for item in items {
            let key = item.repository ?? ""
            if let at = index[key] {
                sections[at].items.append(item)
            } else {
                index[key] = sections.count
                let title = item.repository ?? (item.kind == .message ? tr("Private Messages") : tr("Other"))
                sections.append(NotificationSection(repository: item.repository, title: title, items: [item]))
            }
        }
        return sections
    }
}

extension NotificationsViewModel {
    /// The rows the filter lets through, grouped by repository.
    public var sections: [NotificationSection] { NotificationSection.grouped(items.filter(filter.admits)) }

    /// Every repository a shown thread comes from, sorted, for the repository filter (the chosen one stays listed
    /// even when its last thread went away, so the choice does not jump).
    public var repositoryChoices: [String] {
        var names = Set(items.compactMap(\.repository))
        if let chosen = filter.repository { names.insert(chosen) }
        return names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// Said when loaded rows exist but the filter hides them all.
    public var filteredOutText: String? {
        state == .content && !items.isEmpty && sections.isEmpty ? tr("Nothing matches these filters.") : nil
    }

    public var unreadFilterTitle: String { tr("Unread") }
    public var allFilterTitle: String { tr("All") }
    public var mentionsFilterTitle: String { tr("Mentions") }
    public var allRepositoriesTitle: String { tr("All Repositories") }
}
