import CSoup
import Dispatch

/// Drives Swift's main dispatch queue (and so `@MainActor`, `Task { @MainActor in }` and every `await` that resumes on
/// the main actor) from the GLib main loop.
///
/// While `g_application_run` owns the main thread, libdispatch never gets to drain its main queue on its own. It does
/// signal an eventfd whenever work is enqueued, the same hook CoreFoundation uses; GLib watches that fd, so the main
/// loop sleeps until there is work and no polling timer is needed.
public enum MainQueueBridge {
    nonisolated(unsafe) private static var sourceID: guint = 0

    /// Installs the bridge on the default main context. Idempotent; call it on the main thread before running the loop.
    public static func install() {
        guard sourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_port_4CF()
        sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { fd, _, _ in
            var counter: UInt64 = 0
            // The eventfd must be read to re-arm it; the value (number of wake-ups) does not matter.
            _ = withUnsafeMutablePointer(to: &counter) { read(fd, $0, MemoryLayout<UInt64>.size) }
            _dispatch_main_queue_callback_4CF(nil)
            return gboolean(1)  // G_SOURCE_CONTINUE
        }, nil, nil)
    }

    public static var isInstalled: Bool { sourceID != 0 }
}
