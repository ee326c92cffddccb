import Foundation
import GiteeKit

/// Older notification threads, a page at a time: the first load and each background refresh read the newest page
/// only (a poll stays one request per kind); the person asks for older ones at the end of the list.
extension NotificationsViewModel {
    public var showOlderTitle: String { tr("Show Older Notifications") }

    /// Reads the next page of older threads and adds them to the list (nothing is announced: they are old).
    public func showOlder() {
        guard hasOlder, !isLoadingOlder else { return }
        isLoadingOlder = true
        let next = olderPage
        let client = client
        Task { [weak self] in
            do {
                let page = try await client.page(Endpoints.notificationThreads(perPage: Self.pageSize), at: next)
                self?.addOlder(page)
            } catch {
                self?.olderFailed(GiteeError.from(error))
            }
        }
    }

    private func addOlder(_ page: Page<NotificationThread>) {
        isLoadingOlder = false
        let known = Set(items.map(\.id))
        let added = page.items.map(NotificationItem.init).filter { !known.contains($0.id) }
        noteSeen(added)
        olderThreads += added
        olderPage = page.next
        hasOlder = page.next != nil
        items = NotificationItem.ordered(items + added)
    }

    private func olderFailed(_ error: GiteeError) {
        isLoadingOlder = false
        guard error != .cancelled else { return }
        tell(String(format: tr("Could not load older notifications: %@"), ErrorText.message(for: error)))
    }

    /// After a refresh of the first page: threads that were shown before and are not on it any more stay (they
    /// moved to the second page) once the person has read older pages; before that, the list is the first page.
    func keepOlderThreads(besides fresh: [NotificationItem], firstPageNext: Pagination?) {
        guard !olderThreads.isEmpty else {
            olderPage = firstPageNext
            hasOlder = firstPageNext != nil
            return
        }
        let freshIDs = Set(fresh.map(\.id))
        let fellOff = items.filter { item in
            if case .thread = item.id { !freshIDs.contains(item.id) } else { false }
        }
        var kept: [NotificationItem.Key: NotificationItem] = [:]
        for item in olderThreads + fellOff { kept[item.id] = item }
        olderThreads = Array(kept.values)
    }
}
