import Foundation

/// Where Mayun talks to and keeps its files. Built once by the executable from the command line and environment.
public struct AppEnvironment: Sendable {
    public static let defaultServer = URL(string: "https://gitee.com")!
    public static let applicationID = "io.gitee.Mayun"

    public var server: URL
    public var configDirectory: URL
    public var cacheDirectory: URL
    public var dataDirectory: URL
    /// `MAYUN_TOKEN` as it was at start (`EnvironmentToken.take()` removed it from the process environment).
    public var token: String?
    /// Started with `--background` (by the session's autostart): no window until the app is activated again.
    public var startsInBackground = false
    /// What the desktop session says that Mayun passes on, read here with the rest of the environment.
    public var desktop = Desktop()

    public struct Desktop: Sendable {
        /// The home folder: the downloads folder's fallback.
        public var home = NSTemporaryDirectory()
        /// `XDG_CURRENT_DESKTOP`: which terminal is the desktop's own.
        public var currentDesktop: String?
        /// The person's `GIT_SSH_COMMAND`: a clone keeps it, made non-interactive.
        public var gitSSHCommand: String?

        public init(home: String = NSTemporaryDirectory(), currentDesktop: String? = nil, gitSSHCommand: String? = nil) {
            self.home = home
            self.currentDesktop = currentDesktop
            self.gitSSHCommand = gitSSHCommand
        }
    }

    /// Resolves the XDG base directories (`XDG_CONFIG_HOME`, `XDG_CACHE_HOME`, `XDG_DATA_HOME`) with their defaults,
    /// each with a `mayun` folder, so tests can isolate all state with three variables.
    public static func fromXDG(server: URL, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> AppEnvironment
    {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return home.appendingPathComponent(fallback)
        }
        var result = AppEnvironment(
            server: server,
            configDirectory: base("XDG_CONFIG_HOME", ".config").appendingPathComponent("mayun"),
            cacheDirectory: base("XDG_CACHE_HOME", ".cache").appendingPathComponent("mayun"),
            dataDirectory: base("XDG_DATA_HOME", ".local/share").appendingPathComponent("mayun"))
        result.desktop = Desktop(home: home.path, currentDesktop: environment["XDG_CURRENT_DESKTOP"],
                                 gitSSHCommand: environment["GIT_SSH_COMMAND"])
        return result
    }

    /// Accepts `gitee.com`, `http://127.0.0.1:8080` or `https://example.org/`; nil when it is not an http(s) URL.
    public static func parseServer(_ text: String) -> URL? {
        var text = text.trimmingCharacters(in: .whitespaces)
        if !text.contains("://") { text = "https://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
