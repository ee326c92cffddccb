import Foundation

/// One API call described as a value (the seeds' `TargetType`): where it goes, what it sends, how its answer is read,
/// and, for lists, the screen's title and empty-state text, so a list screen can be generic over its endpoint.
public struct Endpoint<Response: Sendable>: Sendable {
    public enum Method: String, Sendable { case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE" }

    /// Which part of the site the path is under.
    public enum API: String, Sendable {
        case v5 = "/api/v5"
        case v3 = "/api/v3"
        /// The site root (`/oauth/token`).
        case root = ""
    }

    public var method: Method
    public var api: API
    /// Already percent-encoded path below `api` (build it with `Endpoints.path(...)`).
    public var path: String
    public var query: [QueryItem]
    /// Form fields sent as `application/x-www-form-urlencoded` (POST/PUT).
    public var form: [QueryItem]?
    /// Fails fast with `.unauthorized` when nobody is logged in, without calling the server.
    public var requiresAuth: Bool
    /// A public call: it never carries the token (whoever is logged in), and a 401 from it is only this call's error:
    /// it never spends the single-use refresh token and never logs anyone out. Declared per endpoint in `Endpoints`.
    public var isPublic: Bool
    /// How the list pages (`.none` for single objects).
    public var paging: PagingStyle
    /// The answer does not depend on who asks, so the HTTP disk cache may keep it.
    public var isShareable: Bool
    /// Tried in order when this endpoint fails in any way other than a dead network or a cancellation (v3 explore
    /// lists fall back to v5 search) on a first page. Its API root is skipped once it counts as gone (repeated
    /// evidence, `APIAvailability`), and asked again after a while.
    public var fallbacks: [Endpoint<Response>]
    /// The answer when this endpoint and every fallback are unavailable (v3 languages: v5 search's language enum).
    public var valueWhenUnavailable: Response?
    /// What a 404 means for this call when it is an answer, not an error ("not starred", "no README").
    public var valueWhenNotFound: Response?
    /// Reading the body stops here (`.badResponse(.tooLarge)`): for raw files whose size is not known beforehand.
    public var maxBodyBytes: Int64?
    /// A download that must be the file, not a web page (`HTTPRequest.refusesWebPage`).
    public var refusesWebPage = false
    let decode: @Sendable (HTTPResponse) throws -> Response

    public init(_ method: Method = .get, _ api: API = .v5, path: String, query: [QueryItem] = [], form: [QueryItem]? = nil,
                requiresAuth: Bool = false, isPublic: Bool = false, paging: PagingStyle = .none,
                isShareable: Bool = false, valueWhenNotFound: Response? = nil,
                decode: @escaping @Sendable (HTTPResponse) throws -> Response) {
        self.method = method
        self.api = api
        self.path = path
        self.query = query
        self.form = form
        self.requiresAuth = requiresAuth
        self.isPublic = isPublic && !requiresAuth
        self.paging = paging
        self.isShareable = isShareable
        self.fallbacks = []
        self.valueWhenUnavailable = nil
        self.valueWhenNotFound = valueWhenNotFound
        self.decode = decode
    }

    /// A stable description for logs and cache keys. Never contains a secret: tokens travel in headers, and the one
    /// call with a secret in its query (the documented refresh grant) has it masked here.
    public var summary: String {
        let secretNames: Set<String> = ["access_token", "refresh_token", "password", "client_secret"]
        let queryText = query.isEmpty ? "" : "?" + query.map { "\($0.name)=\(secretNames.contains($0.name) ? "***" : $0.value)" }
            .joined(separator: "&")
        return "\(method.rawValue) \(api.rawValue)\(path)\(queryText)"
    }
}

extension Endpoint where Response: Decodable {
    public init(_ method: Method = .get, _ api: API = .v5, path: String, query: [QueryItem] = [], form: [QueryItem]? = nil,
                requiresAuth: Bool = false, isPublic: Bool = false, paging: PagingStyle = .none,
                isShareable: Bool = false, valueWhenNotFound: Response? = nil) {
        self.init(method, api, path: path, query: query, form: form, requiresAuth: requiresAuth, isPublic: isPublic, paging: paging,
                  isShareable: isShareable, valueWhenNotFound: valueWhenNotFound) { response in
            // Actions answer `204 No Content`: there is nothing to parse.
            if response.body.isEmpty || response.status == 204, let nothing = NoContent() as? Response { return nothing }
            return try JSONNodeDecoding.decode(Response.self, from: response.body)
        }
    }
}

public struct QueryItem: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) { self.name = name; self.value = value }
}

/// How a list pages.
public enum PagingStyle: Sendable, Hashable {
    case none
    /// `page` (from 1) and `per_page` (at most 100).
    case numbered(perPage: Int)
    /// `prev_id` (the last id seen) and `limit`, for newer Gitee lists (starred, watched, events).
    case afterID(limit: Int)
}

/// Where the next page starts. Made by `Pagination.first(for:)`, then taken from `Page.next`.
public struct Pagination: Sendable, Hashable {
    public var style: PagingStyle
    /// 1-based page number (numbered style).
    public var page: Int
    /// The id of the last item already shown (after-id style); `nil` for the first page.
    public var afterID: Int?
    /// Which endpoint of the fallback chain served the list (0 = the primary), so later pages ask the same one.
    var source: Int = 0
    /// What the previous page began with: a page that begins the same way is the server ignoring `page`/`prev_id`,
    /// and it ends the list (no server can make a list endless).
    var previousFirstItem: String?

    public static func first(for style: PagingStyle) -> Pagination { Pagination(style: style, page: 1, afterID: nil) }

    /// The first page of a list (what a substitute may answer in place of its primary).
    var isFirstPage: Bool { page <= 1 && afterID == nil }

    var queryItems: [QueryItem] {
        switch style {
        case .none: return []
        case .numbered(let perPage): return [QueryItem("page", "\(page)"), QueryItem("per_page", "\(perPage)")]
        case .afterID(let limit):
            return (afterID.map { [QueryItem("prev_id", "\($0)")] } ?? []) + [QueryItem("limit", "\(limit)")]
        }
    }

    /// The page after one that held `count` items (the last of which has `lastID`), or `nil` when the list ended:
    /// a short page ends it, and so does reaching `totalPages` when the server said how many there are.
    func next(afterReceiving count: Int, lastID: Int?, totalPages: Int?) -> Pagination? {
        if case .afterID = style, let afterID, afterID == lastID { return nil }  // `prev_id` ignored: no progress
        switch style {
        case .none: return nil
        case .numbered(let perPage):
            if count < perPage || count == 0 { return nil }
            if let totalPages, page >= totalPages { return nil }
            return Pagination(style: style, page: page + 1, afterID: nil)
        case .afterID(let limit):
            guard count >= limit, count > 0, let lastID else { return nil }
            return Pagination(style: style, page: page + 1, afterID: lastID)
        }
    }
}

/// One page of a list.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// `nil` when this was the last page.
    public var next: Pagination?
    /// From the `total_count` header, when sent.
    public var totalCount: Int?
    /// From the `total_page` header, when sent.
    public var totalPages: Int?
    /// The primary endpoint failed (now or earlier this session) and a fallback answered. For logs and tests: the UI
    /// shows the projects without comment.
    public var servedByFallback: Bool
    /// The list's source went away before this page (v3 explore taken as gone): these items are page 1 of its
    /// substitute and replace every row shown so far, so one list never mixes two sources.
    public var restartsList = false

    public var isLast: Bool { next == nil }
}
