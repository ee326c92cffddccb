internal import CGtk
internal import GtkBasics
import GLibRuntime

/// GIO's network monitor, for what waits for the network (the outbox, docs/WRITES.md): `handler` runs on the main
/// thread each time the monitor says the network is available after a change. The connection lasts as long as the
/// process (the default monitor is never freed).
public enum NetworkReturns {
    @MainActor
    public static func whenAvailable(_ handler: @escaping @MainActor () -> Void) {
        guard let monitor = g_network_monitor_get_default() else { return }
        connect(UnsafeMutableRawPointer(monitor), "network-changed", main: {
            guard g_network_monitor_get_network_available(monitor) != 0 else { return }
            handler()
        })
    }
}
