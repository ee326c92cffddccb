import Foundation

/// Every way a Gitee call can fail, as the UI needs to explain it. `cancelled` is not a failure to show.
public enum GiteeError: Error, Sendable, Hashable {
    /// No network at all (the machine is offline).
    case offline
    /// The server could not be reached or dropped the connection (a reset, a TLS failure): the request may have
    /// reached it.
    case unreachable(String)
    /// No connection was ever made (refused, the name did not resolve, no route to the host): the request provably
    /// never reached the server, so a write was not done (MayunCore's outbox keeps it to send later).
    case notConnected(String)
    /// The server did not answer in time.
    case timeout
    /// Not logged in, or the login expired and could not be refreshed: "log in again".
    case unauthorized(String?)
    /// Logged in but not allowed, or throttled without a retry time.
    case forbidden(String?)
    /// Too many requests; `resetAt` is when trying again makes sense, if the server said.
    case rateLimited(resetAt: Date?)
    case notFound(String?)
    /// The server refused the input (422/400), with its message to show next to the field.
    case validation(String)
    /// 5xx after retries.
    case server(status: Int, message: String?)
    /// The reply is not what an API sends.
    case badResponse(BadResponse)
    /// The caller cancelled (a new search replaced the old one, a page closed). Never shown.
    case cancelled
    /// Refused before sending: a path part (from a link, a file name, an answer) is empty, `.` or `..`, or holds a
    /// `/`, a backslash or a control character, so the request could reach another project (`PathSafety`).
    case unsafePath(String)
    /// Gitee's OAuth server refused a password login, named by its `error` value (a wrong password is only one of
    /// the reasons: the application may lack a scope, or its id or secret may be wrong).
    case oauth(OAuthFailure)

    public enum BadResponse: Sendable, Hashable {
        /// An HTML page (a web firewall, a captive portal, a proxy error) where JSON was expected.
        case htmlPage
        /// A web page where a file was asked for (a download whose answer is the website's login page: see
        /// `WebPageCheck`). Nothing was saved.
        case webPage
        /// JSON that does not parse, or not the expected shape.
        case malformedJSON(String)
        /// The connection ended before the whole body arrived.
        case truncated
        /// The body was longer than the request's byte cap (`limit` bytes); reading stopped there.
        case tooLarge(limit: Int64)
        /// A status code the client does not know what to do with.
        case unexpectedStatus(Int)
    }

    /// One sentence for people, in plain words.
    public var explanation: String {
        switch self {
        case .offline: return "You are offline. Check your network connection."
        case .unreachable, .notConnected: return "Gitee could not be reached. Check your connection or try again later."
        case .timeout: return "Gitee took too long to answer. Try again."
        case .unauthorized: return "Please log in again: your login is missing or has expired."
        case .forbidden(let message): return "You are not allowed to do this." + Self.suffix(message)
        case .rateLimited(let resetAt):
            if let resetAt {
                // A `resetAt` made by HTTPErrorMapping is at most a day away; clamp anyway before `Int(...)`.
                let interval = resetAt.timeIntervalSinceNow.rounded(.up)
                let seconds = interval.isNaN ? 1 : Int(min(max(interval, 1), 86_400 * 366))
                return "Gitee is limiting requests and asks to wait \(seconds) s."
            }
            return "Gitee is limiting requests. Try again in a minute."
        case .notFound: return "This no longer exists, or you cannot see it."
        case .validation(let message): return message
        case .server: return "Gitee had a problem answering. Try again later."
        case .badResponse(.htmlPage): return "Gitee answered with a web page instead of data (perhaps a firewall check). Try again later or open it in the browser."
        case .badResponse(.webPage): return "This file needs signing in on the website: Gitee answered with a web page, so nothing was saved."
        case .badResponse(.truncated): return "The answer from Gitee was cut off. Try again."
        case .badResponse(.tooLarge): return "This is too large to download here."
        case .badResponse(.unexpectedStatus(let status)) where (400...499).contains(status):
            return "Gitee refused this without saying why (HTTP \(status))."
        case .badResponse: return "Gitee sent an answer Mayun does not understand."
        case .cancelled: return "Cancelled."
        case .unsafePath: return "Mayun did not open this: its address leaves the project it names."
        case .oauth(let failure): return failure.explanation
        }
    }

    /// Whether the UI should show this at all (cancellation is silent).
    public var isShown: Bool { self != .cancelled }

    /// Whether the person should be sent to the login page.
    public var needsLogin: Bool {
        if case .unauthorized = self { return true }
        return false
    }

    /// Whether a plain "Retry" might help.
    public var isTransient: Bool {
        switch self {
        case .offline, .unreachable, .notConnected, .timeout, .rateLimited, .server, .badResponse(.truncated), .badResponse(.htmlPage): return true
        default: return false
        }
    }

