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

    public init(server: URL, configDirectory: URL, cacheDirectory: URL, dataDirectory: URL, token: String? = nil) {
        self.server = server
        self.token = token
        self.configDirectory = configDirectory
        self.cacheDirectory = cacheDirectory
        self.dataDirectory = dataDirectory
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
        return AppEnvironment(
            server: server,
            configDirectory: base("XDG_CONFIG_HOME", ".config").appendingPathComponent("mayun"),
            cacheDirectory: base("XDG_CACHE_HOME", ".cache").appendingPathComponent("mayun"),
            dataDirectory: base("XDG_DATA_HOME", ".local/share").appendingPathComponent("mayun"))
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
