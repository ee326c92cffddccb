import CGtk
import GtkBasics
import GtkKit
import MayunUI
import Foundation
import GLibRuntime
import MayunCore

/// The XDG Background portal (`org.freedesktop.portal.Background.RequestBackground`): asks the desktop to let Mayun
/// run with no window and to start it (`commandline`: this program with `--background`) at login, or to stop doing so.
/// The answer comes as the `Response` signal of a Request object whose path the `handle_token` fixes in advance, so
/// the signal is subscribed before the call (an answer given at once is not missed).
///
/// `done(true)` only when the portal granted what was asked (response 0, and autostart when autostart was asked);
/// `false` when no portal owns `org.freedesktop.portal.Desktop` on the session bus (never auto-started: a desktop
/// without one answers at once), the call failed, or the portal (or the person, in its dialog) refused. `BackgroundMode`
/// then writes the autostart file instead.
@MainActor
package final class BackgroundPortal {
    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    private let connection: OpaquePointer
    private let commandline: [String]
    private let reason: String
    /// Requests waiting for their Response (each holds its subscription until answered).
    private var pending: [String: Request] = [:]

    /// Nil when there is no session bus (no portal can answer; the file is used).
    package init?(connection: OpaquePointer? = nil, executable: String = AutostartEntry.currentExecutable(),
          reason: String = tr("Mayun checks your Gitee notifications while its window is closed.")) {
        if let connection {
            _ = g_object_ref(UnsafeMutableRawPointer(connection))
            self.connection = connection
        } else {
            guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
            self.connection = bus
        }
        commandline = [executable, "--background"]
        self.reason = reason
    }

    isolated deinit {
        for request in pending.values { g_dbus_connection_signal_unsubscribe(connection, request.subscription) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// `BackgroundMode.portal`'s shape.
    package var handler: (_ autostart: Bool, _ done: @escaping @MainActor (Bool) -> Void) -> Void {
        { [weak self] autostart, done in
            guard let self else { return done(false) }
            request(autostart: autostart, done: done)
        }
    }

    package func request(autostart: Bool, done: @escaping @MainActor (Bool) -> Void) {
        guard let unique = g_dbus_connection_get_unique_name(connection).map({ String(cString: $0) }) else {
            return done(false)
        }
        let token = "mayun" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16)
        // The portal's rule: the sender's unique name without ':' and with '.' as '_', then the token.
        let sender = unique.dropFirst(unique.hasPrefix(":") ? 1 : 0).replacingOccurrences(of: ".", with: "_")
        let path = "\(Self.objectPath)/request/\(sender)/\(token)"
        let request = Request(path: path, autostart: autostart, done: done)
        request.subscription = g_dbus_connection_signal_subscribe(
            connection, Self.busName, "org.freedesktop.portal.Request", "Response", path, nil,
            G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let parameters, let request = CallbackData.borrow(data, as: Request.self) else { return }
                let granted = BackgroundPortal.granted(parameters, autostart: request.autostart)
                MainActor.assumeIsolated { request.owner?.finish(request.path, granted: granted) }
            }, CallbackData.retain(request), CallbackData.release)
        request.owner = self
        pending[path] = request
        let parameters = requestParameters(token: token, autostart: autostart)
        // NO_AUTO_START: only a portal already on the bus is asked; none means the autostart file, at once.
        g_dbus_connection_call(
            connection, Self.busName, Self.objectPath, "org.freedesktop.portal.Background", "RequestBackground",
            parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, 10_000, nil,
            { source, result, data in
                guard let request = CallbackData.take(data, as: Request.self) else { return }
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
                if let reply { g_variant_unref(reply) }
                let failed = error != nil
                if let error { g_error_free(error) }
                // An answer (the handle) means: wait for Response. An error means no portal, or it refused the call.
                if failed { MainActor.assumeIsolated { request.owner?.finish(request.path, granted: false) } }
            }, CallbackData.retain(request))
    }

    private func finish(_ path: String, granted: Bool) {
        guard let request = pending.removeValue(forKey: path) else { return }
        g_dbus_connection_signal_unsubscribe(connection, request.subscription)
        request.done(granted)
    }

    /// `(s parent_window, a{sv} options)`: no parent window (the request may come with none shown), the token, the
    /// reason shown in the portal's dialog, autostart, the command line, and not D-Bus activatable.
    private func requestParameters(token: String, autostart: Bool) -> OpaquePointer? {
        let dictionary = g_variant_type_new("a{sv}")
        defer { g_variant_type_free(dictionary) }
        let options = g_variant_builder_new(dictionary)
        defer { g_variant_builder_unref(options) }
        func add(_ key: String, _ value: OpaquePointer?) {
            g_variant_builder_add_value(options, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        add("handle_token", g_variant_new_string(token))
        add("reason", g_variant_new_string(reason))
        add("autostart", g_variant_new_boolean(autostart ? 1 : 0))
        let strings = g_variant_type_new("as")
        defer { g_variant_type_free(strings) }
        let command = g_variant_builder_new(strings)
        defer { g_variant_builder_unref(command) }
        for argument in commandline { g_variant_builder_add_value(command, g_variant_new_string(argument)) }
        add("commandline", g_variant_builder_end(command))
        add("dbus-activatable", g_variant_new_boolean(0))
        var children: [OpaquePointer?] = [g_variant_new_string(""), g_variant_builder_end(options)]
        return g_variant_new_tuple(&children, 2)
    }

    /// `(u response, a{sv} results)`: granted when the response is 0 (success) and, when autostart was asked, the
    /// results do not say `autostart: false` (the person allowed the background but not the start at login).
    nonisolated static func granted(_ parameters: OpaquePointer, autostart: Bool) -> Bool {
        guard g_variant_n_children(parameters) == 2, let code = g_variant_get_child_value(parameters, 0) else { return false }
        defer { g_variant_unref(code) }
        guard g_variant_is_of_type(code, type("u")) != 0, g_variant_get_uint32(code) == 0 else { return false }
        guard autostart else { return true }
        guard let results = g_variant_get_child_value(parameters, 1) else { return false }
        defer { g_variant_unref(results) }
        guard g_variant_is_of_type(results, type("a{sv}")) != 0,
              let allowed = g_variant_lookup_value(results, "autostart", type("b")) else { return true }
        defer { g_variant_unref(allowed) }
        return g_variant_get_boolean(allowed) != 0
    }

    /// A GVariantType from a type string literal (a GVariantType is its string).
    nonisolated private static func type(_ text: StaticString) -> OpaquePointer {
        unsafeBitCast(text.utf8Start, to: OpaquePointer.self)
    }

    /// One request: what was asked and who is told.
    private final class Request {
        let path: String
        let autostart: Bool
        let done: @MainActor (Bool) -> Void
        var subscription: guint = 0
        weak var owner: BackgroundPortal?

        init(path: String, autostart: Bool, done: @escaping @MainActor (Bool) -> Void) {
            self.path = path
            self.autostart = autostart
            self.done = done
        }
    }
}
