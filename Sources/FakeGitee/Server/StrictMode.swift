import Foundation

/// How FakeGitee's undocumented v3 API behaves: the states the real site's v3 has been seen in, or may be tomorrow.
public enum V3Behaviour: String, Sendable, CaseIterable {
    /// Served, with or without a token (other clients send theirs to v3 and the site answers them).
    case ok
    /// Retired: `410 Gone` with Gitee's JSON error shape.
    case gone
    /// A web firewall's "security check" page: `403 text/html`.
    case html
    /// Sent to the website's login page (`302` to `/login`, which answers `200 text/html`).
    case redirect
    /// `401` for everyone, with or without a token.
    case unauthorized = "401"
}

/// Strict mode: FakeGitee behaves like the real site where the real site is less kind than a made-to-measure fake
/// (docs/FAKE-GITEE.md, "Strict mode"). Lenient mode keeps the old forgiving behaviour for the fault tests.
extension FakeGiteeServer {
    /// The answer a v3 request gets before any route runs, or `nil` to serve it.
    func v3Answer(for request: FakeRequest) -> FakeResponse? {
        guard request.segments.starts(with: ["api", "v3"]) else { return nil }
        switch v3Behaviour {
        case .ok:
            // The site answers v3 with or without a token (Gitee's IntelliJ plugin and git-touch send theirs): refusing
            // one here would be stricter than gitee.com. Mayun still sends none (tests check the log).
            return nil
        case .gone:
            return .error(410, "410 Gone: API v3 is no longer available")
        case .html:
            return Self.firewallPage(status: 403)
        case .redirect:
            return loginRedirect(request)
        case .unauthorized:
            return .error(401, "401 Unauthorized")
        }
    }

    /// Strict mode refuses API calls without a User-Agent the way gitee.com's firewall has (403, an HTML page).
    func userAgentAnswer(for request: FakeRequest) -> FakeResponse? {
        guard strict, request.segments.first == "api" || request.segments.first == "oauth" else { return nil }
        let agent = request.headers["user-agent"]?.trimmingCharacters(in: .whitespaces) ?? ""
        return agent.isEmpty ? Self.firewallPage(status: 403) : nil
    }

    /// The website's login page, where a redirected v3 call lands.
    static let loginPage = FakeResponse(status: 200, contentType: "text/html; charset=utf-8", headers: [],
                                        body: Data("<!DOCTYPE html><html><head><title>登录 - Gitee.com</title></head><body><form action=\"/login\" method=\"post\"></form></body></html>".utf8))

    /// Gitee's rate limit: a 403 (or 401) with its message, which its IntelliJ plugin recognises; no `X-RateLimit-*`
    /// headers and no 429 (GITEE-API.md, "OAuth and limits").
    static func rateLimitAnswer(status: Int, retryAfter: Int?) -> FakeResponse {
        let headers = retryAfter.map { [("Retry-After", "\($0)")] } ?? []
        let text = status == 401 ? "401 Unauthorized: API rate limit exceeded" : "403 Forbidden: API rate limit exceeded"
        return .json(.object([("message", .string(text))]), status: status, headers: headers)
    }

    static func firewallPage(status: Int) -> FakeResponse {
        let page = "<!DOCTYPE html><html><head><title>安全验证</title></head><body><h1>访问频率过高</h1><p>Please complete the security check.</p></body></html>"
        return FakeResponse(status: status, contentType: "text/html; charset=utf-8", headers: [], body: Data(page.utf8))
    }
}
