internal import CGtk
internal import GtkBasics

/// Sets a GObject property from Swift without the variadic `g_object_set`: the value is converted to the property's
/// own type (enum properties such as a text tag's `style` need a GValue of their enum type).
@MainActor
package enum ObjectProperty {
    package enum Value {
        case string(String), int(Int32), double(Double), bool(Bool)
    }

    package static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: Value) {
        let gObject = object.assumingMemoryBound(to: GObject.self)
        guard let typeClass = object.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class,
              let spec = g_object_class_find_property(
                  UnsafeMutableRawPointer(typeClass).assumingMemoryBound(to: GObjectClass.self), name)
        else { return }
        let type = spec.pointee.value_type
        var gValue = GValue()
        g_value_init(&gValue, type)
        defer { g_value_unset(&gValue) }
        switch (g_type_fundamental(type) >> 2, value) {
        case (16, .string(let text)): g_value_set_string(&gValue, text)
        case (6, .int(let number)): g_value_set_int(&gValue, gint(number))
        case (7, .int(let number)): g_value_set_uint(&gValue, guint(number))
        case (12, .int(let number)): g_value_set_enum(&gValue, gint(number))
        case (13, .int(let number)): g_value_set_flags(&gValue, guint(number))
        case (15, .double(let number)): g_value_set_double(&gValue, number)
        case (14, .double(let number)): g_value_set_float(&gValue, Float(number))
        case (5, .bool(let flag)): g_value_set_boolean(&gValue, flag ? 1 : 0)
        default: return
        }
        g_object_set_property(gObject, name, &gValue)
    }
}
