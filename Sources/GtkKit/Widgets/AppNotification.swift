internal import CGtk
internal import GtkBasics

/// A desktop notification (GNotification): a title, a body, and the application action a click on it activates.
/// Sent through `ApplicationHandle.send(_:id:)`.
@MainActor
package final class AppNotification {
    package let pointer: OpaquePointer

    package init?(title: String) {
        guard let notification = g_notification_new(title) else { return nil }
        pointer = notification
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    package func setBody(_ body: String) { g_notification_set_body(pointer, body) }

    /// A click on the notification activates `action` ("app.open-notification") with `target` as its parameter.
    package func setDefaultAction(_ action: String, target: String) {
        g_notification_set_default_action_and_target_value(pointer, action, g_variant_new_string(target))
    }

    /// A button on the notification ("Open", "Mark as Read") that activates `action` with `target`.
    package func addButton(_ label: String, action: String, target: String) {
        g_notification_add_button_with_target_value(pointer, label, action, g_variant_new_string(target))
    }
}
