import CSoup

/// The Swift side of a connected signal handler. GLib owns one retain of it, dropped by the closure's finalize
/// notifier, which GLib calls when the handler is disconnected or the instance is finalized.
private final class SignalHandler {
    let body: (SignalArguments) -> Bool?
    init(_ body: @escaping (SignalArguments) -> Bool?) { self.body = body }
}

/// Handler ids returned by `connect`, usable with `disconnect`.
public struct SignalConnection: Hashable, Sendable {
    public let instance: UInt
    public let id: UInt
}

/// Connects `handler` to `signal` on a GObject. The handler runs on the main thread (GTK emits there); a non-nil
/// return value is stored in a boolean return slot (for signals such as `close-request` or `scroll`).
@discardableResult
public func connect(
    _ object: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    _ handler: @escaping (SignalArguments) -> Bool?
) -> SignalConnection {
    let box = Unmanaged.passRetained(SignalHandler(handler)).toOpaque()
    let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), box)!
    g_closure_set_marshal(closure) { closure, returnValue, count, values, _, _ in
        guard let closure, let data = closure.pointee.data else { return }
        let handler = Unmanaged<SignalHandler>.fromOpaque(data).takeUnretainedValue()
        let result = handler.body(SignalArguments(values: values, count: Int(count)))
        if let returnValue, let result,
           g_type_check_value_holds(returnValue, GTypes.boolean) != 0 {
            g_value_set_boolean(returnValue, result ? 1 : 0)
        }
    }
    g_closure_add_finalize_notifier(closure, box) { data, _ in
        guard let data else { return }
        Unmanaged<SignalHandler>.fromOpaque(data).release()
    }
    let id = g_signal_connect_closure(object.assumingMemoryBound(to: GObject.self), signal, closure, after ? 1 : 0)
    return SignalConnection(instance: UInt(bitPattern: object), id: UInt(id))
}

/// Connects a handler that runs isolated to the main actor and ignores the signal's arguments.
@discardableResult
public func connect(
    _ object: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    main handler: @escaping @MainActor () -> Void
) -> SignalConnection {
    connect(object, signal, after: after) { _ in
        MainActor.assumeIsolated { handler() }
        return nil
    }
}

/// Connects a main-actor handler that runs at the first emission only: it disconnects itself first.
@discardableResult
public func connectOnce(
    _ object: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    main handler: @escaping @MainActor () -> Void
) -> SignalConnection {
    let slot = ConnectionSlot()
    let connection = connect(object, signal, after: after, main: {
        guard let connection = slot.connection else { return }
        slot.connection = nil
        disconnect(connection)
        handler()
    })
    slot.connection = connection
    return connection
}

/// The connection a once-handler disconnects (set just after connecting; signals are emitted on the main thread).
private final class ConnectionSlot: @unchecked Sendable {
    var connection: SignalConnection?
}

/// Connects a main-actor handler that sees the signal's arguments and may return a boolean to GLib.
@discardableResult
public func connect(
    _ object: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    mainWithArguments handler: @escaping @MainActor (SignalArguments) -> Bool?
) -> SignalConnection {
    connect(object, signal, after: after) { arguments in
        nonisolated(unsafe) let arguments = arguments
        return MainActor.assumeIsolated { handler(arguments) }
    }
}

public func disconnect(_ connection: SignalConnection) {
    guard let instance = UnsafeMutableRawPointer(bitPattern: connection.instance) else { return }
    g_signal_handler_disconnect(instance.assumingMemoryBound(to: GObject.self), gulong(connection.id))
}
