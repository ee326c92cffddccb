import GtkKit
import Foundation
import MayunCore

/// Notifications on the desktop through `GNotification` (`g_application_send_notification`: the portal or the
/// freedesktop notification service, whichever GIO finds), one per thread (its id is the thread's, so an update
/// replaces it). Clicking one or its "Open" button activates `app.open-notification` with the notification's target,
/// which opens its page in the window; "Mark as Read" activates `app.mark-notification-read`, which marks it read
/// without opening a window.
@MainActor
package final class DesktopNotifications: DesktopNotifier {
    static let actionName = "open-notification"
    static let markReadActionName = "mark-notification-read"
    private let application: ApplicationHandle
    /// `MAYUN_LOG_NOTIFICATIONS=1` (`LaunchOptions`) writes each sent one to stderr too (end-to-end tests read it).
    private let logs: Bool

    /// Adds the actions, hands the notifier to the active account's model and to every other account's poll
    /// (`AccountNotifications`), and starts the background refresh. A bubble's target names its account: "Open" and
    /// "Mark as Read" act on that account's thread (another account's "Open" switches to it first, `openInAccount`).
    /// `MAYUN_NOTIFICATION_INTERVAL` (`LaunchOptions`, seconds, at least 1) shortens the interval for tests.
    /// Installed again for each account switch: the actions then reach the new account's model.
    package static func install(on application: ApplicationHandle, coordinator: Coordinator, accounts: AccountNotifications,
                        options: LaunchOptions, activateWindow: @escaping @MainActor () -> Void,
                        openInAccount: @escaping @MainActor (AccountID, String?) -> Void) -> DesktopNotifications {
        let notifier = DesktopNotifications(application: application, logs: options.logsNotifications)
        accounts.desktop = notifier
        // The target comes from the notification server: the action reads only a string parameter.
        application.addAction(actionName, stringParameter: { [weak coordinator, weak accounts] target in
            guard let coordinator, let accounts else { return }
            switch accounts.destination(of: target) {
            case .active(let target):
                activateWindow()
                coordinator.notifications.open(target: target)
            case .other(let account, let target):
                openInAccount(account, accounts.open(target, of: account))
            case .gone:
                accounts.withdraw(target)
            }
        })
        application.addAction(markReadActionName, stringParameter: { [weak coordinator, weak accounts] target in
            guard let coordinator, let accounts else { return }
            switch accounts.destination(of: target) {
            case .active(let target): coordinator.notifications.markRead(target: target)
            case .other(let account, let target): accounts.markRead(target, of: account)
            case .gone: accounts.withdraw(target)
            }
        })
        let model = coordinator.notifications
        accounts.attachActive(model)
        if let seconds = options.notificationInterval {
            let interval = max(1, min(seconds, NotificationsViewModel.longestInterval))
            model.baseInterval = interval
            accounts.baseInterval = interval
        }
        model.startBackgroundRefresh(scheduler: GLibTimeoutScheduler())
        accounts.sync()
        return notifier
    }

    private init(application: ApplicationHandle, logs: Bool) {
        self.application = application
        self.logs = logs
    }

    package var isWindowFocused: Bool { application.isWindowFocused }

    package func send(id: String, title: String, body: String, target: String) {
        guard let notification = AppNotification(title: title) else { return }
        notification.setBody(body)
        notification.setDefaultAction("app.\(Self.actionName)", target: target)
        notification.addButton(tr("Open"), action: "app.\(Self.actionName)", target: target)
        notification.addButton(tr("Mark as Read"), action: "app.\(Self.markReadActionName)", target: target)
        application.send(notification, id: "mayun-\(id)")
        if logs { FileHandle.standardError.write(Data("mayun: desktop notification \(id): \(title): \(body)\n".utf8)) }
    }

    package func withdraw(id: String) {
        guard !id.isEmpty else { return }
        application.withdrawNotification(id: "mayun-\(id)")
    }
}
