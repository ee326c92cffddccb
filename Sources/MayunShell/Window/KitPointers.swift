import CGtk
import GtkBasics
import GtkKit

// The kit's package API names no C type (pages must not see one), so its widgets cross into the shell as
// `WidgetRef`s and `OpaquePointer`s. The shell imports CGtk and casts them back here, once.

extension WidgetRef {
    init(_ widget: Widget) { self.init(pointer: OpaquePointer(widget)) }
    var gtkWidget: Widget { GtkBasics.widget(pointer) }
}

extension Shown {
    /// The root widget of a page, a component or a typed widget.
    var rootWidget: Widget { shownRef.gtkWidget }
}

extension Shown {
    /// Runs `body` with the root widget while the object is certainly alive (an optimized build releases an object
    /// right after its last use, which could finalize a temporary's widget before GTK holds it).
    func withWidget<Result>(_ body: (Widget) -> Result) -> Result {
        withExtendedLifetime(self) { body(rootWidget) }
    }
}
