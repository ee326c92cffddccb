import CGtk
import Foundation
@testable import GtkKit
import XCTest

/// `PreferencesGroup.addSwitchRow`, the rows of "Desktop notifications" and "Run in the background": the switch
/// starts at the value given, and activating the row (a click anywhere on it) flips the switch and reports it.
final class PreferencesSwitchRowTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testASwitchRowStartsAtItsValueAndTheRowFlipsIt() {
        onMain {
            let group = PreferencesGroup(title: "Notifications")
            var changes: [Bool] = []
            let row = group.addSwitchRow("Desktop notifications", isOn: true) { changes.append($0) }
            // In a window: the switch animates its flip on the window's frame clock.
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_child(typed(window), group.widget)
            gtk_window_present(typed(window))
            for _ in 0..<20 { g_main_context_iteration(nil, 0) }
            guard let toggle = firstWidget(in: row.widget, ofType: gtk_switch_get_type()) else {
                return XCTFail("no switch in the row")
            }
            XCTAssertEqual(adw_preferences_row_get_title(typed(row.widget)).map { String(cString: $0) },
                           "Desktop notifications")
            XCTAssertEqual(gtk_switch_get_active(opaque(toggle)), 1)
            XCTAssertEqual(changes, [], "setting the start value reports nothing")
            adw_action_row_activate(typed(row.widget))
            // The switch slides over before it turns off (GTK animates it frame by frame).
            waitUntil("the switch turns off") { gtk_switch_get_active(opaque(toggle)) == 0 }
            XCTAssertEqual(gtk_switch_get_active(opaque(toggle)), 0)
            XCTAssertEqual(changes, [false])
        }
    }
}
