import CSoup

/// The parameters of one signal emission, read from the `GValue`s GLib hands to the closure's marshaller.
///
/// Index 0 is the emitting instance; signal arguments follow from index 1. Reading through GValues rather than a C
/// function pointer of a fixed shape makes one trampoline serve every signal, including ones with `double` arguments.
public struct SignalArguments {
    let values: UnsafePointer<GValue>?
    public let count: Int

    public var instance: UnsafeMutableRawPointer? { object(at: 0) }

    public func object(at index: Int) -> UnsafeMutableRawPointer? {
        guard let value = value(at: index) else { return nil }
        if g_type_check_value_holds(UnsafeMutablePointer(mutating: value), GTypes.object) != 0 {
            return g_value_get_object(value)
        }
        return g_value_peek_pointer(value)
    }
    public func pointer(at index: Int) -> UnsafeMutableRawPointer? {
        value(at: index).flatMap { g_value_peek_pointer($0) }
    }
    public func double(at index: Int) -> Double { value(at: index).map { g_value_get_double($0) } ?? 0 }
    public func int(at index: Int) -> Int { value(at: index).map { Int(g_value_get_int($0)) } ?? 0 }
    public func uint(at index: Int) -> UInt { value(at: index).map { UInt(g_value_get_uint($0)) } ?? 0 }
    public func flags(at index: Int) -> UInt { value(at: index).map { UInt(g_value_get_flags($0)) } ?? 0 }
    public func bool(at index: Int) -> Bool { value(at: index).map { g_value_get_boolean($0) != 0 } ?? false }
    public func string(at index: Int) -> String? {
        value(at: index).flatMap { g_value_get_string($0) }.map { String(cString: $0) }
    }

    private func value(at index: Int) -> UnsafePointer<GValue>? {
        guard let values, index < count else { return nil }
        return values + index
    }
}
