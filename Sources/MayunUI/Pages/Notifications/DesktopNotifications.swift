import Foundation
import MayunCore

/// Notifications on the desktop through `GNotification` (`g_application_send_notification`: the portal or the
/// freedesktop notification service, whichever GIO finds), one per thread (its id is the thread's, so an update
/// replaces it). Clicking one or its "Open" button activates `app.open-notification` with the notification's target,
/// which opens its page in the window; "Mark as Read" activates `app.mark-notification-read`, which marks it read
/// without opening a window.
@MainActor
final class DesktopNotifications: DesktopNotifier {
    static let actionName = "open-notification"
    static let markReadActionName = "mark-notification-read"
    private let application: ApplicationHandle
    /// `MAYUN_LOG_NOTIFICATIONS=1` (`LaunchOptions`) writes each sent one to stderr too (end-to-end tests read it).
    private let logs: Bool

    /// Adds the action, hands the notifier to the model, and starts the background refresh.
    /// `MAYUN_NOTIFICATION_INTERVAL` (`LaunchOptions`, seconds, at least 1) shortens the interval for tests.
    /// Installed again for each account switch: the actions then reach the new account's model.
    static func install(on application: ApplicationHandle, coordinator: Coordinator, options: LaunchOptions,
                        activateWindow: @escaping @MainActor () -> Void) -> DesktopNotifications {
        let notifier = DesktopNotifications(application: application, logs: options.logsNotifications)
        // The target comes from the notification server: the action reads only a string parameter.
        application.addAction(actionName, stringParameter: { target in
            activateWindow()
            coordinator.notifications.open(target: target)
        })
        application.addAction(markReadActionName, stringParameter: { target in
            coordinator.notifications.markRead(target: target)
        })
        let model = coordinator.notifications
        model.desktop = notifier
        if let seconds = options.notificationInterval {
            model.baseInterval = max(1, min(seconds, NotificationsViewModel.longestInterval))
        }
        model.startBackgroundRefresh(scheduler: GLibTimeoutScheduler())
        return notifier
    }

    private init(application: ApplicationHandle, logs: Bool) {
        self.application = application
        self.logs = logs
    }

    var isWindowFocused: Bool { application.isWindowFocused }

    func send(id: String, title: String, body: String, target: String) {
        guard let notification = AppNotification(title: title) else { return }
        notification.setBody(body)
        notification.setDefaultAction("app.\(Self.actionName)", target: target)
        notification.addButton(tr("Open"), action: "app.\(Self.actionName)", target: target)
        notification.addButton(tr("Mark as Read"), action: "app.\(Self.markReadActionName)", target: target)
        application.send(notification, id: "mayun-\(id)")
        if logs { FileHandle.standardError.write(Data("mayun: desktop notification \(id): \(title): \(body)\n".utf8)) }
    }

    func withdraw(id: String) {
        guard !id.isEmpty else { return }
        application.withdrawNotification(id: "mayun-\(id)")
    }
}
