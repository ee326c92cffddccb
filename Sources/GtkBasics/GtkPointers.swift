public import CGtk

/// Every widget is handled as a `GtkWidget *`. GTK's final types import into Swift as `OpaquePointer` and derivable
/// ones as typed pointers, and the C cast macros (`GTK_WINDOW()` ...) do not import at all, so these few helpers are
/// the only casts in the UI code.
public typealias Widget = UnsafeMutablePointer<GtkWidget>

@inline(__always) public func widget(_ pointer: OpaquePointer?) -> Widget {
    UnsafeMutableRawPointer(pointer!).assumingMemoryBound(to: GtkWidget.self)
}

@inline(__always) public func widget<T>(_ pointer: UnsafeMutablePointer<T>?) -> Widget {
    UnsafeMutableRawPointer(pointer!).assumingMemoryBound(to: GtkWidget.self)
}

@inline(__always) public func typed<T>(_ widget: Widget, as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}

@inline(__always) public func opaque(_ widget: Widget) -> OpaquePointer { OpaquePointer(widget) }

@inline(__always) public func raw(_ widget: Widget) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(widget) }

