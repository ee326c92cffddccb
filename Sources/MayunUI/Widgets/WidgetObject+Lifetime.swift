import CGtk
import GLibRuntime

extension WidgetObject {
    /// GTK asks every holder of a reference to let go (a window closed or destroyed): an owner that the widget
    /// itself keeps (`keep(_:key:)`) drops its wrapper here, or the two would keep each other alive.
    func onDestroy(_ handler: @escaping @MainActor () -> Void) { connect(raw(widget), "destroy", main: handler) }

    /// The widget keeps `owner` until GTK finalizes it (a window's controller lives exactly as long as the window).
    func keep(_ owner: AnyObject, key: String) { attach(owner, to: raw(widget), key: key) }
}
