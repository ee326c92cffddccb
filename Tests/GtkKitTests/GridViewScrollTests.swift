import CGtk
import GLibRuntime
@testable import GtkKit
import XCTest

/// Why the one-column GtkGridView (PagedListView's rows) once went blank in the browse end-to-end run: with GTK
/// 4.8, a grid scrolled to the end of its model goes blank (its bound rows allocated far off screen, the scrollbar at
/// the bottom) when the *last item* is removed, which is what PagedListView's footer did when a page arrived
/// (loading -> idle removed it, the next load appended it); it now stays and is replaced in place. Bursts of scrolling with rows inserted before a footer that
/// stays, or a footer replaced in place by one splice, keep rows on screen; GtkListView is not affected.
/// Each round: a burst of 15 wheel-sized steps before the next layout (as xdotool's notches arrive), then near the
/// end a page of 20 rows inserted before the footer and the footer changed as the mode says; then two frames.
final class GridViewScrollTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    private enum Footer { case kept, replacedInPlace, removedThenAppended, removedThenAppendedNextFrame }

    private static let rowUI = """
        <interface><template class="GtkListItem"><property name="child"><object class="GtkLabel">
        <property name="height-request">80</property>
        <binding name="label"><lookup name="string" type="GtkStringObject"><lookup name="item">GtkListItem</lookup>
        </lookup></binding></object></property></template></interface>
        """

    /// The cause, pinned: if this starts failing, GTK no longer blanks the grid and the workaround can go.
    func testGTK48GridGoesBlankWhenItsLastItemIsRemovedAtTheEnd() {
        onMain {
            XCTAssertFalse(Self.blankRounds(grid: true, footer: .removedThenAppended).isEmpty,
                           "GTK 4.8's grid went blank after removing the footer at the end")
            XCTAssertFalse(Self.blankRounds(grid: true, footer: .removedThenAppendedNextFrame).isEmpty,
                           "also when the footer comes back a frame later")
        }
    }

    func testGridStaysFilledWhenTheFooterIsReplacedInPlace() {
        onMain { XCTAssertEqual(Self.blankRounds(grid: true, footer: .replacedInPlace), []) }
    }

    func testGridStaysFilledWhenRowsAreInsertedBeforeAFooterThatStays() {
        onMain { XCTAssertEqual(Self.blankRounds(grid: true, footer: .kept), []) }
    }

    func testListViewStaysFilledWhenTheFooterIsRemovedAndAppended() {
        onMain { XCTAssertEqual(Self.blankRounds(grid: false, footer: .removedThenAppended), []) }
    }

    @MainActor
    /// The rounds after which no row of the list was on screen (empty when it never went blank).
    private static func blankRounds(grid useGrid: Bool, footer: Footer) -> [String] {
        do {
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_default_size(typed(window), 500, 600)
            let strings = gtk_string_list_new(nil)!
            func append(_ range: Range<Int>) {
                let texts = range.map { strdup("row \($0)") }
                var pointers: [UnsafePointer<CChar>?] = texts.map { UnsafePointer($0) } + [nil]
                let n = g_list_model_get_n_items(strings)
                gtk_string_list_splice(strings, n - 1, 0, &pointers)  // before the footer
                texts.forEach { free($0) }
            }
            gtk_string_list_append(strings, "footer")
            var rows = 0
            append(0..<20); rows = 20
            let bytes = Self.rowUI.withCString { g_bytes_new($0, gsize(strlen($0))) }
            let factory = gtk_builder_list_item_factory_new_from_bytes(nil, bytes)
            g_bytes_unref(bytes)
            let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(strings))))
            let grid = useGrid ? widget(gtk_grid_view_new(selection, factory)) : widget(gtk_list_view_new(selection, factory))
            if useGrid { gtk_grid_view_set_max_columns(opaque(grid), 1) }
            let scroller = widget(gtk_scrolled_window_new())
            gtk_scrolled_window_set_child(opaque(scroller), grid)
            gtk_window_set_child(typed(window), scroller)
            gtk_window_present(typed(window))
            waitUntil("the grid is laid out") { gtk_widget_get_height(grid) > 100 }
            waitForFrames(of: window, count: 2)
            let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller))!
            let model = strings

            var blank: [String] = []
            for round in 0..<60 {
                // A burst of wheel notches handled before the next layout, as xdotool's 15 notches are.
                for _ in 0..<15 {
                    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + 60)
                }
                if gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
                    > gtk_adjustment_get_upper(adjustment) - 1200 {
                    append(rows..<rows + 20); rows += 20
                    // The footer replaced (loading -> idle -> loading), as PagedListView's updateFooter does.
                    switch footer {
                    case .kept: break
                    case .replacedInPlace:
                        let text = strdup("footer")
                        var item: [UnsafePointer<CChar>?] = [UnsafePointer(text), nil]
                        gtk_string_list_splice(strings, g_list_model_get_n_items(model) - 1, 1, &item)
                        free(text)
                    case .removedThenAppendedNextFrame:
                        gtk_string_list_remove(strings, g_list_model_get_n_items(model) - 1)
                        waitForFrames(of: window, count: 1)
                        gtk_string_list_append(strings, "footer")
                    case .removedThenAppended:
                        gtk_string_list_remove(strings, g_list_model_get_n_items(model) - 1)
                        gtk_string_list_append(strings, "footer")
                    }
                }
                waitForFrames(of: window, count: 2)
                if !someChildIsVisible(in: grid) {
                    blank.append("round \(round): value \(Int(gtk_adjustment_get_value(adjustment))) of "
                                 + "\(Int(gtk_adjustment_get_upper(adjustment))), \(rows) rows")
                }
            }
            XCTAssertGreaterThan(rows, 200, "the test scrolled far (pages appended)")
            g_object_unref(UnsafeMutableRawPointer(strings))
            return blank
        }
    }
}

/// Whether a child of `grid` is allocated inside the grid's visible height.
@MainActor
private func someChildIsVisible(in grid: Widget) -> Bool {
    let height = Float(gtk_widget_get_height(grid))
    var child = gtk_widget_get_first_child(grid)
    while let current = child {
        var bounds = graphene_rect_t()
        if gtk_widget_get_mapped(current) != 0, gtk_widget_compute_bounds(current, grid, &bounds) != 0,
           bounds.size.height > 0, bounds.origin.y < height, bounds.origin.y + bounds.size.height > 0 {
            return true
        }
        child = gtk_widget_get_next_sibling(current)
    }
    return false
}
