import CGtk
import GtkBasics
import GtkKit
import MayunUI
import CSoup
import Foundation
import MayunCore

/// Preferences in GSettings, stored by GLib's keyfile backend in `$XDG_CONFIG_HOME/mayun/settings.ini`.
///
/// The keyfile backend (rather than dconf) keeps every bit of state under the XDG directories, so tests isolate it
/// with one variable and no D-Bus service is needed. GSettings aborts on an unknown schema, so the schema is looked up
/// first (installed, uninstalled build, default source); without one `make` returns nil and the app uses memory.
@MainActor
package final class GSettingsPreferences: PreferencesStore {
    private let settings: UnsafeMutablePointer<GSettings>

    package static func make(schemaDirectory: URL?, configDirectory: URL) -> GSettingsPreferences? {
        guard let schema = lookUpSchema(in: schemaDirectory) else { return nil }
        defer { g_settings_schema_unref(schema) }
        try? PrivateFiles.makeFolder(configDirectory)
        PrivateFiles.prepareFile(configDirectory.appendingPathComponent("settings.ini"))
        let file = configDirectory.appendingPathComponent("settings.ini").path
        let backend = g_keyfile_settings_backend_new(file, "/io/gitee/Mayun/", "mayun")
        defer { g_object_unref(backend) }
        guard let settings = g_settings_new_full(schema, backend, nil) else { return nil }
        return GSettingsPreferences(settings: settings)
    }

    private init(settings: UnsafeMutablePointer<GSettings>) { self.settings = settings }

    package var nightMode: NightMode {
        get { NightMode(rawValue: string("night-mode")) ?? .system }
        set { g_settings_set_string(settings, "night-mode", newValue.rawValue) }
    }

    package var windowGeometry: WindowGeometry {
        get {
            WindowGeometry(
                width: Int(g_settings_get_int(settings, "window-width")),
                height: Int(g_settings_get_int(settings, "window-height")),
                isMaximized: g_settings_get_boolean(settings, "window-maximized") != 0)
        }
        set {
            g_settings_delay(settings)
            g_settings_set_int(settings, "window-width", Int32(clamping: newValue.width))
            g_settings_set_int(settings, "window-height", Int32(clamping: newValue.height))
            g_settings_set_boolean(settings, "window-maximized", newValue.isMaximized ? 1 : 0)
            g_settings_apply(settings)
        }
    }

    package var desktopNotifications: Bool {
        get { g_settings_get_boolean(settings, "desktop-notifications") != 0 }
        set { g_settings_set_boolean(settings, "desktop-notifications", newValue ? 1 : 0) }
    }

    package var runInBackground: Bool {
        get { g_settings_get_boolean(settings, "run-in-background") != 0 }
        set { g_settings_set_boolean(settings, "run-in-background", newValue ? 1 : 0) }
    }

    /// Writes pending changes to disk (called when the app quits).
    func flush() { g_settings_sync() }

    private func string(_ key: String) -> String {
        guard let value = g_settings_get_string(settings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    private static func lookUpSchema(in directory: URL?) -> OpaquePointer? {
        let id = AppEnvironment.applicationID
        if let directory {
            var error: UnsafeMutablePointer<GError>?
            if let source = g_settings_schema_source_new_from_directory(
                directory.path, g_settings_schema_source_get_default(), 0, &error)
            {
                defer { g_settings_schema_source_unref(source) }
                if let schema = g_settings_schema_source_lookup(source, id, 1) { return schema }
            }
            if let error { g_error_free(error) }
        }
        guard let source = g_settings_schema_source_get_default() else { return nil }
        return g_settings_schema_source_lookup(source, id, 1)
    }
}
