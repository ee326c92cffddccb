/// Work the first screen does not need (reading the keyring, which loads libsecret and talks to the Secret Service)
/// waits here until the window's first frame is painted, so it neither delays that frame nor loads its library
/// before it (Sources/CLazyLibraries).
///
/// Open unless the application closes it: tests, tools and a start without a window (Run in the Background) never
/// wait. The application closes it when it shows its first window and opens it at that window's first frame
/// (GtkKit's MayunApplication), or after `fallbackMilliseconds` should no frame come (an unmapped window).
@MainActor
public enum FirstFrameGate {
    public static let fallbackMilliseconds: UInt32 = 1000

    public private(set) static var isOpen = true
    private static var waiting: [CheckedContinuation<Void, Never>] = []

    /// A window is about to be shown: work that asks from now on waits for its first frame.
    public static func close() {
        isOpen = false
    }

    /// The first frame is painted (or will not come): everything waiting goes on, in the order it asked.
    public static func open() {
        guard !isOpen else { return }
        isOpen = true
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }

    /// Returns at once when open; otherwise when the first frame is painted.
    public static func passed() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }
}
