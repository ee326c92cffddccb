@testable import MayunCore
import XCTest

/// A list row's description is one line of bounded length, so the row's height is known without a paragraph layout.
final class ProjectRowSummaryTests: XCTestCase {
    func testLineBreaksAndRunsOfWhitespaceFoldToSingleSpaces() {
        XCTAssertEqual(ProjectRow.oneLine("  A\n\nfast\tparser \r\n for   JSON ", limit: 200), "A fast parser for JSON")
    }

    func testALongDescriptionIsCutToTheLimit() {
        let line = ProjectRow.oneLine(String(repeating: "数据\n", count: 5000), limit: 200)
        XCTAssertEqual(line.count, 200)
        XCTAssertFalse(line.contains("\n"))
        XCTAssertTrue(line.hasPrefix("数据 数据"))
    }
}
