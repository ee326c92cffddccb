import Foundation

/// A way to misbehave, for a route pattern (or everything) and a number of times (or forever).
public struct Fault: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Answer with `status` (401, 403, 404, 422, 429 with Retry-After, 500, 502, 503...) and a Gitee error body.
        case status
        /// An HTML page (a web firewall) with `status` (default 200) where JSON belongs.
        case html
        /// The same page labelled `Content-Type: application/octet-stream` (a proxy or portal that calls everything
        /// bytes): only a client that looks at the first bytes can tell a download got a page.
        case untypedHTML = "untyped-html"
        /// Gitee's rate limit: `status` (default 403) with `{"message": "403 Forbidden: API rate limit exceeded..."}`
        /// and `Retry-After` only when `retry-after` is given (Gitee is not known to send it).
        case rateLimit = "rate-limit"
        /// JSON that does not parse.
        case malformedJSON = "malformed-json"
        /// Headers announce the full length, half the body arrives, then the connection closes.
        case truncated
        /// The body trickles out in small chunks, `delayMs` apart.
        case slow
        /// The connection is reset (TCP RST) without any answer.
        case reset
        /// The connection stays open and nothing is ever sent.
        case noAnswer = "no-answer"
        /// The normal answer, `delayMs` later.
        case latency
        /// The handler runs (a write is done), then the answer is lost: a gateway's `status` (default 502) comes
        /// instead, as when the site's proxy gives up on a slow backend that finishes anyway.
        case lostAnswer = "lost-answer"
        /// The handler runs (a write is done), then the connection is reset without an answer.
        case lostConnection = "lost-connection"

        /// Delays or damages the real answer (so the handler still runs), rather than replacing it.
        var wrapsRealAnswer: Bool {
            self == .latency || self == .slow || self == .truncated || self == .lostAnswer || self == .lostConnection
        }
    }

    public var id: Int = 0
    public var kind: Kind
    /// Glob over the request path (`*` within a segment, `**` across): `/api/v5/repos/*/issues`, `**`.
    public var path: String
    /// Only this method (`POST`), or any.
    public var method: String?
    public var status: Int
    /// Seconds for `Retry-After` (429/503).
    public var retryAfter: Int?
    public var delayMs: Int
    /// How many more requests this applies to; `nil` means forever.
    public var remaining: Int?
    /// Applies to one matching request in `every` (the 2nd, 4th... for 2): a server where every other answer is a
    /// fault. 1 (the default) is every matching request.
    public var every: Int = 1
    /// Matching requests seen so far (for `every`).
    var seen = 0

    public init(kind: Kind, path: String = "**", method: String? = nil, status: Int? = nil, retryAfter: Int? = nil,
                delayMs: Int? = nil, count: Int? = nil, every: Int = 1) {
        self.kind = kind
        self.path = path
        self.method = method?.uppercased()
        self.status = status ?? (kind == .html || kind == .untypedHTML ? 200 : kind == .rateLimit ? 403 : kind == .lostAnswer ? 502 : 500)
        self.retryAfter = retryAfter ?? (self.status == 429 ? 1 : nil)
        self.delayMs = delayMs ?? (kind == .slow ? 200 : kind == .latency ? 500 : 0)
        remaining = count
        self.every = max(1, every)
    }

    public func applies(to method: String, path requestPath: String) -> Bool {
        (remaining ?? 1) > 0 && (self.method == nil || self.method == method) && Glob.matches(path, requestPath)
    }

    /// From the command line: `kind=status,status=500,path=/api/v5/**,method=POST,count=1,retry-after=2,delay=300`.
    /// A bare number (`500`) means `kind=status,status=500`; a bare kind (`html`) works too.
    public static func parse(_ text: String) -> Fault? {
        var fields: [String: String] = [:]
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { fields[pair[0].lowercased()] = pair[1] }
            else if let code = Int(pair[0]) { fields["kind"] = "status"; fields["status"] = "\(code)" }
            else { fields["kind"] = pair[0] }
        }
        return from(fields)
    }

    /// From the control API's JSON body (same names as the command line).
    static func from(_ fields: [String: String]) -> Fault? {
        guard let kind = Kind(rawValue: fields["kind"] ?? "status") else { return nil }
        return Fault(kind: kind, path: fields["path"] ?? "**", method: fields["method"], status: fields["status"].flatMap(Int.init),
                     retryAfter: (fields["retry-after"] ?? fields["retry_after"]).flatMap(Int.init),
                     delayMs: (fields["delay"] ?? fields["delay_ms"]).flatMap(Int.init), count: fields["count"].flatMap(Int.init),
                     every: fields["every"].flatMap(Int.init) ?? 1)
    }

    var json: JSON {
        .object([("id", .int(id)), ("kind", .string(kind.rawValue)), ("path", .string(path)), ("method", .text(method)),
                 ("status", .int(status)), ("retry_after", .number(retryAfter)), ("delay_ms", .int(delayMs)),
                 ("remaining", .number(remaining)), ("every", .int(every))])
    }
}

/// One line of the request log: enough for a test to prove that a click reached the server, and as whom.
public struct LoggedRequest: Sendable, Hashable {
    public let sequence: Int
    public let method: String
    public let path: String
    /// Query and body fields, with secrets (password, tokens, client secret) replaced by "***".
    public let fields: [String: String]
    /// The account the token belongs to, if any.
    public let login: String?
    /// "bearer", "query" or nil: how the token came.
    public let tokenSource: String?
    public let status: Int
    public let fault: String?
    /// The `User-Agent` header (GiteeKit sends `Mayun/<version>`).
    public let userAgent: String?
    /// The client hung up while the answer was held back (`latency`): it cancelled the request.
    public internal(set) var aborted = false
    /// When the request came and when its answer went out (nil: not yet, or never), in microseconds of the
    /// monotonic clock `g_get_monotonic_time` reads (CLOCK_MONOTONIC, the same in every process of the machine): the
    /// page benchmark (bench/pages.py) puts them beside the app's own click time to count requests in flight.
    public internal(set) var receivedAt = 0
    public internal(set) var answeredAt: Int?

    var json: JSON {
        .object([("seq", .int(sequence)), ("method", .string(method)), ("path", .string(path)),
                 ("fields", .object(fields.keys.sorted().map { ($0, .string(fields[$0] ?? "")) })),
                 ("login", .text(login)), ("token", .text(tokenSource)), ("status", .int(status)), ("fault", .text(fault)),
                 ("user_agent", .text(userAgent)), ("aborted", .bool(aborted)), ("received_us", .int(receivedAt)),
                 ("answered_us", answeredAt.map { .int($0) } ?? .null)])
    }

    static let secretFields: Set<String> = ["password", "client_secret", "refresh_token", "access_token"]
}
