import CGtk
import Foundation
@testable import GiteeKit
@testable import GtkKit
@testable import MayunShell
@testable import MayunCore
@testable import MayunDocument
@testable import MayunUI
import XCTest

/// Issue 36: a long thread parses the comments whose cards come near the screen, not every comment at once.
final class CommentThreadParsingTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    @MainActor private final class Thread: CommentThreadSource {
        let comments: PagedListViewModel<Comment>
        let renderedComments: RenderedComments
        var nightMode: NightModeViewModel? { nil }
        func activate(_ target: LinkTarget) {}

        init(bodies: [String]) {
            let items = bodies.enumerated().map { Comment(id: $0.offset + 1, body: $0.element, author: nil) }
            comments = PagedListViewModel(emptyText: "") { _ in
                Page(items: items, next: nil, totalCount: items.count, totalPages: 1, servedByFallback: false)
            }
            let markdown = RepositoryMarkdown(server: URL(string: "http://127.0.0.1:9")!,
                                              nightMode: NightModeViewModel(preferences: InMemoryPreferences()))
            renderedComments = RenderedComments(repo: RepositoryID(owner: "o", name: "r"), markdown: markdown)
        }
    }

    func testAFortyCommentThreadParsesOnlyTheCardsNearTheScreen() {
        onMain {
            // Forty comments of 40 lines each: a card is taller than the window.
            let bodies = (0..<40).map { index in
                (0..<40).map { "Comment \(index), line \($0): **bold** and `code`" }.joined(separator: "\n\n")
            }
            let source = Thread(bodies: bodies)
            let bindings = BindingBag()
            let thread = CommentThread(source: source, images: testImages(), bindings: bindings)
            let scroller = widget(gtk_scrolled_window_new())
            gtk_scrolled_window_set_child(OpaquePointer(scroller), thread.root.widget)
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 700, 500)
            gtk_window_set_child(typed(window), scroller)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            source.comments.start()
            waitUntil("forty cards") { source.comments.items.count == 40 }
            let rendered = source.renderedComments
            waitUntil("the first comment parsed", timeout: 30) { rendered.parsed(bodies[0]) != nil }
            waitForFrames(of: window, count: 5)
            waitUntil("no parse running", timeout: 30) { !rendered.isParsing }
            // The screen and one above and below: a few cards, not forty parses (and forty children for long ones).
            XCTAssertLessThan(rendered.landed, 10, "parsed \(rendered.landed) of 40")
            XCTAssertNil(rendered.parsed(bodies[39]))
            let firstScreen = rendered.landed

            let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            waitUntil("the last comment parsed once scrolled to", timeout: 30) { rendered.parsed(bodies[39]) != nil }
            XCTAssertLessThan(rendered.landed, 40, "the cards jumped over were never near")
            print("forty-comment thread: \(firstScreen) parsed on the first screen, \(rendered.landed) after scrolling to the end")
        }
    }
}
