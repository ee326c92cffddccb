import CGtk

/// A GLib timeout or idle source running a main-actor closure; the closure returns true to keep running. Removing
/// the source (or dropping this object) stops it, so a widget that owns one never gets called after it is gone.
@MainActor
final class MainLoopSource {
    private final class Box {
        let body: @MainActor () -> Bool
        init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
    }

    private var id: guint = 0

    /// Runs `body` every `milliseconds` (0: whenever the loop is idle) at `priority` until it returns false.
    init(milliseconds: UInt32, priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ body: @escaping @MainActor () -> Bool) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let callback: GSourceFunc = { data in
            guard let data else { return 0 }
            let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { box.body() } ? 1 : 0
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<Box>.fromOpaque(data).release()
        }
        id = milliseconds == 0
            ? g_idle_add_full(priority, callback, box, release)
            : g_timeout_add_full(priority, milliseconds, callback, box, release)
    }

    /// Stops the source if it is still running (safe to call from inside its own callback when it then returns false).
    func cancel() {
        guard id != 0 else { return }
        if let source = g_main_context_find_source_by_id(nil, id), g_source_is_destroyed(source) == 0 {
            g_source_remove(id)
        }
        id = 0
    }

    isolated deinit { cancel() }
}
