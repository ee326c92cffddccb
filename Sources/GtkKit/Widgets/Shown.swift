internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A widget as it crosses from the kit to the pages and back: pages hold and hand these on (a window to set a
/// dialog over, a component's root), only the kit reads the pointer inside, so no page API names a C type.
public struct WidgetRef {
    // Stored widget pointer: the ref owns nothing; whoever made it keeps the widget alive.
    let widget: Widget
}

extension WidgetRef {
    /// The widget for the window shell (MayunShell), which imports CGtk itself and casts it back: the kit's package
    /// API names no C type.
    package init(pointer: OpaquePointer) { widget = GtkBasics.widget(pointer) }
    package var pointer: OpaquePointer { OpaquePointer(widget) }
}

/// Anything on screen through one GtkWidget: a typed-layer object (its `widget`) or a composite view (a
/// `Component`'s root). What every widget has is written once here for both.
@MainActor
public protocol Shown: AnyObject {
    var shownRef: WidgetRef { get }
}

extension Shown {
    var shownWidget: Widget { shownRef.widget }

    package var isVisible: Bool {
        get { gtk_widget_get_visible(shownWidget) != 0 }
        set { gtk_widget_set_visible(shownWidget, newValue ? 1 : 0) }
    }

    /// Takes the spare width of its parent.
    package var hexpand: Bool {
        get { gtk_widget_get_hexpand(shownWidget) != 0 }
        set { gtk_widget_set_hexpand(shownWidget, newValue ? 1 : 0) }
    }

    /// Takes the spare height of its parent.
    package var vexpand: Bool {
        get { gtk_widget_get_vexpand(shownWidget) != 0 }
        set { gtk_widget_set_vexpand(shownWidget, newValue ? 1 : 0) }
    }

    package func addClasses(_ names: [String]) { Build.addClasses(shownWidget, names) }

    /// Whether it is on screen now.
    package var isMapped: Bool { gtk_widget_get_mapped(shownWidget) != 0 }

    /// When it comes on screen (a page or a list starts its first load here, not when it is built).
    package func onMap(_ handler: @escaping @MainActor () -> Void) { connect(raw(shownWidget), "map", main: handler) }

    /// When it leaves the screen.
    func onUnmap(_ handler: @escaping @MainActor () -> Void) { connect(raw(shownWidget), "unmap", main: handler) }
}
