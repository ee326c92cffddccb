import CSoup

/// The one timer of the app: a GLib timeout or idle source running a main-actor closure, which returns true to keep
/// running. Cancelling the source (or dropping this object) stops it, so an owner never gets called after it is gone.
/// Widgets use it for animation frames and idle work, the notification poll through `GLibTimeoutScheduler`.
@MainActor
public final class MainLoopSource {
    private typealias Body = ClosureBox<@MainActor () -> Bool>

    private var id: guint = 0

    /// Runs `body` every `milliseconds` (0: whenever the loop is idle) at `priority` until it returns false.
    public init(milliseconds: UInt32, priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ body: @escaping @MainActor () -> Bool) {
        id = Self.add(body) { callback, box, release in
            milliseconds == 0
                ? g_idle_add_full(priority, callback, box, release)
                : g_timeout_add_full(priority, milliseconds, callback, box, release)
        }
    }

    /// Runs `body` every `seconds` (at least 1) until it returns false; second granularity lets GLib batch wake-ups
    /// with other timers, which suits polls that need no precision.
    public init(seconds: UInt32, priority: Int32 = G_PRIORITY_DEFAULT, _ body: @escaping @MainActor () -> Bool) {
        id = Self.add(body) { callback, box, release in
            g_timeout_add_seconds_full(priority, max(1, seconds), callback, box, release)
        }
    }

    /// Whether the source is still attached (it has not returned false, nor been cancelled).
    public var isRunning: Bool {
        guard id != 0, let source = g_main_context_find_source_by_id(nil, id) else { return false }
        return g_source_is_destroyed(source) == 0
    }

    /// Stops the source if it is still running (safe to call from inside its own callback when it then returns false).
    public func cancel() {
        if isRunning { g_source_remove(id) }
        id = 0
    }

    isolated deinit { cancel() }

    /// GLib owns one retain of the closure, released by its destroy notifier when the source goes.
    private static func add(_ body: @escaping @MainActor () -> Bool,
                            attach: (GSourceFunc, UnsafeMutableRawPointer, GDestroyNotify) -> guint) -> guint {
        let callback: GSourceFunc = { data in
            guard let box = CallbackData.borrow(data, as: Body.self) else { return 0 }
            return MainActor.assumeIsolated { box.body() } ? 1 : 0
        }
        return attach(callback, CallbackData.retain(Body(body)), CallbackData.release)
    }
}
