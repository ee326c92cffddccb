import CGtk
import GLibRuntime
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Back's pointer clicks: a press and release inside the button is one click (the press is claimed, so the header
/// bar's double-click handling cannot take a quick second one). The press GTK used to cancel under load is
/// `HeldButtonGuardTests`' subject.
final class BackPointerTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testPressAndReleaseInsideIsOneClick() {
        onMain {
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            let button = widget(gtk_button_new_with_label("Back"))
            gtk_window_set_child(typed(window), button)
            var clicks = 0
            BackPointer.install(on: button) { clicks += 1 }
            gtk_window_present(typed(window))
            waitUntil("the button is laid out") { gtk_widget_get_width(button) > 10 && gtk_widget_get_height(button) > 10 }
            let gesture = controllers(of: button).first { isInstance($0, gtk_gesture_click_get_type()) }
            guard let gesture else { return XCTFail("no click gesture on the button") }

            emit(gesture, "pressed", [.int(1), .double(5), .double(5)])
            emit(gesture, "released", [.int(1), .double(5), .double(5)])
            XCTAssertEqual(clicks, 1, "press and release inside")

            emit(gesture, "released", [.int(1), .double(5), .double(5)])
            XCTAssertEqual(clicks, 1, "a release without a press on the button is not a click")

            emit(gesture, "pressed", [.int(1), .double(5), .double(5)])
            emit(gesture, "released", [.int(1), .double(-20), .double(5)])
            XCTAssertEqual(clicks, 1, "a release outside the button is not a click")
        }
    }
}

private enum Argument {
    case int(Int32), double(Double)
}

@MainActor
private func controllers(of widget: Widget) -> [UnsafeMutableRawPointer] {
    let model = gtk_widget_observe_controllers(widget)!
    defer { g_object_unref(UnsafeMutableRawPointer(model)) }
    return (0..<g_list_model_get_n_items(model)).compactMap { index in
        guard let controller = g_list_model_get_item(model, index) else { return nil }
        g_object_unref(controller)
        return controller
    }
}

private func isInstance(_ object: UnsafeMutableRawPointer, _ type: GType) -> Bool {
    g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

/// Emits one of the gesture's signals with its own argument types, as GTK does (g_signal_emitv).
@MainActor
private func emit(_ gesture: UnsafeMutableRawPointer, _ signal: String, _ arguments: [Argument]) {
    let type = gtk_gesture_click_get_type()
    var values = [GValue](repeating: GValue(), count: arguments.count + 1)
    g_value_init(&values[0], type)
    g_value_set_object(&values[0], gesture)
    for (index, argument) in arguments.enumerated() {
        switch argument {
        case .int(let value): g_value_init(&values[index + 1], GTypes.int); g_value_set_int(&values[index + 1], value)
        case .double(let value):
            g_value_init(&values[index + 1], GTypes.double); g_value_set_double(&values[index + 1], value)
        }
    }
    g_signal_emitv(&values, g_signal_lookup(signal, type), 0, nil)
    for index in values.indices { g_value_unset(&values[index]) }
}
