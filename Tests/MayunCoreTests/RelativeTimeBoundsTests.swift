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
