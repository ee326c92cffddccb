import CSoup
import Foundation

/// Everything about where and how GiteeKit talks to the server. The app builds one from its settings and `--server`.
public struct GiteeConfiguration: Sendable {
    /// The site root, without `/api/v5` (`https://gitee.com`, or FakeGitee's `http://127.0.0.1:PORT`).
    public var server: String
    /// Sent as `User-Agent: Mayun/<appVersion>` (Gitee has answered 403 to requests without one).
    public var appVersion: String
    /// Folder for the bounded HTTP disk cache (the app passes `$XDG_CACHE_HOME/mayun/http`); `nil` disables it.
    public var cacheDirectory: String?
    public var cacheSizeLimit: Int
    /// Seconds of socket silence (connect or read) before a request fails with `.timeout`.
    public var timeout: TimeInterval
    public var retry: RetryPolicy
    /// The OAuth application used for password login and refresh; `nil` until configured in Settings.
    public var oauthClient: OAuthClient?

    public init(server: String = "https://gitee.com", appVersion: String = "0.1", cacheDirectory: String? = nil,
                cacheSizeLimit: Int = 64 * 1024 * 1024, timeout: TimeInterval = 30, retry: RetryPolicy = RetryPolicy(),
                oauthClient: OAuthClient? = nil) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.appVersion = appVersion
        self.cacheDirectory = cacheDirectory
        self.cacheSizeLimit = cacheSizeLimit
        self.timeout = timeout
        self.retry = retry
        self.oauthClient = oauthClient
    }

    public var userAgent: String { "Mayun/\(appVersion)" }

    /// `$XDG_CACHE_HOME/mayun/http` (usually `~/.cache/mayun/http`): where the app should keep the HTTP cache.
    public static var defaultCacheDirectory: String {
        let base = g_get_user_cache_dir().map { String(cString: $0) } ?? NSTemporaryDirectory()
        return base + "/mayun/http"
    }
}

/// An OAuth application registered on Gitee (Settings -> Third-party applications).
public struct OAuthClient: Sendable, Hashable, Codable {
    public var id: String
    public var secret: String
    public var scope: String

    public init(id: String, secret: String, scope: String = OAuthScopes.requestValue) {
        self.id = id
        self.secret = secret
        self.scope = scope
    }
}

/// Retries for 429 and 5xx on idempotent requests (never POST: a create must not happen twice).
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt.
    public var maxRetries: Int
    /// First backoff delay in seconds, doubled each retry (with up to 25 % jitter), when no Retry-After came.
    public var baseDelay: TimeInterval
    public var maxDelay: TimeInterval
    /// A Retry-After longer than this is not waited for: the error goes to the UI with its reset time instead.
    public var maxRetryAfter: TimeInterval

    public init(maxRetries: Int = 2, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 8, maxRetryAfter: TimeInterval = 10) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    public static let none = RetryPolicy(maxRetries: 0)

    func backoff(forRetry retry: Int) -> TimeInterval {
        let delay = min(maxDelay, baseDelay * pow(2, Double(retry)))
        return delay * Double.random(in: 1.0...1.25)
    }
}
