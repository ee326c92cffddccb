import CGtk
import GLibRuntime

extension Component {
    /// Whether it is on screen now.
    var isMapped: Bool { gtk_widget_get_mapped(root) != 0 }

    /// When it comes on screen (a list's first load starts here).
    func onMap(_ handler: @escaping @MainActor () -> Void) { connect(raw(root), "map", main: handler) }
}
