internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// Reads the desktop's dark-style preference from the settings portal (`org.freedesktop.appearance color-scheme`,
/// 1 = prefer dark) and follows its changes, feeding the night-mode ViewModel's `system` choice.
/// Without a portal (a bare X session, the tests) the preference is "no preference", i.e. light.
@MainActor
package final class SystemColorScheme {
    private let nightMode: NightModeViewModel
    private var connection: OpaquePointer?
    private var subscription: guint = 0

    package init(nightMode: NightModeViewModel) {
        self.nightMode = nightMode
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return }
        connection = bus
        subscribe(bus)
        read(bus)
    }

    private func read(_ bus: OpaquePointer) {
        let parameters = g_variant_new_tuple(
            [g_variant_new_string("org.freedesktop.appearance"), g_variant_new_string("color-scheme")], 2)
        // NO_AUTO_START: never start a portal just to ask; a missing one means "no preference".
        g_dbus_connection_call(
            bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
            "org.freedesktop.portal.Settings", "Read", parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, 2000, nil,
            { source, result, data in
                guard let monitor = CallbackData.take(data, as: SystemColorScheme.self) else { return }
                let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil)
                guard let reply else { return }
                defer { g_variant_unref(reply) }
                MainActor.assumeIsolated { monitor.apply(SystemColorScheme.colorScheme(in: reply)) }
            }, CallbackData.retain(self))
    }

    private func subscribe(_ bus: OpaquePointer) {
        // Unretained: the monitor lives as long as the app and unsubscribes in its deinit.
        let data = CallbackData.unretained(self)
        subscription = g_dbus_connection_signal_subscribe(
            bus, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Settings", "SettingChanged",
            "/org/freedesktop/portal/desktop", "org.freedesktop.appearance", G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let parameters, let monitor = CallbackData.borrow(data, as: SystemColorScheme.self) else { return }
                MainActor.assumeIsolated { monitor.apply(SystemColorScheme.colorScheme(in: parameters)) }
            }, data, nil)
    }

    private func apply(_ scheme: UInt32?) {
        guard let scheme else { return }
        nightMode.systemPreferenceChanged(prefersDark: scheme == 1)
    }

    /// Finds the `u` value inside `(v)`, `(<v>)` or `(ssv)` replies, however deeply the portal nested it.
    nonisolated private static func colorScheme(in variant: OpaquePointer) -> UInt32? {
        if g_variant_is_of_type(variant, unsafeBitCast(("u" as StaticString).utf8Start, to: OpaquePointer.self)) != 0 {
            return g_variant_get_uint32(variant)
        }
        if g_variant_is_container(variant) != 0 {
            for index in 0..<g_variant_n_children(variant) {
                guard let child = g_variant_get_child_value(variant, index) else { continue }
                defer { g_variant_unref(child) }
                if let found = colorScheme(in: child) { return found }
            }
        }
        return nil
    }

    isolated deinit {
        if let connection {
            if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }
}
