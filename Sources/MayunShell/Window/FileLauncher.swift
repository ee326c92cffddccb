import CGtk
import GtkBasics
import GtkKit
import MayunUI
import Foundation
import GLibRuntime
import MayunCore

/// Opens a downloaded file with the desktop's default application and shows it in the file manager
/// (`org.freedesktop.FileManager1.ShowItems`, which Files, Dolphin and Nemo implement; without one, the folder opens).
@MainActor
package final class FileLauncher: FileActions {
    package func openFile(at path: String) {
        guard let uri = Self.uri(for: path) else { return }
        g_app_info_launch_default_for_uri(uri, nil, nil)
    }

    package func showInFolder(_ path: String) {
        guard let uri = Self.uri(for: path) else { return }
        let folder = (path as NSString).deletingLastPathComponent
        Task { @MainActor in
            do {
                guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { throw CancellationError() }
                defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
                let parameters = Self.showItemsParameters(uri)
                _ = try await gioAsync({ callback, data in
                    g_dbus_connection_call(bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                                           "org.freedesktop.FileManager1", "ShowItems", parameters, nil,
                                           G_DBUS_CALL_FLAGS_NONE, 3_000, nil, callback, data)
                }, finish: { result in
                    var error: UnsafeMutablePointer<GError>?
                    let reply = g_dbus_connection_call_finish(bus, result, &error)
                    if let reply { g_variant_unref(reply) }
                    if let error { throw GLibError(consuming: error) }
                })
            } catch {
                if let folderURI = Self.uri(for: folder) { g_app_info_launch_default_for_uri(folderURI, nil, nil) }
            }
        }
    }

    /// `(as items, s startup_id)`: the one file, no startup id.
    private static func showItemsParameters(_ uri: String) -> OpaquePointer? {
        let type = g_variant_type_new("as")
        defer { g_variant_type_free(type) }
        let builder = g_variant_builder_new(type)
        defer { g_variant_builder_unref(builder) }
        g_variant_builder_add_value(builder, g_variant_new_string(uri))
        var children: [OpaquePointer?] = [g_variant_builder_end(builder), g_variant_new_string("")]
        return g_variant_new_tuple(&children, 2)
    }

    private static func uri(for path: String) -> String? {
        guard let text = g_filename_to_uri(path, nil, nil) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
