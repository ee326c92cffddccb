import CGtk
import GLibRuntime
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// The typed widget layer: properties reach the GTK widget, handlers run, and the Swift object owns its widget.
final class WidgetLayerTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testLabelTextAndVisibilityReachTheWidget() {
        onMain {
            let label = Label("one", ellipsize: .end)
            label.text = "two"
            XCTAssertEqual(gtk_label_get_text(opaque(label.widget)).map { String(cString: $0) }, "two")
            XCTAssertEqual(gtk_label_get_ellipsize(opaque(label.widget)), PANGO_ELLIPSIZE_END)
            label.isVisible = false
            XCTAssertEqual(gtk_widget_get_visible(label.widget), 0)
            label.isSelectable = true
            XCTAssertEqual(gtk_label_get_selectable(opaque(label.widget)), 1)
        }
    }

    func testButtonRunsItsHandlerAndTogglesAClass() {
        onMain {
            let button = Button(label: "Star", classes: ["toggle-action"])
            var clicks = 0
            button.onClicked { clicks += 1 }
            // Emits "clicked" as GTK does at the end of a click (g_signal_emit_by_name is variadic, not callable).
            var instance = GValue()
            g_value_init(&instance, gtk_button_get_type())
            g_value_set_object(&instance, raw(button.widget))
            g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
            g_value_unset(&instance)
            XCTAssertEqual(clicks, 1)
            button.label = "★ Star  1"
            XCTAssertEqual(button.label, "★ Star  1")
            button.setClass("on", true)
            XCTAssertEqual(gtk_widget_has_css_class(button.widget, "on"), 1)
            button.setClass("on", false)
            XCTAssertEqual(gtk_widget_has_css_class(button.widget, "on"), 0)
        }
    }

    /// A widget nobody else holds lives exactly as long as its Swift object.
    func testTheSwiftObjectOwnsItsWidget() {
        onMain {
            let finalized = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
            defer { finalized.deallocate() }
            finalized.pointee = false
            var label: Label? = Label("owned")
            g_object_weak_ref(raw(label!.widget).assumingMemoryBound(to: GObject.self), { data, _ in
                data?.assumingMemoryBound(to: Bool.self).pointee = true
            }, finalized)
            XCTAssertFalse(finalized.pointee, "alive while the Label is")
            label = nil
            XCTAssertTrue(finalized.pointee, "finalized with the Label")
        }
    }

    func testCStringArrayIsNullTerminated() {
        let count = withCStringArray(["<Control>f", "F5"]) { array -> Int in
            var index = 0
            while array[index] != nil { index += 1 }
            return index
        }
        XCTAssertEqual(count, 2)
        XCTAssertEqual(withCStringArray(["a", "bc"]) { String(cString: $0[1]!) }, "bc")
        XCTAssertEqual(GTypes.string, g_type_from_name("gchararray"))
        XCTAssertEqual(GTypes.object, g_type_from_name("GObject"))
        XCTAssertEqual(GTypes.boolean, g_type_from_name("gboolean"))
    }

    func testOnlyARightwardSwipeFromTheLeftEdgeGoesBack() {
        XCTAssertTrue(NavigationView.isBackSwipe(startX: 5, offsetX: 120, offsetY: 10))
        XCTAssertFalse(NavigationView.isBackSwipe(startX: 200, offsetX: 120, offsetY: 10), "not from the edge")
        XCTAssertFalse(NavigationView.isBackSwipe(startX: 5, offsetX: 40, offsetY: 0), "too short")
        XCTAssertFalse(NavigationView.isBackSwipe(startX: 5, offsetX: 120, offsetY: 90), "mostly a vertical scroll")
        XCTAssertFalse(NavigationView.isBackSwipe(startX: 5, offsetX: -120, offsetY: 0), "leftward")
    }
}
