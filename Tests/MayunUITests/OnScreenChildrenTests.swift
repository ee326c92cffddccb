import CGtk
import Foundation
@testable import GtkKit
@testable import MayunUI
import XCTest

/// A long box of cards in a scrolled window draws only the cards near the screen, keeps every card's size and place
/// (the scroll range is the same), and draws the others when they come near.
final class OnScreenChildrenTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testOnlyCardsNearTheScreenAreDrawnAndTheScrollRangeStays() {
        onMain {
            let box = widget(gtk_box_new(GTK_ORIENTATION_VERTICAL, 10))
            for index in 0..<200 {
                let card = widget(gtk_label_new("Card \(index)"))
                gtk_widget_set_size_request(card, -1, 100)
                gtk_box_append(typed(box), card)
            }
            let watcher = OnScreenChildren.install(on: box)
            let scroller = widget(gtk_scrolled_window_new())
            gtk_scrolled_window_set_child(OpaquePointer(scroller), box)
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 400, 500)
            gtk_window_set_child(typed(window), scroller)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            waitForFrames(of: window, count: 3)

            let cards = descendants(of: box).filter { isA($0, gtk_label_get_type()) }
            XCTAssertEqual(cards.count, 200)
            let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
            let upper = gtk_adjustment_get_upper(adjustment)
            XCTAssertEqual(upper, 200 * 100 + 199 * 10, accuracy: 1, "every card keeps its height and spacing")
            XCTAssertEqual(gtk_widget_is_drawable(cards[0]), 1, "the first card is on screen")
            XCTAssertEqual(gtk_widget_is_drawable(cards[199]), 0, "the last card is far below: not drawn")
            XCTAssertGreaterThan(watcher.leftOut, 150, "only about three screens of cards are drawn")

            gtk_adjustment_set_value(adjustment, upper)
            waitForFrames(of: window, count: 3)
            XCTAssertEqual(gtk_widget_is_drawable(cards[199]), 1, "scrolled to the end, the last card is drawn")
            XCTAssertEqual(gtk_widget_is_drawable(cards[0]), 0, "and the first is not")
            XCTAssertEqual(gtk_adjustment_get_upper(adjustment), upper, accuracy: 1, "the scroll range did not change")
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(cards[0], &allocation)
            XCTAssertEqual(allocation.height, 100, "a card left out keeps its size")
        }
    }
}
