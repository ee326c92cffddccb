import CSoup

/// An owned (strong) reference to a GObject: the reference is dropped when this value is released.
///
/// Floating references (fresh widgets) are sunk on adoption, so a widget we keep survives being removed from its parent.
public final class ObjectRef: @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer

    /// Takes ownership of a reference the caller already holds (a `*_new` result for a non-floating type).
    public init(adopting pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        if g_object_is_floating(pointer) != 0 { g_object_ref_sink(pointer) }
    }

    /// Adds a reference of our own to an object someone else owns (`ref_sink`, so floating objects become ours).
    public init(retaining pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
    }

    public var referenceCount: UInt32 {
        pointer.assumingMemoryBound(to: GObject.self).pointee.ref_count
    }

    deinit { g_object_unref(pointer) }
}

/// Attaches a Swift object to a GObject so it lives exactly as long as the GObject (released by GLib's destroy notify).
public func attach(_ owner: AnyObject, to object: UnsafeMutableRawPointer, key: String) {
    let retained = Unmanaged.passRetained(owner).toOpaque()
    g_object_set_data_full(object.assumingMemoryBound(to: GObject.self), key, retained) { data in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }
}

/// Reads back an object attached with `attach(_:to:key:)`.
public func attachment<T: AnyObject>(of object: UnsafeMutableRawPointer, key: String, as type: T.Type) -> T? {
    guard let data = g_object_get_data(object.assumingMemoryBound(to: GObject.self), key) else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? T
}
