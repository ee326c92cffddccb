import Foundation

/// Turns an HTTP answer that is not a success into the `GiteeError` the UI explains. Decided on the status code and
/// headers, and on the two messages Gitee is known to use instead of a status of their own (its IntelliJ plugin
/// recognises the same ones, GITEE-API.md "OAuth and limits"): "API rate limit exceeded" in a 401/403 is a rate
/// limit, "Access token is expired" in a 401/403 is an expired login (`GiteeClient` refreshes on it). Call it as
/// `GiteeError.from(response:)` from outside GiteeKit.
enum HTTPErrorMapping {
    static func error(for response: HTTPResponse) -> GiteeError {
        let message = serverMessage(response)
        let html = looksLikeHTML(response)
        if response.status == 401 || response.status == 403, !html, let message {
            if saysRateLimited(message) { return .rateLimited(resetAt: resetDate(response)) }
            if saysTokenExpired(message) { return .unauthorized(message) }
        }
        switch response.status {
        case 401: return .unauthorized(message)
        case 403:
            // A web firewall answers 403 with a page; a real "no permission" comes as JSON.
            if html { return .badResponse(.htmlPage) }
            if response.header("x-ratelimit-remaining") == "0" { return .rateLimited(resetAt: resetDate(response)) }
            return .forbidden(message)
        case 404, 410: return .notFound(message)
        // 409: a write on a stale version (a file changed since it was read); its message says what.
        case 400, 409, 422: return html ? .badResponse(.htmlPage) : .validation(message ?? "The server refused the request.")
        case 429: return .rateLimited(resetAt: resetDate(response))
        case 500...599: return .server(status: response.status, message: message)
        // Any other refusal that says why (405 is how GitHub answers a merge its rules forbid; Gitee's status for
        // one is not recorded) is the site's words (issue 39). Without a message it stays an unexpected status, which
        // `APIAvailability` counts as evidence of an API gone, and `explanation` still puts in words.
        case 400...499 where !html && message != nil:
            return .validation(message ?? "")
        default:
            if html { return .badResponse(.htmlPage) }
            return .badResponse(.unexpectedStatus(response.status))
        }
    }

    /// Gitee's words for a rate limit ("403 Forbidden: API rate limit exceeded for ..."), in any case.
    static func saysRateLimited(_ message: String) -> Bool {
        message.range(of: "rate limit exceeded", options: .caseInsensitive) != nil
    }

    /// Gitee's words for a token that needs refreshing: "Access token is expired" (and "... is required", which its
    /// IntelliJ plugin treats the same way).
    static func saysTokenExpired(_ message: String) -> Bool {
        message.range(of: "access token is expired", options: .caseInsensitive) != nil
            || message.range(of: "access token is required", options: .caseInsensitive) != nil
    }

    /// Whether this answer asks for a token refresh: any 401, or a 403 whose message says the token expired.
    static func asksForRefresh(_ response: HTTPResponse) -> Bool {
        if response.status == 401 { return !(serverMessage(response).map(saysRateLimited) ?? false) }
        guard response.status == 403, let message = serverMessage(response) else { return false }
        return saysTokenExpired(message)
    }

    /// A refusal from the OAuth server, when the body names one (`{"error": "invalid_scope", ...}`).
    static func oauthFailure(_ response: HTTPResponse) -> OAuthFailure? {
        guard !response.body.isEmpty, !looksLikeHTML(response),
              let body = try? JSONNodeDecoding.decode(ErrorBody.self, from: response.body), let code = body.oauthError
        else { return nil }
        return OAuthFailure(code: code, description: body.oauthDescription)
    }

    static func serverMessage(_ response: HTTPResponse) -> String? {
        guard !response.body.isEmpty, !looksLikeHTML(response) else { return nil }
        return (try? JSONNodeDecoding.decode(ErrorBody.self, from: response.body))?.message
    }

    static func looksLikeHTML(_ response: HTTPResponse) -> Bool {
        if let type = response.header("content-type")?.lowercased(), type.contains("text/html") { return true }
        for byte in response.body.prefix(64) {
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF { continue }
            return byte == UInt8(ascii: "<")
        }
        return false
    }

    /// The longest wait a server can announce, in seconds. A day covers real rate-limit windows (hourly and daily
    /// quotas); `inf`, `1e300` or a negative value from a broken or hostile server becomes a number every later
    /// `Int(...)` or date sum can take.
    static let longestAnnouncedWait: TimeInterval = 86_400

    static func clampedWait(_ seconds: TimeInterval) -> TimeInterval? {
        guard !seconds.isNaN else { return nil }
        return min(max(seconds, 0), longestAnnouncedWait)
    }

    /// `Retry-After` as seconds (the delta form; the date form is read too), clamped to 0...`longestAnnouncedWait`.
    static func retryAfterSeconds(_ response: HTTPResponse) -> TimeInterval? {
        guard let value = response.header("retry-after")?.trimmingWhitespace, !value.isEmpty else { return nil }
        if let seconds = Double(value) { return clampedWait(seconds) }
        return HTTPDate.parse(value).flatMap { clampedWait($0.timeIntervalSinceNow) }
    }

    /// When a rate limit lifts: Retry-After, else `X-RateLimit-Reset` (epoch seconds, or seconds from now if small);
    /// never more than `longestAnnouncedWait` away.
    static func resetDate(_ response: HTTPResponse, now: Date = Date()) -> Date? {
        if let seconds = retryAfterSeconds(response) { return now.addingTimeInterval(seconds) }
        guard let reset = response.header("x-ratelimit-reset").flatMap({ Double($0.trimmingWhitespace) }),
              let wait = clampedWait(reset > 1_000_000_000 ? reset - now.timeIntervalSince1970 : reset)
        else { return nil }
        return now.addingTimeInterval(wait)
    }
}

/// `application/x-www-form-urlencoded` (also used for query strings).
public enum FormEncoding {
    private static let allowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        set.insert(charactersIn: "-._~")
        return set
    }()

    public static func encode(_ items: [QueryItem]) -> String {
        items.map { escape($0.name) + "=" + escape($0.value) }.joined(separator: "&")
    }

    public static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Parses `a=1&b=x%20y` (and `+` as space), keeping order.
    public static func decode(_ text: String) -> [QueryItem] {
        text.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let rawName = parts.first else { return nil }
            let unescape = { (part: Substring) in String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part) }
            return QueryItem(unescape(rawName), parts.count > 1 ? unescape(parts[1]) : "")
        }
    }
}
