import CSoup
import Foundation
import GLibRuntime

/// The token goes to the configured server's origin (scheme, host, port) and nowhere else: not to an image host a
/// README names, and not to wherever a redirect points. libsoup follows redirects itself and copies the request's
/// headers to the next hop, so the check runs both before sending and at every restart of the message.
struct TokenOrigin: Sendable {
    private let origin: Origin?

    init(server: String) {
        origin = Origin(server)
    }

    /// Whether a request to `url` may carry the token.
    func allows(_ url: String) -> Bool {
        guard let origin, let target = Origin(url) else { return false }
        return origin == target
    }

    /// Removes `Authorization` from `message` now if its address is outside the origin, and again at every restart
    /// (libsoup 3.2 already drops it on a cross-origin redirect; this does not depend on that). Once removed it is
    /// not put back when a later hop returns to the server: a chain that passed through a stranger is not trusted
    /// with the token.
    @MainActor
    func guardRedirects(of message: OpaquePointer) {
        let rule = self
        rule.strip(message)
        connect(UnsafeMutableRawPointer(message), "restarted") { arguments in
            guard let instance = arguments.instance else { return nil }
            rule.strip(OpaquePointer(instance))
            return nil
        }
    }

    private func strip(_ message: OpaquePointer) {
        guard let uri = soup_message_get_uri(message), let text = g_uri_to_string(uri) else { return }
        defer { g_free(text) }
        if !allows(String(cString: text)) {
            soup_message_headers_remove(soup_message_get_request_headers(message), "Authorization")
        }
    }

    /// Scheme, host and port (the default port filled in), compared case-insensitively where URLs are.
    struct Origin: Equatable, Sendable {
        let scheme: String
        let host: String
        let port: Int

        init?(_ text: String) {
            guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
                  let host = components.host?.lowercased(), !host.isEmpty else { return nil }
            let defaultPort: Int
            switch scheme {
            case "https": defaultPort = 443
            case "http": defaultPort = 80
            default: return nil
            }
            self.scheme = scheme
            self.host = host
            port = components.port ?? defaultPort
        }
    }
}
