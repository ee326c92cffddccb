import CGtk
import Foundation
@testable import GtkKit
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

    /// A thread below a long description (the box is not the scrolled child itself): cards left out while far,
    /// and cards added while their tab is hidden, are drawn when scrolled to, not left as the blank of the box's
    /// last drawing (seen in the pulls e2e: a line comment written on Files changed was blank in Conversation).
    func testCardsAddedWhileTheirTabIsHiddenAreDrawnWhenScrolledTo() {
        onMain {
            let provider = gtk_css_provider_new()!
            gtk_css_provider_load_from_data(provider, ".red-card { background: #ff0000; }", -1)
            let display = gdk_display_get_default()!
            gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), 800)
            defer { gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider)) }
            @MainActor func card(_ index: Int) -> Widget {
                let card = widget(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
                gtk_widget_add_css_class(card, "red-card")
                gtk_widget_set_size_request(card, -1, 100)
                gtk_box_append(typed(card), widget(gtk_label_new("Card \(index)")))
                return card
            }
            let thread = widget(gtk_box_new(GTK_ORIENTATION_VERTICAL, 10))
            for index in 0..<3 { gtk_box_append(typed(thread), card(index)) }
            OnScreenChildren.install(on: thread)
            // The conversation: a long description above the thread, a composer below it.
            let content = widget(gtk_box_new(GTK_ORIENTATION_VERTICAL, 10))
            let description = widget(gtk_label_new("Description"))
            gtk_widget_set_size_request(description, -1, 2000)
            let composer = widget(gtk_label_new("Leave a comment"))
            gtk_widget_set_size_request(composer, -1, 200)
            gtk_box_append(typed(content), description)
            gtk_box_append(typed(content), thread)
            gtk_box_append(typed(content), composer)
            let scroller = widget(gtk_scrolled_window_new())
            gtk_scrolled_window_set_child(OpaquePointer(scroller), content)
            let notebook = widget(gtk_notebook_new())
            gtk_notebook_append_page(OpaquePointer(notebook), scroller, gtk_label_new("Conversation"))
            gtk_notebook_append_page(OpaquePointer(notebook), gtk_label_new("Files"), gtk_label_new("Files changed"))
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 400, 500)
            gtk_window_set_child(typed(window), notebook)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            waitForFrames(of: window, count: 3)
            let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
            let windowWidget = widget(window)
            @MainActor func bottomCardShown() -> Bool {
                // The last card sits just above the composer's 200 px at the end of the scroll range.
                guard let shown = pixel(of: windowWidget, x: 200, y: gtk_widget_get_height(windowWidget) - 260) else {
                    return false
                }
                return shown.red > 200 && shown.green < 60 && shown.blue < 60
            }
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            waitForFrames(of: window, count: 3)
            XCTAssertTrue(bottomCardShown(), "scrolled down from the top, the cards left out until then are drawn")
            gtk_adjustment_set_value(adjustment, 0)
            waitForFrames(of: window, count: 3)

            gtk_notebook_set_current_page(OpaquePointer(notebook), 1)
            waitForFrames(of: window, count: 3)
            // A comment written on the other tab comes into the thread meanwhile.
            gtk_box_append(typed(thread), card(3))
            gtk_notebook_set_current_page(OpaquePointer(notebook), 0)
            waitForFrames(of: window, count: 3)
            XCTAssertGreaterThan(OnScreenChildren.of(thread)?.leftOut ?? 0, 0, "far below the view, the cards are left out")
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            waitForFrames(of: window, count: 3)
            XCTAssertTrue(bottomCardShown(), "scrolled down to it, the new card is drawn, not blank")
        }
    }
}

/// Issue 36: a thread's comments are parsed when their cards come near the screen, not all at once.
final class OnScreenChildrenNearActionTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAnActionRunsOnceWhenItsCardFirstComesNear() {
        onMain {
            let box = Box(.vertical, spacing: 10)
            let watcher = OnScreenChildren.install(on: box)
            var ran: [Int] = []
            var cards: [Label] = []
            for index in 0..<100 {
                let card = Label("Card \(index)")
                gtk_widget_set_size_request(card.widget, -1, 100)
                box.append(card)
                cards.append(card)
                watcher.whenNear(card) { ran.append(index) }
            }
            let scroller = widget(gtk_scrolled_window_new())
            gtk_scrolled_window_set_child(OpaquePointer(scroller), box.widget)
            let window = gtk_window_new()!
            gtk_window_set_default_size(typed(window), 400, 500)
            gtk_window_set_child(typed(window), scroller)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            waitUntil("the first cards' actions ran") { ran.contains(0) }
            waitForFrames(of: window, count: 3)
            XCTAssertFalse(ran.isEmpty)
            // The screen (500 px) and one above and below: about 15 cards of 110 px, far from all hundred.
            XCTAssertLessThan(ran.count, 20, "\(ran)")
            XCTAssertFalse(ran.contains(99))
            let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            waitUntil("the last card's action ran") { ran.contains(99) }
            XCTAssertLessThan(ran.count, 40, "the cards scrolled past in one jump never came near")
            gtk_adjustment_set_value(adjustment, 0)
            waitForFrames(of: window, count: 3)
            XCTAssertEqual(ran.count, Set(ran).count, "each action ran once")
        }
    }

    /// Outside a scrolled window every card counts as on screen: each action runs after the first layout.
    func testWithoutAScrolledWindowEveryActionRuns() {
        onMain {
            let box = Box(.vertical, spacing: 10)
            let watcher = OnScreenChildren.install(on: box)
            var ran = 0
            for index in 0..<5 {
                let card = Label("Card \(index)")
                box.append(card)
                watcher.whenNear(card) { ran += 1 }
            }
            let window = gtk_window_new()!
            gtk_window_set_child(typed(window), box.widget)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            waitUntil("all five ran") { ran == 5 }
        }
    }
}
