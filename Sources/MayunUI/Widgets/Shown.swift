import CGtk
import GLibRuntime

/// Anything on screen through one GtkWidget: a typed-layer object (its `widget`) or a composite view (a
/// `Component`'s `root`). What every widget has is written once here for both.
@MainActor
protocol Shown: AnyObject {
    var shownWidget: Widget { get }
}

extension Shown {
    var isVisible: Bool {
        get { gtk_widget_get_visible(shownWidget) != 0 }
        set { gtk_widget_set_visible(shownWidget, newValue ? 1 : 0) }
    }

    /// Takes the spare width of its parent.
    var hexpand: Bool {
        get { gtk_widget_get_hexpand(shownWidget) != 0 }
        set { gtk_widget_set_hexpand(shownWidget, newValue ? 1 : 0) }
    }

    /// Takes the spare height of its parent.
    var vexpand: Bool {
        get { gtk_widget_get_vexpand(shownWidget) != 0 }
        set { gtk_widget_set_vexpand(shownWidget, newValue ? 1 : 0) }
    }

    func addClasses(_ names: [String]) { Build.addClasses(shownWidget, names) }

    /// Whether it is on screen now.
    var isMapped: Bool { gtk_widget_get_mapped(shownWidget) != 0 }

    /// When it comes on screen (a page or a list starts its first load here, not when it is built).
    func onMap(_ handler: @escaping @MainActor () -> Void) { connect(raw(shownWidget), "map", main: handler) }

    /// When it leaves the screen.
    func onUnmap(_ handler: @escaping @MainActor () -> Void) { connect(raw(shownWidget), "unmap", main: handler) }
}
