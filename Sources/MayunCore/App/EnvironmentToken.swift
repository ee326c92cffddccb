import Foundation

/// `MAYUN_TOKEN`, read once at start and taken out of the process environment: every program Mayun starts (the
/// browser for "Open in Browser", a link's handler through the desktop's launcher) inherits the environment, and
/// a token in it would reach all of them and whatever they start in turn.
public enum EnvironmentToken {
    public static let variable = "MAYUN_TOKEN"

    /// The token (trimmed; nil when unset or blank), after which the variable is gone from the environment.
    /// Call it first thing in `main`, before any thread could read the environment.
    public static func take() -> String? {
        let value = getenv(variable).map { String(cString: $0) }
        unsetenv(variable)
        let token = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return token.isEmpty ? nil : token
    }

    /// The environment `Session` reads its login settings from: the process's own (without the token, which is
    /// gone from it) plus the token taken at start.
    public static func sessionEnvironment(token: String?,
                                          process: [String: String] = ProcessInfo.processInfo.environment)
        -> [String: String]
    {
        var environment = process
        environment[variable] = token
        return environment
    }
}
