import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// Notifications on the desktop through `GNotification` (`g_application_send_notification`: the portal or the
/// freedesktop notification service, whichever GIO finds). Clicking one activates `app.open-notification` with the
/// notification's target, which opens its page in the window.
@MainActor
final class DesktopNotifications: DesktopNotifier {
    static let actionName = "open-notification"
    private let application: UnsafeMutablePointer<GtkApplication>
    /// `MAYUN_LOG_NOTIFICATIONS=1` writes each sent one to stderr too (end-to-end tests read it).
    private let logs = ProcessInfo.processInfo.environment["MAYUN_LOG_NOTIFICATIONS"] == "1"

    /// Adds the action, hands the notifier to the model, and starts the background refresh.
    /// `MAYUN_NOTIFICATION_INTERVAL` (seconds, at least 1) shortens the interval for tests.
    static func install(on application: UnsafeMutablePointer<GtkApplication>, coordinator: Coordinator,
                        activateWindow: @escaping @MainActor () -> Void) -> DesktopNotifications {
        let notifier = DesktopNotifications(application: application)
        let stringType = g_variant_type_new("s")
        let action = g_simple_action_new(actionName, stringType)!
        g_variant_type_free(stringType)
        connect(UnsafeMutableRawPointer(action), "activate", mainWithArguments: { arguments in
            // The target comes from the notification server: check its type before reading it.
            guard let parameter = arguments.pointer(at: 1).map(OpaquePointer.init),
                  g_variant_classify(parameter) == G_VARIANT_CLASS_STRING else { return nil }
            let target = String(cString: g_variant_get_string(parameter, nil))
            activateWindow()
            coordinator.notifications.open(target: target)
            return nil
        })
        g_action_map_add_action(OpaquePointer(UnsafeMutableRawPointer(application)), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        let model = coordinator.notifications
        model.desktop = notifier
        if let text = ProcessInfo.processInfo.environment["MAYUN_NOTIFICATION_INTERVAL"], let seconds = Double(text) {
            model.baseInterval = max(1, min(seconds, NotificationsViewModel.longestInterval))
        }
        model.startBackgroundRefresh(scheduler: GLibTimeoutScheduler())
        return notifier
    }

    private init(application: UnsafeMutablePointer<GtkApplication>) { self.application = application }

    var isWindowFocused: Bool {
        guard let window = gtk_application_get_active_window(application) else { return false }
        return gtk_window_is_active(window) != 0
    }

    func send(id: String, title: String, body: String, target: String) {
        guard let notification = g_notification_new(title) else { return }
        g_notification_set_body(notification, body)
        g_notification_set_default_action_and_target_value(notification, "app.\(Self.actionName)",
                                                           g_variant_new_string(target))
        g_application_send_notification(gApplication, "mayun-\(id)", notification)
        g_object_unref(UnsafeMutableRawPointer(notification))
        if logs { FileHandle.standardError.write(Data("mayun: desktop notification \(id): \(title): \(body)\n".utf8)) }
    }

    func withdraw(id: String) {
        guard !id.isEmpty else { return }
        g_application_withdraw_notification(gApplication, "mayun-\(id)")
    }

    private var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    }
}
