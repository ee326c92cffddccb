import CGtk
import Foundation
import GLibRuntime
@testable import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// A project's issue list with all its filters (issue 24) in the real window against FakeGitee, logged in as a
/// member: the state and label drop-downs, the search field, More Filters and New Issue all show and fit at 360 px
/// (the search field keeps a usable width) and at 1280 px, in light and night (tests/artifacts/issue-filters-*.png).
final class IssueListFiltersLayoutTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testTheFiltersAndSearchFitAPhoneAndADesktop() throws {
        try onMain {
            for size in [(width: Int32(360), height: Int32(720)), (width: Int32(1280), height: Int32(800))] {
                let fixture = FakeGiteeWindowFixture(size: size)
                defer { fixture.close() }
                let repo = try fixture.project(own: true)
                fixture.coordinator.push(.issues(repo))
                let list = try XCTUnwrap(fixture.coordinator.top?.model as? IssuesViewModel)
                let window = fixture.window
                waitUntil("the issues and the label filter arrive", timeout: 10) {
                    !list.issues.items.isEmpty && list.labelOptions.count > 1
                        && shown(gtk_drop_down_get_type(), named: list.labelFilterTitle, in: window) != nil
                }
                fixture.checkLayout("issue list with its filters")
                for name in [list.filterTitle, list.labelFilterTitle] {
                    XCTAssertNotNil(shown(gtk_drop_down_get_type(), named: name, in: window), name)
                }
                let more = try XCTUnwrap(shown(gtk_menu_button_get_type(), named: list.moreFiltersTitle, in: window))
                let search = try XCTUnwrap(shown(gtk_search_entry_get_type(), named: list.searchPlaceholder, in: window))
                let create = try XCTUnwrap(descendants(of: window).first {
                    isA($0, gtk_button_get_type()) && gtk_widget_is_drawable($0) != 0
                        && gtk_button_get_label(typed($0, as: GtkButton.self)).map { String(cString: $0) } == list.newIssueTitle
                })
                // Room to type a few words: at least half the window (the whole bar's width on a phone).
                let windowWidth = gtk_widget_get_width(window)
                XCTAssertGreaterThanOrEqual(gtk_widget_get_width(search), min(windowWidth / 2, 280),
                                            "the search field at \(size.width) px")
                for control in [more, create, search] {
                    var bounds = graphene_rect_t()
                    XCTAssertTrue(gtk_widget_compute_bounds(control, window, &bounds) != 0)
                    XCTAssertLessThanOrEqual(Double(bounds.origin.x + bounds.size.width), Double(windowWidth) + 0.5,
                                             "inside the window at \(size.width) px")
                }
                fixture.screenshots("issue-filters")
            }
        }
    }
}

/// A drawable widget of `type` whose accessible name is `name` (the filters are drop-downs named for what they
/// filter; the search field by its placeholder).
@MainActor
private func shown(_ type: GType, named name: String, in root: Widget) -> Widget? {
    descendants(of: root).first {
        isA($0, type) && gtk_widget_is_drawable($0) != 0 && accessibleLabel(of: $0) == name
    }
}

@MainActor
private func accessibleLabel(of widget: Widget) -> String? {
    // The tooltip carries the same words as the accessible name on these controls (the page sets both).
    if let tip = gtk_widget_get_tooltip_text(widget) { return String(cString: tip) }
    if isA(widget, gtk_search_entry_get_type()),
       let text = gtk_editable_get_text(OpaquePointer(widget)).map({ String(cString: $0) }), text.isEmpty {
        return placeholder(of: widget)
    }
    return nil
}

@MainActor
private func placeholder(of widget: Widget) -> String? {
    var value = GValue()
    g_value_init(&value, GTypes.string)
    defer { g_value_unset(&value) }
    g_object_get_property(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), "placeholder-text", &value)
    return g_value_get_string(&value).map { String(cString: $0) }
}
