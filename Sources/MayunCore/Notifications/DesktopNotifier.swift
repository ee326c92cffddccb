/// The desktop's notification service, provided by MayunUI (`GNotification` through the `GApplication`).
@MainActor
public protocol DesktopNotifier: AnyObject {
    /// Whether a Mayun window has the focus (then nothing is sent: the person is looking already).
    var isWindowFocused: Bool { get }
    /// Shows one notification; `id` replaces an earlier one with the same id, and `target` comes back to
    /// `NotificationsViewModel.open(target:)` when the person clicks it.
    func send(id: String, title: String, body: String, target: String)
    func withdraw(id: String)
}
