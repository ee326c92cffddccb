/// The window's remembered size.
public struct WindowGeometry: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var isMaximized: Bool
    public static let standard = WindowGeometry(width: 1100, height: 760, isMaximized: false)

    public init(width: Int, height: Int, isMaximized: Bool) {
        self.width = width
        self.height = height
        self.isMaximized = isMaximized
    }
}

/// Persistent preferences. MayunUI backs it with GSettings; tests and a missing schema use `InMemoryPreferences`.
@MainActor
public protocol PreferencesStore: AnyObject {
    var nightMode: NightMode { get set }
    var windowGeometry: WindowGeometry { get set }
    /// Whether new notifications reach the desktop while the window is not focused.
    var desktopNotifications: Bool { get set }
    /// Whether closing the window leaves Mayun checking notifications, and it starts hidden at login.
    var runInBackground: Bool { get set }
}

@MainActor
public final class InMemoryPreferences: PreferencesStore {
    public var nightMode: NightMode
    public var windowGeometry: WindowGeometry
    public var desktopNotifications: Bool
    public var runInBackground: Bool

    public init(nightMode: NightMode = .system, windowGeometry: WindowGeometry = .standard,
                desktopNotifications: Bool = true, runInBackground: Bool = false) {
        self.nightMode = nightMode
        self.windowGeometry = windowGeometry
        self.desktopNotifications = desktopNotifications
        self.runInBackground = runInBackground
    }
}