    /// The request may have reached the server and been done there (a gateway's 5xx, a timeout, a reset, a cut-off
    /// or HTML answer): for a write, its answer says nothing either way, and it must be settled by asking
    /// (MayunCore's `SettledWrite`), never sent again blindly.
    public var leavesOutcomeUnknown: Bool {
        switch self {
        case .server, .timeout, .unreachable, .badResponse(.truncated), .badResponse(.htmlPage): return true
        default: return false
        }
    }

    /// The request never reached the server (offline, refused, no such host): a write was not done, and sending it
    /// later cannot double it.
    public var neverReachedServer: Bool {
        switch self {
        case .offline, .notConnected: return true
        default: return false
        }
    }

    /// The server's own message, when it sent one.
    public var serverMessage: String? {
        switch self {
        case .unauthorized(let message), .forbidden(let message), .notFound(let message): return message
        case .validation(let message): return message
        case .server(_, let message): return message
        case .oauth(let failure): return failure.description
        default: return nil
        }
    }

    private static func suffix(_ message: String?) -> String {
        guard let message, !message.isEmpty else { return "" }
        return " (\(message))"
    }
}

extension GiteeError {
    /// The one way to turn anything a call threw into a `GiteeError` (GiteeKit throws nothing else; a stray error
    /// is treated as an answer Mayun does not understand, a Swift cancellation as `.cancelled`).
    public static func from(_ error: any Error) -> GiteeError {
        if let error = error as? GiteeError { return error }
        if error is CancellationError { return .cancelled }
        if let error = error as? JSONDecodingFailure {
            switch error {
            case .malformed(let text), .unexpectedShape(let text): return .badResponse(.malformedJSON(text))
            }
        }
        return .badResponse(.malformedJSON(String(describing: error)))
    }

    /// The error an HTTP answer that is not a success means (status, headers and Gitee's own message: see
    /// `HTTPErrorMapping`). For code that sends its own requests (a write path) and must explain failures the same way.
    public static func from(response: HTTPResponse) -> GiteeError {
        HTTPErrorMapping.error(for: response)
    }
}

/// A refusal from Gitee's OAuth server (`{"error": ..., "error_description": ...}`, Doorkeeper's shape).
public struct OAuthFailure: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// The application was not granted a scope Mayun asked for.
        case invalidScope
        /// The client id or secret is wrong (or the application was deleted).
        case invalidClient
        /// The email or password is wrong (or, for a refresh, the refresh token is spent).
        case invalidGrant
        /// Any other `error` value, kept as sent.
        case other(String)
    }

    public var reason: Reason
    /// The `error` value as sent.
    public var code: String
    public var description: String?

    public init(code: String, description: String?) {
        self.code = code
        self.description = description
        switch code {
        case "invalid_scope": reason = .invalidScope
        case "invalid_client", "unauthorized_client": reason = .invalidClient
        case "invalid_grant": reason = .invalidGrant
        default: reason = .other(code)
        }
    }

    /// The scopes of `OAuthScopes.required` that the server's description names (Doorkeeper's default text names
    /// none; then every scope Mayun asks for is listed as needed).
    public var namedScopes: [String] {
        guard let description = description?.lowercased() else { return [] }
        return OAuthScopes.required.filter { scope in
            description.components(separatedBy: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_")).inverted)
                .contains(scope)
        }
    }

    var explanation: String {
        switch reason {
        case .invalidScope:
            return "The OAuth application lacks scopes Mayun asks for (\(OAuthScopes.required.joined(separator: ", ")))."
        case .invalidClient: return "Gitee does not know this OAuth application: check its client ID and secret."
        case .invalidGrant: return "The email or password is wrong."
        case .other(let code): return "Gitee refused the login (\(code))."
        }
    }
}

/// The scopes Mayun's password login asks for: one list for the request, the login page, Preferences and
/// docs/LOGIN.md. `user_info` reads the profile, `projects` stars and watches and private projects, `pull_requests`
/// and `issues` read and write those, `notes` writes comments.
public enum OAuthScopes {
    public static let required = ["user_info", "projects", "pull_requests", "issues", "notes"]
    /// The form value (space-separated, as OAuth wants it).
    public static var requestValue: String { required.joined(separator: " ") }
    /// For instructions: "user_info, projects, pull_requests, issues and notes".
    public static func listed(and conjunction: String) -> String {
        guard let last = required.last else { return "" }
        return required.dropLast().joined(separator: ", ") + " " + conjunction + " " + last
    }
}

extension GiteeError: LocalizedError {
    public var errorDescription: String? { explanation }
}
