internal import CGtk
internal import GtkBasics
import GLibRuntime

/// Reading a GObject property by name into Swift (`g_object_get_property` through a GValue of the property's type),
/// for the highlighters that read the looks of GtkSourceView's tags.
@MainActor
package enum GObjectProperties {
    static func bool(_ object: UnsafeMutablePointer<GObject>, _ name: String) -> Bool {
        test(object, name, as: GTypes.boolean) { g_value_get_boolean($0) != 0 }
    }

    static func rgba(_ object: UnsafeMutablePointer<GObject>, _ name: String) -> GdkRGBA? {
        var value = GValue()
        g_value_init(&value, gdk_rgba_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(object, name, &value)
        return g_value_get_boxed(&value).map { $0.assumingMemoryBound(to: GdkRGBA.self).pointee }
    }

    /// The property read as `type`, then judged by `test`.
    static func test(_ object: UnsafeMutablePointer<GObject>, _ name: String, as type: GType,
                     _ test: (UnsafeMutablePointer<GValue>) -> Bool) -> Bool {
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        g_object_get_property(object, name, &value)
        return test(&value)
    }
}
