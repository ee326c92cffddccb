internal import CGtk
internal import GtkBasics
import GLibRuntime

/// The running GtkApplication as services that are not widgets see it (desktop notifications): its actions, its
/// notifications, whether one of its windows has the focus. It only points at the application, which lives as long
/// as the process.
@MainActor
package final class ApplicationHandle {
    private let application: UnsafeMutablePointer<GtkApplication>

    init(_ application: UnsafeMutablePointer<GtkApplication>) { self.application = application }
    /// The application for the shell (a `GtkApplication *`; see `WidgetRef.pointer`).
    package convenience init(pointer: OpaquePointer) {
        self.init(UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GtkApplication.self))
    }

    /// Whether the active window has the keyboard focus of the desktop.
    package var isWindowFocused: Bool {
        guard let window = gtk_application_get_active_window(application) else { return false }
        return gtk_window_is_active(window) != 0
    }

    /// Adds `app.<name>`, taking a string (a notification's target); a parameter of any other type, which only a
    /// foreign sender could make, is ignored.
    package func addAction(_ name: String, stringParameter handler: @escaping @MainActor (String) -> Void) {
        let stringType = g_variant_type_new("s")
        let action = g_simple_action_new(name, stringType)!
        g_variant_type_free(stringType)
        connect(UnsafeMutableRawPointer(action), "activate", mainWithArguments: { arguments in
            guard let parameter = arguments.pointer(at: 1).map(OpaquePointer.init),
                  g_variant_classify(parameter) == G_VARIANT_CLASS_STRING else { return nil }
            handler(String(cString: g_variant_get_string(parameter, nil)))
            return nil
        })
        g_action_map_add_action(OpaquePointer(UnsafeMutableRawPointer(application)), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Shows `notification` on the desktop (the portal or the freedesktop notification service, whichever GIO
    /// finds); one sent again with the same `id` replaces it.
    package func send(_ notification: AppNotification, id: String) {
        g_application_send_notification(gApplication, id, notification.pointer)
    }

    package func withdrawNotification(id: String) { g_application_withdraw_notification(gApplication, id) }

    private var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    }
}
