import CSoup

/// The one way Swift objects travel through C's `user_data`: GLib owns one retain, dropped by `CallbackData.release`
/// as the destroy notifier (sources, shortcuts, tick callbacks) or by `take` in a one-shot callback (async replies).
/// Every trampoline in the app reads its object back with `borrow` or `take`, never with `Unmanaged` by hand.
public enum CallbackData {
    /// Retains `object` for C; GLib gives it back as `user_data`.
    public static func retain(_ object: AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(object).toOpaque()
    }

    /// `object` for C without a retain, for a subscription its owner ends before it goes (in its deinit).
    public static func unretained(_ object: AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passUnretained(object).toOpaque()
    }

    /// The object behind `user_data` for a callback that may run again (the retain stays with GLib).
    public static func borrow<Object: AnyObject>(_ data: UnsafeRawPointer?, as type: Object.Type) -> Object? {
        guard let data else { return nil }
        return Unmanaged<Object>.fromOpaque(data).takeUnretainedValue()
    }

    /// The object behind `user_data` for a callback that runs exactly once (an async reply): the retain is consumed.
    public static func take<Object: AnyObject>(_ data: UnsafeRawPointer?, as type: Object.Type) -> Object? {
        guard let data else { return nil }
        return Unmanaged<Object>.fromOpaque(data).takeRetainedValue()
    }

    /// The destroy notifier that drops the retain `retain` gave GLib.
    public static let release: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }
}

/// A closure as an object, for `CallbackData`.
public final class ClosureBox<Body> {
    public let body: Body
    public init(_ body: Body) { self.body = body }
}
