@testable import MayunCore
import XCTest

/// "N years ago" for any date, however far: `Int(seconds)` of 1e300 trapped before the clamp (issue 10).
final class RelativeTimeBoundsTests: XCTestCase {
    func testDatesFarAwayOrNotANumberDescribeWithoutTrapping() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(RelativeTime.describe(Date(timeIntervalSince1970: -1e300), now: now)?.hasSuffix("years ago"), true)
        XCTAssertEqual(RelativeTime.describe(Date(timeIntervalSince1970: 1e300), now: now), "just now")
        XCTAssertEqual(RelativeTime.describe(Date(timeIntervalSinceReferenceDate: .nan), now: now), "just now")
        XCTAssertEqual(RelativeTime.describe(now.addingTimeInterval(-120), now: now), "2 minutes ago")
    }
}

/// A star or watch toggled on a project whose count the server gave as Int.max: `count + 1` trapped (issue 10).
final class ToggleCountBoundsTests: XCTestCase {
    func testTogglingAtTheLargestCountDoesNotOverflow() {
        onMain {
            let star = ToggleState(kind: .star)
            star.settle(isOn: false, count: Int.max)
            star.beginChange(to: true)
            XCTAssertEqual(star.count, Int.max)
            XCTAssertTrue(star.isOn)
            let watch = ToggleState(kind: .watch)
            watch.settle(isOn: false, count: 41)
            watch.beginChange(to: true)
            XCTAssertEqual(watch.count, 42)
        }
    }
}
