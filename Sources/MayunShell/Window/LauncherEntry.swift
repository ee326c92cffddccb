import CGtk
import GtkBasics
import GtkKit
import MayunUI
import GLibRuntime
import MayunCore

/// Download progress on the dock's icon where the desktop supports it: the Unity LauncherEntry D-Bus signal
/// (`com.canonical.Unity.LauncherEntry.Update` with `progress` and `progress-visible`, as GNOME Software and Fragments
/// send it; Dash to Dock, Plank and KDE's task manager read it). Nothing listens elsewhere, which costs nothing.
@MainActor
package final class LauncherEntry {
    private var sent: (fraction: Double, visible: Bool) = (0, false)

    package init(downloads: DownloadCenter, bindings: BindingBag) {
        bindings.bind { [unowned self] in update(downloads.launcherProgress) }
    }

    private func update(_ progress: Double?) {
        let next = (fraction: progress ?? 0, visible: progress != nil)
        // A signal per whole percent at most: progress callbacks come many times a second.
        guard next.visible != sent.visible || abs(next.fraction - sent.fraction) >= 0.01 else { return }
        sent = next
        guard let application = g_application_get_default(),
              let connection = g_application_get_dbus_connection(application) else { return }
        let type = g_variant_type_new("a{sv}")
        defer { g_variant_type_free(type) }
        let builder = g_variant_builder_new(type)
        defer { g_variant_builder_unref(builder) }
        g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string("progress"),
                                                                      g_variant_new_variant(g_variant_new_double(next.fraction))))
        g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string("progress-visible"),
                                                                      g_variant_new_variant(g_variant_new_boolean(next.visible ? 1 : 0))))
        var children: [OpaquePointer?] = [g_variant_new_string("application://\(AppEnvironment.applicationID).desktop"),
                                          g_variant_builder_end(builder)]
        g_dbus_connection_emit_signal(connection, nil, "/io/gitee/Mayun/LauncherEntry",
                                      "com.canonical.Unity.LauncherEntry", "Update", g_variant_new_tuple(&children, 2), nil)
    }
}
