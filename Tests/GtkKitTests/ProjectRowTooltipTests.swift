import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import MayunCore
@testable import GtkKit
import XCTest

/// A project row's full description is its summary's tooltip, given when GTK asks for it ("query-tooltip"), not set
/// at each bind (GTK 4.8 queries the X server's pointer whenever a tooltip text is set).
final class ProjectRowTooltipTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testTheSummaryAnswersTheTooltipQueryWithTheRowShownNow() throws {
        let sample = try Data(contentsOf: sharedSamples.appendingPathComponent("repos.json"))
        let first = try XCTUnwrap(try JSONDecoder().decode([Project].self, from: sample).first)
        var second = first
        second.description = "Another project's description, long enough to be cut in a row: " + String(repeating: "word ", count: 80)
        onMain {
            let images = testImages()
            let row = ProjectRowView(images: images)
            XCTAssertEqual(gtk_widget_get_has_tooltip(row.summary), 1)
            XCTAssertNil(gtk_widget_get_tooltip_text(row.summary), "no text is set on the widget")
            for project in [first, second] {
                let shown = ProjectRow(project: project)
                row.show(shown)
                XCTAssertEqual(row.tooltip, String(shown.description.prefix(ProjectRow.tooltipLimit)))
                XCTAssertTrue(Self.queryTooltip(row.summary), "the summary gives a tooltip when GTK asks")
                XCTAssertNil(gtk_widget_get_tooltip_text(row.summary), "and still none is set at bind")
            }
        }
    }

    /// Emits "query-tooltip" as GTK does when the pointer rests on the widget; whether the handler gave a tooltip.
    @MainActor
    static func queryTooltip(_ widget: Widget) -> Bool {
        let tooltip = g_object_new_with_properties(gtk_tooltip_get_type(), 0, nil, nil)!
        defer { g_object_unref(tooltip) }
        var values = [GValue](repeating: GValue(), count: 5)
        g_value_init(&values[0], gtk_widget_get_type())
        g_value_set_object(&values[0], raw(widget))
        g_value_init(&values[1], GTypes.int)
        g_value_init(&values[2], GTypes.int)
        g_value_init(&values[3], GTypes.boolean)
        g_value_init(&values[4], gtk_tooltip_get_type())
        g_value_set_object(&values[4], tooltip)
        var handled = GValue()
        g_value_init(&handled, GTypes.boolean)
        g_signal_emitv(&values, g_signal_lookup("query-tooltip", gtk_widget_get_type()), 0, &handled)
        defer { for index in values.indices { g_value_unset(&values[index]) }; g_value_unset(&handled) }
        return g_value_get_boolean(&handled) != 0
    }
}
