import Foundation

/// Everything a run is told from outside, read in one place by the executable (the composition root): the command
/// line's server, and the `MAYUN_*` variables the app itself (not the benchmark probes) acts on. Nothing below the
/// composition root reads the process environment for these.
public struct LaunchOptions: Sendable {
    /// Where Mayun talks to by default and keeps its files (`--server` / `MAYUN_SERVER`, XDG folders).
    public var environment: AppEnvironment
    /// `MAYUN_TOKEN`, taken out of the process environment at start (`EnvironmentToken.take`): an account for this
    /// run only, never stored.
    public var token: String? { environment.token }
    /// `MAYUN_NOTIFICATION_INTERVAL` (seconds): a shorter notification poll for tests; nil for the normal one.
    public var notificationInterval: Double?
    /// `MAYUN_LOG_NOTIFICATIONS=1`: each desktop notification is also written to stderr (end-to-end tests).
    public var logsNotifications: Bool
    /// What sessions read their OAuth application from (`MAYUN_OAUTH_CLIENT_ID`, `MAYUN_OAUTH_CLIENT_SECRET`).
    public var sessionEnvironment: [String: String]
    /// Any `MAYUN_BENCH_` variable: `make bench` runs this process, so the executable installs the benchmark probes
    /// (each reads its own variable).
    public var runsBenchmarkProbes: Bool
    /// `MAYUN_DATA_DIR`: the themes, catalogs and schema from this folder instead of the installed or built ones.
    public var dataDirectory: String?
    /// `MAYUN_ROW_STATS=1`: the list views count their row widgets and time each bind (issue 14's measurements).
    public var countsRows = false
    /// `MAYUN_ROWS_WIDGET=list`: project lists as a GtkListView instead of the one-column GtkGridView, to compare.
    public var rowsAsListView = false

    public init(environment: AppEnvironment, notificationInterval: Double? = nil, logsNotifications: Bool = false,
                sessionEnvironment: [String: String] = [:], runsBenchmarkProbes: Bool = false) {
        self.environment = environment
        self.runsBenchmarkProbes = runsBenchmarkProbes
        self.notificationInterval = notificationInterval
        self.logsNotifications = logsNotifications
        self.sessionEnvironment = sessionEnvironment
    }

    /// Reads the options. `server` is `--server` (it wins over `MAYUN_SERVER`); `token` is what
    /// `EnvironmentToken.take()` took.
    public static func read(server: String?, token: String?,
                            process: [String: String] = ProcessInfo.processInfo.environment) -> LaunchOptions {
        let serverText = server ?? process["MAYUN_SERVER"]
        let serverURL = serverText.flatMap(AppEnvironment.parseServer) ?? AppEnvironment.defaultServer
        var environment = AppEnvironment.fromXDG(server: serverURL, environment: process)
        environment.token = token
        let interval = process["MAYUN_NOTIFICATION_INTERVAL"].flatMap(Double.init).map { max(1, $0) }
        let oauth = process.filter { $0.key.hasPrefix("MAYUN_OAUTH_CLIENT_") }
        var options = LaunchOptions(environment: environment, notificationInterval: interval,
                                    logsNotifications: process["MAYUN_LOG_NOTIFICATIONS"] == "1",
                                    sessionEnvironment: oauth,
                                    runsBenchmarkProbes: process.keys.contains { $0.hasPrefix("MAYUN_BENCH_") })
        options.dataDirectory = process["MAYUN_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        options.countsRows = process["MAYUN_ROW_STATS"] == "1"
        options.rowsAsListView = process["MAYUN_ROWS_WIDGET"] == "list"
        return options
    }
}
