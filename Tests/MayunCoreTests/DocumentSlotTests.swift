@testable import MayunCore
@testable import MayunDocument
import XCTest

/// The one place a page shows a document: the newest parse wins, a stale one never covers it, dropping stops both.
final class DocumentSlotTests: XCTestCase {
    private static func request(_ text: String) -> DocumentRequest {
        DocumentRequest(text: text, format: .markdown, context: readmeContext(), prefersDark: false)
    }

    func testANewerParseWinsAndTheOlderStops() {
        onMain {
            let slot = DocumentSlot()
            var shownTexts: [String] = []
            slot.parse(Self.request("# old")) { _ in shownTexts.append("old") }
            slot.parse(Self.request("# new")) { _ in shownTexts.append("new") }
            waitUntil("the newer parse is shown") { slot.shown != nil }
            drainMainQueue()
            XCTAssertEqual(shownTexts, ["new"], "the older parse never takes the slot")
            XCTAssertFalse(slot.isParsing)
        }
    }

    func testAShownDocumentIsReplacedByTheNextParse() {
        onMain {
            let slot = DocumentSlot()
            var shown: [ProgressiveDocument] = []
            slot.parse(Self.request("# first")) { shown.append($0) }
            waitUntil("the first parse is shown") { slot.shown != nil }
            slot.parse(Self.request("# second")) { shown.append($0) }
            waitUntil("the second parse replaces it") { shown.count == 2 }
            XCTAssertTrue(slot.shown === shown.last)
            XCTAssertFalse(shown[0] === shown[1])
        }
    }

    func testADocumentShownDirectlyDropsAPendingParse() {
        onMain {
            let slot = DocumentSlot()
            var lateShown = false
            slot.parse(Self.request("# saved copy")) { _ in lateShown = true }
            let fresh = ProgressiveDocument(parsing: Self.request("# the server's"))
            slot.show(fresh)
            waitUntil("the fresh document's first screen") { fresh.phase != .parsing }
            drainMainQueue()
            XCTAssertFalse(lateShown, "the saved copy's late parse does not cover the server's document")
            XCTAssertTrue(slot.shown === fresh)
        }
    }

    func testAParseNoLongerWantedIsDropped() {
        onMain {
            let slot = DocumentSlot()
            var wanted = true
            var shown = false
            slot.parse(Self.request("# late"), stillWanted: { wanted }) { _ in shown = true }
            wanted = false
            waitUntil("the parse ends") { !slot.isParsing }
            drainMainQueue()
            XCTAssertFalse(shown)
            XCTAssertNil(slot.shown)
        }
    }
}
