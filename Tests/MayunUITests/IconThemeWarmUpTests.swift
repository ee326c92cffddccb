import CGtk
import GLibRuntime
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Start-up (issue 14): the icon theme's first lookup runs on a thread of its own at startup; the theme answers the
/// main thread afterwards as before, from what that thread read.
final class IconThemeWarmUpTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testLookupOnItsOwnThreadLeavesTheThemeAnsweringTheMainThread() {
        onMain {
            XCTAssertTrue(IconThemeWarmUp.start(join: true), "the thread ran")
            guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else {
                return XCTFail("no icon theme")
            }
            XCTAssertEqual(gtk_icon_theme_has_icon(theme, IconThemeWarmUp.iconName), 1)
            let icon = gtk_icon_theme_lookup_icon(theme, IconThemeWarmUp.iconName, nil, 16, 1, GTK_TEXT_DIR_NONE,
                                                  GtkIconLookupFlags(rawValue: 0))
            XCTAssertNotNil(icon)
            if let icon {
                let file = gtk_icon_paintable_get_file(icon)
                XCTAssertNotNil(file, "found in a theme, not the missing-image fallback")
                if let file { g_object_unref(UnsafeMutableRawPointer(file)) }
                g_object_unref(UnsafeMutableRawPointer(icon))
            }
        }
    }
}
