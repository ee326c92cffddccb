import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Issue 36: a thread's parsed comments are held within a byte budget, least recently used dropped first, and a
/// dropped one is parsed again only when its card asks anew (never in a circle by bindings re-reading it).
final class RenderedCommentsTests: XCTestCase {
    func testParsedCommentsStayWithinTheirByteBudget() {
        onMain {
            let markdown = RepositoryMarkdown(server: URL(string: "http://127.0.0.1:9")!,
                                              nightMode: NightModeViewModel(preferences: InMemoryPreferences()))
            let bodies = (0..<5).map { "Comment \($0): " + String(repeating: "word ", count: 200) }
            let each = RenderedComments.estimatedBytes(of: bodies[0])
            XCTAssertEqual(each, bodies[0].utf8.count * 8 + 4096)
            let rendered = RenderedComments(repo: RepositoryID(owner: "o", name: "r"), markdown: markdown,
                                            budget: each * 3)
            @MainActor func parse(_ body: String) {
                XCTAssertNil(rendered.document(for: body), "parsed off the main thread")
                waitUntil("parsed") { rendered.parsed(body) != nil }
            }
            for body in bodies { parse(body) }
            XCTAssertEqual(rendered.landed, 5)
            XCTAssertEqual(rendered.heldCount, 3, "only three fit")
            XCTAssertLessThanOrEqual(rendered.heldBytes, each * 3)
            XCTAssertNil(rendered.parsed(bodies[0]), "the least recently used went first")
            XCTAssertNil(rendered.parsed(bodies[1]))
            XCTAssertNotNil(rendered.parsed(bodies[4]))

            // A binding reading a dropped comment again does not start a parse (it would go round in a circle).
            XCTAssertNil(rendered.document(for: bodies[0]))
            XCTAssertFalse(rendered.isParsing, "no parse started")
            // Its card coming near again does.
            XCTAssertNil(rendered.reparse(bodies[0]))
            XCTAssertTrue(rendered.isParsing)
            waitUntil("parsed again") { rendered.parsed(bodies[0]) != nil }
            XCTAssertEqual(rendered.landed, 6)
            XCTAssertEqual(rendered.heldCount, 3)

            // A comment larger than the whole budget is still kept (alone) so that it can be shown.
            let huge = String(repeating: "long ", count: 20_000)
            parse(huge)
            XCTAssertEqual(rendered.heldCount, 1)
            XCTAssertNotNil(rendered.parsed(huge))
        }
    }
}
