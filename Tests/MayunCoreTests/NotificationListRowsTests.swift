import Foundation
@testable import MayunCore
import XCTest

/// The Notifications page's flat list: each section's header as a row, then its rows; and the one stretch a change
/// replaces, so the rows above and below keep their place in the list view.
final class NotificationListRowsTests: XCTestCase {
    private func item(_ id: Int, repo: String?, unread: Bool = true) -> NotificationItem {
        NotificationItem(id: .thread(id), title: "T\(id)", context: repo ?? "", repository: repo, kind: .issue,
                         date: nil, isUnread: unread, link: nil, avatarURL: nil)
    }

    func testEachSectionIsItsHeaderThenItsRows() {
        let a1 = item(1, repo: "o/a"), b2 = item(2, repo: "o/b"), a3 = item(3, repo: "o/a", unread: false)
        let rows = NotificationListRow.rows(of: NotificationSection.grouped([a1, b2, a3]))
        XCTAssertEqual(rows, [.header("o/a"), .item(a1), .item(a3), .header("o/b"), .item(b2)])
        XCTAssertNil(rows[0].item)
        XCTAssertEqual(rows[2].item, a3)
        XCTAssertEqual(NotificationListRow.rows(of: []), [])
    }

    func testAChangeReplacesOnlyTheStretchThatDiffers() {
        XCTAssertEqual(RowListChange(from: [1, 2, 3, 4], to: [1, 2, 3, 4]).isEmpty, true)
        let marked = RowListChange(from: [1, 2, 3, 4, 5], to: [1, 2, 9, 4, 5])
        XCTAssertEqual([marked.start, marked.removed, marked.added], [2, 1, 1], "one row changed in place")
        let onTop = RowListChange(from: [1, 2, 3], to: [0, 1, 2, 3])
        XCTAssertEqual([onTop.start, onTop.removed, onTop.added], [0, 0, 1], "a new row on top: nothing below moves")
        let gone = RowListChange(from: [1, 2, 3], to: [1, 3])
        XCTAssertEqual([gone.start, gone.removed, gone.added], [1, 1, 0])
        let all = RowListChange(from: [1, 2], to: [3, 4, 5])
        XCTAssertEqual([all.start, all.removed, all.added], [0, 2, 3])
        let fromNothing = RowListChange(from: [Int](), to: [7, 8])
        XCTAssertEqual([fromNothing.start, fromNothing.removed, fromNothing.added], [0, 0, 2])
        // Repeated rows: the head and the tail never overlap, so the counts stay whole.
        let repeated = RowListChange(from: [1, 1, 1], to: [1, 1])
        XCTAssertEqual([repeated.start, repeated.removed, repeated.added], [2, 1, 0])
    }
}
