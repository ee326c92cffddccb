internal import CGtk
internal import GtkBasics

/// A weak reference to a widget (a GWeakRef): `get` gives the widget while it lives, nil once GTK has finalized it.
/// For closures that must not keep a widget alive (a page's bindings on its own root, which holds the page) and
/// may still run after it is gone (a page kept by its window after the root was destroyed at exit).
@MainActor
package final class WeakWidget {
    private let ref = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

    init(_ widget: Widget) {
        ref.initialize(to: GWeakRef())
        g_weak_ref_init(ref, raw(widget))
    }

    isolated deinit {
        g_weak_ref_clear(ref)
        ref.deallocate()
    }

    /// Runs `body` with the widget if it is still alive (holding a reference for the call).
    func with(_ body: (Widget) -> Void) {
        guard let object = g_weak_ref_get(ref) else { return }
        defer { g_object_unref(object) }
        body(object.assumingMemoryBound(to: GtkWidget.self))
    }
}
