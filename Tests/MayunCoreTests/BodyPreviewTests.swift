import Foundation
@testable import GiteeKit
@testable import MayunCore
import MayunDocument
import XCTest

/// What a parsed document holds, as text to search (its blocks and inlines described).
private func text(of document: Document?) -> String {
    document.map { String(describing: $0) } ?? ""
}

/// The Write / Preview switch of the New Issue and New Pull Request forms: Preview shows the body as it was when
/// switched, Write goes back, and a parse that finishes after the person switched again is not shown.
final class BodyPreviewTests: XCTestCase {
    @MainActor private static func preview() -> BodyPreview {
        BodyPreview(markdown: RepositoryMarkdown(server: URL(string: "http://127.0.0.1:9")!,
                                                 nightMode: NightModeViewModel(preferences: InMemoryPreferences())))
    }

    func testPreviewShowsTheBodyAsItWasAndWriteGoesBack() {
        onMain {
            let repo = RepositoryID(owner: "o", name: "r")
            let body = Self.preview()
            XCTAssertFalse(body.isPreviewing)
            XCTAssertEqual(body.toggleTitle, tr("Preview"))
            body.toggle("**first**", in: repo)
            XCTAssertTrue(body.isPreviewing)
            XCTAssertEqual(body.toggleTitle, tr("Write"))
            waitUntil("the first body is parsed") { body.document != nil }
            XCTAssertTrue(text(of: body.document).contains("first"))
            body.toggle("**first**", in: repo)
            XCTAssertFalse(body.isPreviewing)
            XCTAssertEqual(body.toggleTitle, tr("Preview"))
        }
    }

    func testAParseOvertakenByAnotherSwitchIsNotShown() {
        onMain {
            let repo = RepositoryID(owner: "o", name: "r")
            let body = Self.preview()
            // Preview, back to Write and Preview again before the first parse lands: only the second text shows.
            body.toggle("old words", in: repo)
            body.toggle("old words", in: repo)
            body.toggle("new words", in: repo)
            waitUntil("the second body is parsed") { body.document != nil }
            XCTAssertTrue(text(of: body.document).contains("new words"))
            XCTAssertFalse(text(of: body.document).contains("old words"))
            // Without a markdown service (a form made in tests) the switch still switches, with nothing to show.
            let plain = BodyPreview(markdown: nil)
            plain.toggle("text", in: repo)
            XCTAssertTrue(plain.isPreviewing)
            XCTAssertNil(plain.document)
        }
    }
}
