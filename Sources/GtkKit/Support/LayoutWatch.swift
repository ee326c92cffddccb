internal import CGtk
import GLibRuntime
internal import GtkBasics

/// Runs `afterLayout` after each layout of a widget's frame clock, between `watch(widget, true)` (on map) and
/// `watch(widget, false)` (on unmap): for checks that need the allocations GTK has just made.
@MainActor
final class LayoutWatch {
    private let afterLayout: @MainActor () -> Void
    private var connection: SignalConnection?

    init(_ afterLayout: @escaping @MainActor () -> Void) {
        self.afterLayout = afterLayout
    }

    /// Starts or stops watching `widget`'s frame clock; false when it is not watched (stopped, or no clock yet).
    @discardableResult
    func watch(_ widget: Widget, _ on: Bool) -> Bool {
        if let connection { disconnect(connection) }
        connection = nil
        guard on, let clock = gtk_widget_get_frame_clock(widget) else { return false }
        let afterLayout = afterLayout
        connection = connect(UnsafeMutableRawPointer(clock), "layout", after: true, main: { afterLayout() })
        return true
    }
}
