/// The desktop's notification service, provided by MayunUI (`GNotification` through the `GApplication`).
@MainActor
public protocol DesktopNotifier: AnyObject {
    /// Whether a Mayun window has the focus (then nothing is sent: the person is looking already).
    var isWindowFocused: Bool { get }
    /// Shows one notification; `id` (the thread's, "thread:12") replaces an earlier one with the same id. `target`
    /// comes back to `NotificationsViewModel.open(target:)` when the person clicks it or its "Open" button, and to
    /// `markRead(target:)` from its "Mark as Read" button.
    func send(id: String, title: String, body: String, target: String)
    func withdraw(id: String)
}
