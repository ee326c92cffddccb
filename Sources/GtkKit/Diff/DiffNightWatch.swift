internal import CGtk
internal import GtkBasics
import GLibRuntime

/// Whether libadwaita draws dark now (ThemeController sets its colour scheme from night mode), and a watch on it
/// while a diff is on screen: the diff's syntax colours follow (DiffHighlighter).
@MainActor
package final class DiffNightWatch {
    private var connection: SignalConnection?

    package static var isNight: Bool {
        guard let manager = adw_style_manager_get_default() else { return false }
        return adw_style_manager_get_dark(manager) != 0
    }

    /// Calls `changed` with the new value whenever it changes, until `stop` (and once now, to catch up).
    package func start(_ changed: @escaping @MainActor (Bool) -> Void) {
        stop()
        guard let manager = adw_style_manager_get_default() else { return }
        connection = connect(UnsafeMutableRawPointer(manager), "notify::dark", main: { changed(Self.isNight) })
        changed(Self.isNight)
    }

    package func stop() {
        if let connection { disconnect(connection) }
        connection = nil
    }

    isolated deinit { stop() }
}
